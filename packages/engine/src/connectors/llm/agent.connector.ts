import type {
  AgentModelEntry,
  AgentRunData,
  AgentToolEntry,
  AgentTranscriptEntry,
} from '@ponte/shared/flow/agent-transcript';
import {
  createPersonalDataMasker,
  type PersonalDataMasker,
} from '@ponte/shared/brazil/personal-data';
import { nodeManifestSchema } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { defineNode, type NodeDefinition, type ParamSpecInput } from '../../kit/define-node';
import type { NodeRunContext } from '../../kit/context';
import { AiBudgetSpentError, type AgentMemoryTurn } from '../../ports';
import type { ConnectorCall } from '../kit/connector-http';
import { agentTools, toolText, type AgentTool, type ExternalTool } from './agent-tools';
import {
  chatTimeoutMs,
  llmProviders,
  type ChatAnswer,
  type ChatCall,
  type ChatTurn,
  type LlmProvider,
  type ToolResult,
} from './llm-providers';
import { llmConnector } from './llm.connector';
import {
  callModel,
  llmAccountParams,
  llmMaskParam,
  llmSettingsOf,
  llmTuningParams,
  openProvider,
  textOf,
  type ModelCallContext,
} from './llm-call';
import { openMcpConnection, openMcpSession, type McpSession } from '../mcp/mcp-client';

const m = messages.agent;
const ml = messages.llm;
const label = 'Agente de IA';
const accountTypes = llmProviders.map((provider) => provider.accountType);

const params = {
  ...llmAccountParams,
  system: {
    type: 'textarea',
    label: 'Instruções do sistema',
    description: 'O papel do agente e as regras que ele segue. Aceita expressões {{ }}.',
  },
  message: {
    type: 'textarea',
    label: 'Mensagem',
    required: true,
    placeholder: '{{ msg.payload.texto }}',
  },
  mcp_server: {
    type: 'service_account',
    label: 'Servidor MCP',
    accepts: ['mcp'],
    description:
      'As ferramentas deste servidor MCP também ficam à disposição do agente (opcional).',
  },
  conversation: {
    type: 'text',
    label: 'Chave da conversa',
    placeholder: '{{ msg.payload.telefone }}',
    description:
      'Lembra a conversa por esta chave no workspace (ex.: o telefone do cliente). Vazio: sem memória.',
  },
  memory_window: {
    type: 'number',
    label: 'Mensagens lembradas',
    default: 20,
    min: 1,
    max: 200,
    description: 'Quantas mensagens anteriores da conversa vão para o modelo.',
  },
  memory_days: {
    type: 'number',
    label: 'Guardar a conversa por (dias)',
    default: 30,
    min: 1,
    max: 3650,
    description: 'A conversa é apagada quando passa este tempo sem mensagens (LGPD).',
  },
  max_steps: {
    type: 'number',
    label: 'Máximo de passos',
    default: 10,
    min: 1,
    max: 50,
    description: 'Quantas vezes o modelo pode ser chamado (cada rodada de ferramentas é um passo).',
  },
  max_seconds: {
    type: 'number',
    label: 'Tempo máximo (segundos)',
    default: 120,
    min: 1,
    max: 900,
  },
  fallback_account: {
    type: 'service_account',
    label: 'Conta reserva',
    accepts: accountTypes,
    description: 'Usada quando o modelo principal falha (fora do ar, limite de uso).',
  },
  fallback_model: {
    type: 'text',
    label: 'Modelo reserva',
    placeholder: 'claude-haiku-4-5',
  },
  ...llmTuningParams(),
  ...llmMaskParam,
} satisfies Record<string, ParamSpecInput>;

function integerIn(raw: unknown, fallback: number, min: number, max: number, error: string) {
  const value = raw === undefined || raw === null || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(error);
  return value;
}

/** What the params ask, checked before any call. */
function settingsOf(raw: Record<string, unknown>) {
  const base = llmSettingsOf(raw);
  const message = textOf(raw.message);
  if (!message) throw new Error(ml.messageRequired);
  const conversation = textOf(raw.conversation);
  if (conversation.length > 200) throw new Error(m.conversationTooLong);
  const fallbackAccount = textOf(raw.fallback_account);
  const fallbackModel = textOf(raw.fallback_model);
  if (fallbackAccount && !fallbackModel) throw new Error(m.fallbackModelRequired);
  return {
    ...base,
    system: textOf(raw.system),
    message,
    conversation,
    window: integerIn(raw.memory_window, 20, 1, 200, m.windowRange(String(raw.memory_window))),
    days: integerIn(raw.memory_days, 30, 1, 3650, m.retentionRange(String(raw.memory_days))),
    maxSteps: integerIn(raw.max_steps, 10, 1, 50, m.stepsRange(String(raw.max_steps))),
    maxSeconds: integerIn(raw.max_seconds, 120, 1, 900, m.timeRange(String(raw.max_seconds))),
    fallback: fallbackAccount ? { account: fallbackAccount, model: fallbackModel } : null,
  };
}

type Settings = ReturnType<typeof settingsOf>;

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
  return callModel(asker, { ...chat, model: asker.model }, asker.context, leftMs);
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
  call: { id: string; name: string; args: Record<string, unknown> | null },
  masker: PersonalDataMasker | null,
  now: () => number,
): Promise<{ entry: AgentToolEntry; result: ToolResult }> {
  const started = now();
  const tool = tools.find((candidate) => candidate.spec.name === call.name);
  const entryBase = {
    type: 'tool' as const,
    id: call.id,
    name: call.name,
    kind: tool?.kind ?? ('node' as const),
    ...(tool?.nodeUid ? { node_uid: tool.nodeUid } : {}),
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
  const primary = await askerFor(ctx, String(ctx.params.service_account), settings.model);
  const fallback = settings.fallback
    ? await askerFor(ctx, settings.fallback.account, settings.fallback.model)
    : null;
  const masker = settings.mask ? createPersonalDataMasker() : null;
  const mcp = await mcpTools(ctx);
  const tools = await agentTools({
    toolbox: ctx.agentTools,
    external: mcp.tools,
    input,
    ports,
    scope,
    signal,
  });
  const history = settings.conversation
    ? await ports.agentMemory.load(scope, settings.conversation, settings.window, signal)
    : [];
  const turns = maskedTurns([...history, { role: 'user', text: settings.message }], masker);
  return { settings, primary, fallback, masker, tools, turns, mcp: mcp.session };
}

async function runAgent(ctx: NodeRunContext<Record<string, unknown>>) {
  const started = ctx.ports.clock.now();
  const prepared = await prepare(ctx);
  try {
    return await converse(ctx, started, prepared);
  } finally {
    await prepared.mcp?.close();
  }
}

/** The loop: the model answers or asks for tools, until an answer or a limit. */
async function converse(
  ctx: NodeRunContext<Record<string, unknown>>,
  started: number,
  { settings, primary, fallback, masker, tools, turns }: Awaited<ReturnType<typeof prepare>>,
) {
  const { input, ports, scope, signal, log } = ctx;
  const now = () => ports.clock.now();
  const deadline = started + settings.maxSeconds * 1000;
  const transcript: AgentTranscriptEntry[] = [];
  const tokens = { entrada: 0, saida: 0 };
  let asker = primary;
  let usedFallback = false;
  let lastModel = settings.model;
  for (let step = 1; step <= settings.maxSteps; step++) {
    const left = deadline - now();
    if (left <= 0) throw new Error(m.tooLong(settings.maxSeconds));
    const chat: ChatCall = {
      model: asker.model,
      system: masker ? masker.mask(settings.system) : settings.system,
      turns,
      ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
      maxTokens: settings.maxTokens,
      json: false,
      ...(tools.length ? { tools: tools.map((tool) => tool.spec) } : {}),
    };
    const stepStarted = now();
    let answer: ChatAnswer;
    try {
      answer = await ask(asker, chat, Math.min(chatTimeoutMs, left));
    } catch (error) {
      if (signal.aborted || !fallback || usedFallback || error instanceof AiBudgetSpentError)
        throw error;
      const reason = error instanceof Error ? error.message : String(error);
      log.user(label, m.usingFallback(reason));
      asker = fallback;
      usedFallback = true;
      try {
        answer = await ask(asker, { ...chat, model: asker.model }, Math.max(1, deadline - now()));
      } catch (second) {
        throw new Error(
          m.fallbackFailed(reason, second instanceof Error ? second.message : String(second)),
        );
      }
    }
    tokens.entrada += answer.tokens.entrada;
    tokens.saida += answer.tokens.saida;
    lastModel = answer.model;
    const calls = answer.toolCalls ?? [];
    const text = masker ? masker.unmask(answer.text) : answer.text;
    const modelEntry: AgentModelEntry = {
      type: 'model',
      step,
      model: answer.model,
      ...(usedFallback ? { fallback: true } : {}),
      text,
      tool_calls: calls.map((call) => ({ id: call.id, name: call.name })),
      tokens: answer.tokens,
      duration_ms: now() - stepStarted,
    };
    transcript.push(modelEntry);
    if (!calls.length) {
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
        model: lastModel,
        provider: asker.provider.id,
        steps: step,
        tokens,
        masked: masker ? masker.counts() : {},
        ...(settings.conversation ? { conversation: settings.conversation } : {}),
        transcript,
      };
      return { output: 'default', msg: { ...input, payload: text, agent } };
    }
    turns.push({ role: 'assistant', text: answer.text, toolCalls: calls });
    const results: ToolResult[] = [];
    for (const call of calls) {
      signal.throwIfAborted();
      const { entry, result } = await callTool(tools, call, masker, now);
      transcript.push(entry);
      results.push(result);
    }
    turns.push({ role: 'tool', results });
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
  outputs: { default: { label: 'Saída' } },
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
