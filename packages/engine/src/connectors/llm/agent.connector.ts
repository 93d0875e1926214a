import type {
  AgentModelEntry,
  AgentRunData,
  AgentToolEntry,
} from '@ponte/shared/flow/agent-transcript';
import {
  createPersonalDataMasker,
  type PersonalDataMasker,
} from '@ponte/shared/brazil/personal-data';
import { nodeManifestSchema } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { defineNode, type NodeDefinition } from '../../kit/define-node';
import type { NodeRunContext } from '../../kit/context';
import { AiBudgetSpentError, type AgentMemoryTurn } from '../../ports';
import type { ConnectorCall } from '../kit/connector-http';
import { agentTools, toolText, type AgentTool, type ExternalTool } from './agent-tools';
import {
  chatTimeoutMs,
  type ChatAnswer,
  type ChatCall,
  type ChatTurn,
  type LlmProvider,
  type ToolCall,
  type ToolResult,
} from './llm-providers';
import { llmConnector } from './llm.connector';
import { params, settingsOf, type Settings } from './agent-settings';
import {
  resumptionOf,
  suspendForApproval,
  type PendingCalls,
  type Resumption,
} from './agent-approval';
import { callModel, openProvider, textOf, type ModelCallContext } from './llm-call';
import { openMcpConnection, openMcpSession, type McpSession } from '../mcp/mcp-client';

const m = messages.agent;
const label = 'Agente de IA';

/** A model the agent asks: its provider's call and the model's name. */
interface Asker {
  call: ConnectorCall;
  provider: LlmProvider;
  model: string;
  /** The run's ports, scope and signal: its calls count against the workspace's budget. */
  context: ModelCallContext;
}

async function askerFor(
  ctx: NodeRunContext<Record<string, unknown>>,
  accountId: string,
  model: string,
): Promise<Asker> {
  const { provider, call } = await openProvider(label, accountId, ctx);
  return { call, provider, model, context: ctx };
}

/** One call of the model, bounded by what is left of the agent's time. */
async function ask(asker: Asker, chat: ChatCall, leftMs: number): Promise<ChatAnswer> {
  return callModel(asker, { ...chat, model: asker.model }, asker.context, { timeoutMs: leftMs });
}

/** The MCP server's tools, over one session the run keeps open (null: no server). */
async function mcpTools(
  ctx: NodeRunContext<Record<string, unknown>>,
): Promise<{ session: McpSession | null; tools: ExternalTool[] }> {
  const accountId = textOf(ctx.params.mcp_server);
  if (!accountId) return { session: null, tools: [] };
  const { ports, scope, signal } = ctx;
  const session = await openMcpSession(
    await openMcpConnection(accountId, { ports, scope, signal }),
  );
  try {
    const listed = await session.listTools();
    const tools = listed.map((tool) => ({
      spec: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
      async call(args: Record<string, unknown>) {
        const result = await session.callTool(tool.name, args);
        if (result.isError) throw new Error(result.text || m.mcpToolFailed(tool.name));
        return result.structuredContent ?? (result.text || result.content);
      },
    }));
    return { session, tools };
  } catch (error) {
    await session.close();
    throw error;
  }
}

/** Runs one tool call the model asked for: its transcript entry and what the model is told. */
async function callTool(
  tools: AgentTool[],
  call: ToolCall,
  masker: PersonalDataMasker | null,
  now: () => number,
  decided?: Resumption['decision'],
): Promise<{ entry: AgentToolEntry; result: ToolResult }> {
  const started = now();
  const tool = tools.find((candidate) => candidate.spec.name === call.name);
  const entryBase = {
    type: 'tool' as const,
    id: call.id,
    name: call.name,
    kind: tool?.kind ?? ('node' as const),
    ...(tool?.nodeUid ? { node_uid: tool.nodeUid } : {}),
    ...(decided
      ? {
          approval: {
            decision: decided.approved ? ('approved' as const) : ('rejected' as const),
            by: decided.by,
            ...(decided.reason ? { reason: decided.reason } : {}),
          },
        }
      : {}),
  };
  const hide = (text: string) => (masker ? masker.mask(text) : text);
  const refuse = (error: string, input: unknown) => ({
    entry: { ...entryBase, input, error, duration_ms: now() - started },
    result: { id: call.id, name: call.name, text: hide(error), error: true },
  });
  if (!tool) return refuse(m.unknownTool(call.name), call.args);
  if (!call.args) return refuse(m.badArguments(call.name), null);
  // The model saw placeholders: the tool gets the values behind them.
  const args = (masker ? masker.unmaskValue(call.args) : call.args) as Record<string, unknown>;
  if (decided && !decided.approved) return refuse(m.approvalRejected(decided.reason), args);
  try {
    const output = await tool.run(args);
    return {
      entry: { ...entryBase, input: args, output, duration_ms: now() - started },
      result: { id: call.id, name: call.name, text: hide(toolText(output)) },
    };
  } catch (error) {
    return refuse(m.toolFailed(error instanceof Error ? error.message : String(error)), args);
  }
}

/** The conversation so far, as the agent keeps it and as it is sent (masked). */
function maskedTurns(turns: AgentMemoryTurn[], masker: PersonalDataMasker | null): ChatTurn[] {
  return turns.map((turn) => ({
    role: turn.role,
    text: masker ? masker.mask(turn.text) : turn.text,
  }));
}

/** Everything a run needs before its first call: settings, models, tools and the conversation. */
async function prepare(ctx: NodeRunContext<Record<string, unknown>>) {
  const { input, ports, scope, signal } = ctx;
  const settings: Settings = settingsOf(ctx.params);
  const resumption = resumptionOf(ctx);
  const primary = await askerFor(ctx, String(ctx.params.service_account), settings.model);
  const fallback = settings.fallback
    ? await askerFor(ctx, settings.fallback.account, settings.fallback.model)
    : null;
  const masker = resumption ? resumption.masker : settings.mask ? createPersonalDataMasker() : null;
  const mcp = await mcpTools(ctx);
  const tools = await agentTools({
    toolbox: ctx.agentTools,
    external: mcp.tools,
    input,
    ports,
    scope,
    signal,
  });
  let loop = resumption?.loop;
  if (!loop) {
    const history = settings.conversation
      ? await ports.agentMemory.load(scope, settings.conversation, settings.window, signal)
      : [];
    const turns = maskedTurns([...history, { role: 'user', text: settings.message }], masker);
    loop = {
      turns,
      transcript: [],
      tokens: { entrada: 0, saida: 0 },
      step: 0,
      usedFallback: false,
      lastModel: settings.model,
      spentMs: 0,
    };
  }
  return { settings, primary, fallback, masker, tools, loop, resumption, mcp: mcp.session };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

async function runAgent(ctx: NodeRunContext<Record<string, unknown>>) {
  const started = ctx.ports.clock.now();
  const prepared = await prepare(ctx);
  try {
    return await converse(ctx, started, prepared);
  } finally {
    await prepared.mcp?.close();
  }
}

/** One model call, by the fallback when the main model fails (once per run, then kept). */
async function askModel(
  ctx: NodeRunContext<Record<string, unknown>>,
  { primary, fallback, loop }: Prepared,
  chat: ChatCall,
  deadline: number,
): Promise<{ answer: ChatAnswer; asker: Asker }> {
  const now = () => ctx.ports.clock.now();
  const left = deadline - now();
  let asker = loop.usedFallback && fallback ? fallback : primary;
  try {
    return {
      answer: await ask(asker, { ...chat, model: asker.model }, Math.min(chatTimeoutMs, left)),
      asker,
    };
  } catch (error) {
    // A spent budget is no model failure: the fallback would be refused the same way.
    if (ctx.signal.aborted || !fallback || loop.usedFallback || error instanceof AiBudgetSpentError)
      throw error;
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log.user(label, m.usingFallback(reason));
    asker = fallback;
    loop.usedFallback = true;
    try {
      return {
        answer: await ask(asker, { ...chat, model: asker.model }, Math.max(1, deadline - now())),
        asker,
      };
    } catch (second) {
      throw new Error(
        m.fallbackFailed(reason, second instanceof Error ? second.message : String(second)),
      );
    }
  }
}

/**
 * Runs the tool calls of the model's last answer from the first not done; a tool that
 * requires approval suspends the execution (unless this is the call a person just decided).
 */
async function runCalls(
  ctx: NodeRunContext<Record<string, unknown>>,
  prepared: Prepared,
  pending: PendingCalls,
  started: number,
  decided?: Resumption['decision'],
): Promise<void> {
  const { tools, masker, loop } = prepared;
  const now = () => ctx.ports.clock.now();
  for (const call of pending.calls.slice(pending.results.length)) {
    ctx.signal.throwIfAborted();
    const tool = tools.find((candidate) => candidate.spec.name === call.name);
    const decision = decided?.callId === call.id ? decided : undefined;
    if (tool?.approval && call.args && !decision) {
      const spentMs = loop.spentMs + (now() - started);
      await suspendForApproval(
        ctx,
        tool,
        call,
        { loop: { ...loop, spentMs }, pending, masker },
        label,
      );
    }
    if (decision)
      ctx.log.user(
        label,
        m.approvalDecided(tool?.label ?? call.name, decision.approved, decision.by),
      );
    const { entry, result } = await callTool(tools, call, masker, now, decision);
    loop.transcript.push(entry);
    pending.results.push(result);
  }
  loop.turns.push({ role: 'tool', results: pending.results });
}

/** The final answer: remembered under the conversation key, and the node's message. */
async function answerWith(
  ctx: NodeRunContext<Record<string, unknown>>,
  { settings, masker, loop }: Prepared,
  text: string,
  asker: Asker,
) {
  const { input, ports, scope, signal } = ctx;
  if (settings.conversation) {
    await ports.agentMemory.append(
      scope,
      settings.conversation,
      [
        { role: 'user', text: settings.message },
        { role: 'assistant', text },
      ],
      settings.days,
      signal,
    );
  }
  const agent: AgentRunData = {
    model: loop.lastModel,
    provider: asker.provider.id,
    steps: loop.step,
    tokens: loop.tokens,
    masked: masker ? masker.counts() : {},
    ...(settings.conversation ? { conversation: settings.conversation } : {}),
    transcript: loop.transcript,
  };
  return { output: 'default', msg: { ...input, payload: text, agent } };
}

/** The loop: the model answers or asks for tools, until an answer or a limit. */
async function converse(
  ctx: NodeRunContext<Record<string, unknown>>,
  started: number,
  prepared: Prepared,
) {
  const { settings, masker, tools, loop, resumption } = prepared;
  const now = () => ctx.ports.clock.now();
  const deadline = started + settings.maxSeconds * 1000 - loop.spentMs;
  if (resumption) await runCalls(ctx, prepared, resumption.pending, started, resumption.decision);
  while (loop.step < settings.maxSteps) {
    if (deadline - now() <= 0) throw new Error(m.tooLong(settings.maxSeconds));
    loop.step++;
    const chat: ChatCall = {
      model: settings.model,
      system: masker ? masker.mask(settings.system) : settings.system,
      turns: loop.turns,
      ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
      maxTokens: settings.maxTokens,
      json: false,
      ...(tools.length ? { tools: tools.map((tool) => tool.spec) } : {}),
    };
    const stepStarted = now();
    const { answer, asker } = await askModel(ctx, prepared, chat, deadline);
    loop.tokens.entrada += answer.tokens.entrada;
    loop.tokens.saida += answer.tokens.saida;
    loop.lastModel = answer.model;
    const calls = answer.toolCalls ?? [];
    const text = masker ? masker.unmask(answer.text) : answer.text;
    const modelEntry: AgentModelEntry = {
      type: 'model',
      step: loop.step,
      model: answer.model,
      ...(loop.usedFallback ? { fallback: true } : {}),
      text,
      tool_calls: calls.map((call) => ({ id: call.id, name: call.name })),
      tokens: answer.tokens,
      duration_ms: now() - stepStarted,
    };
    loop.transcript.push(modelEntry);
    if (!calls.length) return answerWith(ctx, prepared, text, asker);
    loop.turns.push({ role: 'assistant', text: answer.text, toolCalls: calls });
    await runCalls(ctx, prepared, { calls, results: [] }, started);
  }
  throw new Error(m.tooManySteps(settings.maxSteps));
}

const node = defineNode({
  type: 'svc_agent',
  version: 1,
  category: 'ai',
  label,
  description:
    'Um agente que conversa com um modelo de linguagem e chama ferramentas: conectores deste flow marcados como ferramenta, outros flows e servidores MCP.',
  icon: 'robot',
  params,
  outputs: {
    default: { label: 'Saída' },
    // A tool that requires approval was called: msg.approval has the link (docs/adr/0100).
    approval: { label: 'Aprovação pedida' },
  },
  run: (ctx) => runAgent(ctx as NodeRunContext<Record<string, unknown>>),
});

/**
 * 'Agente de IA' (docs/ai.md, docs/adr/0099): a tool-calling loop over the three AI account
 * types, the flow's tool nodes, sub-flows and MCP tools as tools, memory by conversation key,
 * limits of steps and time, a fallback model and the whole transcript in `msg.agent`.
 */
export const agentConnector: NodeDefinition = {
  ...node,
  manifest: nodeManifestSchema.parse(node.manifest),
  ...(llmConnector.lookupOptions ? { lookupOptions: llmConnector.lookupOptions } : {}),
};
