import { declaredInputsJsonSchema } from '@ponte/shared/flow/declared-inputs';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import type { AgentToolbox, AgentToolNode } from '../../kit/agent-tools';
import type { Message } from '../../kit/message';
import type { EnginePorts, ExecutionScope } from '../../ports';
import type { ToolSpec } from './llm-providers';

const m = messages.agent;

/** Characters of a tool's output told to the model; the transcript keeps the whole output. */
export const maxToolText = 20_000;

/** One tool as the agent offers it and runs it. */
export interface AgentTool {
  spec: ToolSpec;
  kind: 'node' | 'flow' | 'mcp';
  nodeUid?: string;
  /** The name a person reads (the node's name on the canvas, the MCP tool's name). */
  label: string;
  /** 'Requer aprovação' (docs/adr/0100). */
  approval?: boolean;
  /** Runs it with the model's arguments (unmasked): what it gave back. */
  run(args: Record<string, unknown>): Promise<unknown>;
}

/** What a tool outside the flow (an MCP server's) gives the agent. */
export interface ExternalTool {
  spec: ToolSpec;
  call(args: Record<string, unknown>): Promise<unknown>;
}

const words = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** A name every provider accepts (`^[a-zA-Z0-9_-]{1,64}$`), unique among `taken`. */
export function toolName(label: string, taken: Set<string>): string {
  const base = (words(label) || 'ferramenta').slice(0, 56);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

/** A param as a property of the tool's arguments (JSON Schema). */
function paramSchema(spec: ParamSpec): Record<string, unknown> {
  const description = [spec.label, spec.description].filter(Boolean).join(': ');
  switch (spec.type) {
    case 'number':
      return {
        type: 'number',
        description,
        ...(spec.min !== undefined ? { minimum: spec.min } : {}),
        ...(spec.max !== undefined ? { maximum: spec.max } : {}),
      };
    case 'boolean':
      return { type: 'boolean', description };
    case 'select':
      return { type: 'string', enum: spec.options.map((option) => option.value), description };
    case 'table-params':
      return {
        type: 'array',
        description,
        items: {
          type: 'object',
          properties: Object.fromEntries(
            spec.columns.map((column) => [
              column.key,
              { type: column.type === 'boolean' ? 'boolean' : 'string', description: column.label },
            ]),
          ),
        },
      };
    case 'code-editor':
      return { type: 'string', description: `${description} (${spec.language})` };
    case 'text':
    case 'textarea':
      return spec.valueType === 'any' ? { description } : { type: 'string', description };
    default:
      return { type: 'string', description };
  }
}

/** The JSON Schema of a node tool's arguments: the params the person left to the model. */
export function nodeToolParameters(tool: AgentToolNode): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(tool.params)) {
    properties[name] = paramSchema(spec);
    if (spec.required && !('default' in spec && spec.default !== undefined)) required.push(name);
  }
  return { type: 'object', properties, required };
}

/** The payload a node tool answers with (its first message's), or its whole message. */
function answerOf(sent: { msg: Message }[]): unknown {
  const msg = sent[0]?.msg;
  if (!msg) return null;
  return 'payload' in msg ? msg.payload : msg;
}

/** The flow a sub-flow tool calls, when it is fixed (not an expression). */
function calledFlow(tool: AgentToolNode): string | null {
  const flow = tool.values.flow;
  return typeof flow === 'string' && flow && !flow.includes('{{') ? flow : null;
}

/**
 * The agent's tools (docs/adr/0099): the flow's nodes marked 'Ferramenta do agente' (a
 * 'Executar flow' one takes its flow's declared inputs and always waits for the result), then
 * the MCP servers' tools, each under a name unique in the run.
 */
export async function agentTools(context: {
  toolbox: AgentToolbox | undefined;
  external: ExternalTool[];
  input: Message;
  ports: EnginePorts;
  scope: ExecutionScope;
  signal: AbortSignal;
}): Promise<AgentTool[]> {
  const { toolbox, input, ports, scope, signal } = context;
  const taken = new Set<string>();
  const tools: AgentTool[] = [];
  for (const node of toolbox?.nodes ?? []) {
    const name = toolName(node.label, taken);
    if (node.type === 'core_execute_flow') {
      const flowId = calledFlow(node);
      const described = flowId ? await ports.flows.describe?.(scope, flowId, signal) : undefined;
      const parameters = described?.inputs
        ? declaredInputsJsonSchema(described.inputs)
        : { type: 'object', description: m.flowPayload };
      tools.push({
        kind: 'flow',
        nodeUid: node.uid,
        label: node.label,
        ...(node.approval ? { approval: true } : {}),
        spec: { name, description: node.description, parameters },
        run: async (args) =>
          answerOf(await toolbox!.run(node.uid, { payload: args, wait: true }, input)),
      });
      continue;
    }
    tools.push({
      kind: 'node',
      nodeUid: node.uid,
      label: node.label,
      ...(node.approval ? { approval: true } : {}),
      spec: { name, description: node.description, parameters: nodeToolParameters(node) },
      run: async (args) => {
        const values = Object.fromEntries(
          Object.keys(node.params)
            .filter((param) => Object.hasOwn(args, param))
            .map((param) => [param, args[param]]),
        );
        return answerOf(await toolbox!.run(node.uid, values, input));
      },
    });
  }
  for (const tool of context.external) {
    const name = toolName(tool.spec.name, taken);
    tools.push({
      kind: 'mcp',
      label: tool.spec.name,
      spec: { ...tool.spec, name },
      run: (args) => tool.call(args),
    });
  }
  return tools;
}

/** A tool's output as the model reads it: text as it is, anything else as JSON, cut short. */
export function toolText(output: unknown): string {
  const text = typeof output === 'string' ? output : (JSON.stringify(output) ?? 'null');
  return text.length > maxToolText
    ? `${text.slice(0, maxToolText)}${m.outputCut(maxToolText)}`
    : text;
}
