import type { ExecutionResult } from '@ponte/engine/executor/events';
import {
  declaredArgumentsProblem,
  declaredInputsJsonSchema,
  declaredInputsOf,
  declaringTrigger,
  type DeclaredInput,
} from '@ponte/shared/flow/declared-inputs';
import { flowDocumentSchema } from '@ponte/shared/flow/flow-document.schema';
import { mcpToolNames } from '@ponte/shared/flow/mcp-tool-names';
import { messages } from '@ponte/shared/messages';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { retryAfterSeconds } from '../executions/execution-give-up';
import type { EnqueuedExecution, ExecutionRequest } from '../executions/execution-runner';
import type { FlowRow } from '../flows/flows.repository';

const m = messages.mcpServer;

export interface McpToolsDeps {
  /** The workspace's enabled flows. */
  enabledFlows(workspaceId: string): Promise<FlowRow[]>;
  enqueue(request: ExecutionRequest): Promise<EnqueuedExecution>;
  /** How long a call waits for the flow's end (default 60 s). */
  timeoutMs?: number;
}

/** A flow offered as a tool: its tool name, what it says it does and what it takes. */
interface FlowTool {
  flowId: string;
  /** Its first enabled 'Chamado por outro flow', where the execution starts. */
  triggerNodeUid: string;
  name: string;
  description: string;
  inputs: DeclaredInput[];
}

/**
 * The workspace's tools: its enabled flows marked 'Disponível como ferramenta MCP' whose
 * 'Chamado por outro flow' trigger is on, oldest first (that order settles name collisions).
 */
function toolsOf(flows: FlowRow[]): FlowTool[] {
  const marked = flows
    .filter((flow) => flow.config.mcp_tool?.enabled)
    .map((flow) => {
      const doc = flowDocumentSchema.safeParse(flow.data);
      if (!doc.success) return null;
      const trigger = doc.data.nodes.find(
        (node) => node.type === declaringTrigger && !node.disabled,
      );
      const inputs = declaredInputsOf(doc.data);
      return trigger && inputs ? { flow, inputs, triggerNodeUid: trigger.uid } : null;
    })
    .filter((each) => each !== null)
    .sort(
      (a, b) =>
        a.flow.createdAt.getTime() - b.flow.createdAt.getTime() ||
        a.flow.id.localeCompare(b.flow.id),
    );
  const names = mcpToolNames(marked.map(({ flow }) => flow));
  return marked.map(({ flow, inputs, triggerNodeUid }) => ({
    flowId: flow.id,
    triggerNodeUid,
    name: names.get(flow.id)!,
    description: flow.config.mcp_tool?.description || flow.name,
    inputs,
  }));
}

const failure = (text: string): CallToolResult => ({
  content: [{ type: 'text', text }],
  isError: true,
});

/** The last message's payload as the tool's answer: text, and the object itself when it is one. */
function answerOf(result: ExecutionResult): CallToolResult {
  const last = result.lastMessage as { payload?: unknown } | undefined;
  const payload = last && typeof last === 'object' ? (last.payload ?? null) : null;
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const isObject = typeof payload === 'object' && payload !== null && !Array.isArray(payload);
  return {
    content: [{ type: 'text', text }],
    ...(isObject ? { structuredContent: payload as Record<string, unknown> } : {}),
  };
}

/** The execution's end, or 'timeout' after `ms`. */
async function endOrTimeout(done: Promise<ExecutionResult>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, ms, 'timeout')));
  try {
    return await Promise.race([done, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The flows of a workspace as MCP tools (docs/adr/0098): `list` answers tools/list, `call`
 * starts the flow at its 'Chamado por outro flow' trigger with the arguments in `msg.payload`
 * (an execution like any other: queued, limited, logged), waits for its end and answers the
 * last message's payload. A failure, a refusal or a wait that ran out is a tool error (isError)
 * with the pt-BR reason, so the model reads it.
 */
export function createMcpTools(deps: McpToolsDeps) {
  const timeoutMs = deps.timeoutMs ?? 60_000;

  return {
    async list(workspaceId: string): Promise<Tool[]> {
      return toolsOf(await deps.enabledFlows(workspaceId)).map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: declaredInputsJsonSchema(tool.inputs),
      }));
    },

    async call(workspaceId: string, name: string, args: unknown): Promise<CallToolResult> {
      const tool = toolsOf(await deps.enabledFlows(workspaceId)).find((each) => each.name === name);
      if (!tool) return failure(m.toolNotFound(name));
      const payload = args ?? {};
      if (typeof payload !== 'object' || Array.isArray(payload))
        return failure(m.toolArgumentsNotObject);
      const problem = declaredArgumentsProblem(tool.inputs, payload as Record<string, unknown>);
      if (problem) return failure(problem);
      const enqueued = await deps.enqueue({
        workspaceId,
        flowId: tool.flowId,
        triggerNodeUid: tool.triggerNodeUid,
        msg: { payload, mcp: { tool: tool.name } },
      });
      const outcome = await endOrTimeout(enqueued.done, timeoutMs);
      if (outcome === 'timeout') {
        const given = await enqueued
          .giveUp({ kind: 'mcp', waitedMs: timeoutMs })
          .catch(() => 'started' as const);
        if (given === 'withdrawn') return failure(m.toolBusy(retryAfterSeconds(timeoutMs)));
        return failure(m.toolTimeout(retryAfterSeconds(timeoutMs)));
      }
      if (outcome.status === 'waiting') return failure(messages.agent.executionWaiting);
      if (outcome.status !== 'success')
        return failure(m.toolFailed(outcome.error?.message ?? outcome.status));
      return answerOf(outcome);
    },
  };
}

export type McpTools = ReturnType<typeof createMcpTools>;
