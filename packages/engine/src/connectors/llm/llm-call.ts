import {
  createPersonalDataMasker,
  type PersonalDataMasker,
} from '@ponte/shared/brazil/personal-data';
import { nodeManifestSchema, type LookupOption } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import type { LookupRequest, NodeDefinition, ParamSpecInput } from '../../kit/define-node';
import type { NodeLogger, ProgressReport } from '../../kit/context';
import type { EnginePorts } from '../../ports';
import { sendConnectorRequest, type ConnectorCall } from '../kit/connector-http';
import { accountParam, openCall, type ConnectorService } from '../kit/define-connector';
import { parseAnswer, type SchemaCheck } from './llm-json';
import {
  llmProviders,
  providerOf,
  providerService,
  type ChatAnswer,
  type ChatCall,
  type LlmProvider,
} from './llm-providers';
import { openChatStream, type StreamOutcome } from './llm-streams';

const m = messages.llm;

/**
 * What the AI nodes share (docs/adr/0096): the account and model params, the call's settings,
 * the provider call through the kit, personal data masked and unmasked, the JSON answer
 * checked and asked again once, and `msg.llm`.
 */

/** The account and the model, with the picker of the account's models. */
export const llmAccountParams = {
  service_account: accountParam(
    llmProviders.map((provider) => provider.accountType),
    'Uma conta de API compatível com OpenAI (também modelos locais), da Anthropic ou do Google Gemini.',
  ),
  model: {
    type: 'text',
    label: 'Modelo',
    required: true,
    placeholder: 'gpt-4o-mini',
    description:
      'O nome do modelo no provedor (ex.: gpt-4o-mini, claude-sonnet-4-5, gemini-2.5-flash).',
    lookup: { name: 'models' },
  },
} satisfies Record<string, ParamSpecInput>;

/** Temperature and size of the answer; the JSON nodes default to 0, 'Modelo de linguagem' to the provider's. */
export function llmTuningParams(temperatureDefault?: number) {
  return {
    temperature: {
      type: 'number',
      label: 'Temperatura',
      min: 0,
      max: 2,
      ...(temperatureDefault === undefined
        ? {
            description:
              'De 0 (mais previsível) a 2 (mais variado); vazio: a do provedor. A Anthropic aceita até 1.',
          }
        : {
            default: temperatureDefault,
            description: `De 0 (mais previsível) a 2 (mais variado); padrão ${temperatureDefault}. A Anthropic aceita até 1.`,
          }),
    },
    max_tokens: {
      type: 'number',
      label: 'Máximo de tokens',
      default: 1024,
      min: 1,
      description: 'O tamanho máximo da resposta, em tokens.',
    },
  } satisfies Record<string, ParamSpecInput>;
}

export const llmMaskParam = {
  mask_personal_data: {
    type: 'boolean',
    label: 'Mascarar dados pessoais',
    default: true,
    description:
      'CPF, CNPJ, e-mail, telefone, CEP e cartão saem como [CPF_1]… e voltam na resposta.',
  },
} satisfies Record<string, ParamSpecInput>;

export const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The call's settings every AI node reads, checked before any call. */
export function llmSettingsOf(raw: Record<string, unknown>) {
  const model = textOf(raw.model);
  if (!model) throw new Error(m.modelRequired);
  let temperature: number | undefined;
  if (raw.temperature !== undefined && raw.temperature !== null && raw.temperature !== '') {
    temperature = Number(raw.temperature);
    if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2)
      throw new Error(m.temperatureRange(String(raw.temperature)));
  }
  const maxTokens = Number(raw.max_tokens ?? 1024);
  if (!Number.isInteger(maxTokens) || maxTokens < 1)
    throw new Error(m.maxTokensRange(String(raw.max_tokens)));
  return { model, temperature, maxTokens, mask: raw.mask_personal_data !== false };
}

/** The account types an AI node takes, named after the node in the kit's messages. */
const llmService = (label: string): ConnectorService => ({
  service: 'llm',
  label,
  accountTypes: llmProviders.map((provider) => provider.accountType),
  baseUrl: (account) => providerOf(account).vendorUrl,
  authorize: () => undefined,
  errorMessage: () => undefined,
});

/** The provider's call of an account: its protocol, its key, its refusals in pt-BR. */
export async function openProvider(label: string, accountId: string, context: CallContext) {
  const opened = await openCall(llmService(label), accountId, context);
  const provider = providerOf(opened.account);
  const call: ConnectorCall = { ...opened, declaration: providerService(provider, opened.account) };
  return { provider, call };
}

/** What a JSON answer must be, said to the model after the node's own instructions. */
function jsonInstructions(schemaSource: string): string {
  const base =
    'Responda apenas com um JSON válido, sem texto antes ou depois. (Answer with JSON only.)';
  return schemaSource ? `${base}\nO JSON deve seguir este JSON Schema:\n${schemaSource}` : base;
}

/** A JSON answer read, its strings unmasked, then checked; or what is wrong with it. */
function readJson(
  answer: ChatAnswer,
  check: SchemaCheck | null,
  masker: PersonalDataMasker | null,
): { value: unknown } | { problem: string; parse: boolean } {
  const parsed = parseAnswer(answer.text);
  if ('problem' in parsed) return { problem: parsed.problem, parse: true };
  const value = masker ? masker.unmaskValue(parsed.value) : parsed.value;
  const problem = check?.(value);
  return problem ? { problem, parse: false } : { value };
}

type CallContext = Pick<LookupRequest, 'ports' | 'scope' | 'signal'>;

/** What a call of the model needs of the node's context: its ports, scope and signal. */
export type ModelCallContext = Omit<CallContext, 'ports'> & {
  ports: CallContext['ports'] & Pick<EnginePorts, 'aiUsage'>;
};

/**
 * One call of a model, the one way every AI node asks one (docs/adr/0101): refused before the
 * request leaves when the workspace's monthly token budget is spent (`AiBudgetSpentError`), and
 * the answer's tokens recorded as soon as it is read, before the node judges it (a JSON the node
 * then refuses was paid for too). `timeoutMs` bounds the call below the provider's default.
 */
export async function callModel(
  model: { call: ConnectorCall; provider: LlmProvider },
  chat: ChatCall,
  context: ModelCallContext,
  options: { timeoutMs?: number; progress?: (text: string) => void } = {},
): Promise<ChatAnswer> {
  const { call, provider } = model;
  const { ports, scope, signal } = context;
  await ports.aiUsage.check(scope, signal);
  const { timeoutMs, progress } = options;
  const bounded = <R extends object>(request: R) =>
    timeoutMs === undefined ? request : { ...request, timeoutMs };
  let read: StreamOutcome;
  if (progress) {
    // Read as it arrives, the text told to `progress` (docs/adr/0102).
    const stream = openChatStream(provider, chat, call.account, progress);
    read = stream.end(await sendConnectorRequest(call, bounded(stream.request)));
  } else {
    const response = await sendConnectorRequest(call, bounded(provider.chat(chat)));
    read = provider.read(response.body, chat);
  }
  if ('failed' in read) throw new Error(read.failed);
  if ('missing' in read) throw new Error(m.noText(provider.who, read.missing));
  const { entrada, saida } = read.tokens;
  await ports.aiUsage.record(
    scope,
    { provider: provider.id, model: read.model, entrada, saida },
    signal,
  );
  return read;
}

/** What the node says to the model: both already masked with `hide`. */
export interface LlmPrompt {
  system: string;
  message: string;
}

export interface JsonAsk extends LlmPrompt {
  /** The JSON Schema's text, told to the model (none: any JSON). */
  schema: string;
  check: SchemaCheck | null;
  /** The node's own failure after the retry, for an answer that is JSON but not accepted. */
  rejected?: (provider: string, problem: string) => string;
}

/** `msg.llm`: counts only, the values behind the placeholders never leave the node. */
export interface LlmReport {
  model: string;
  provider: LlmProvider['id'];
  tokens: { entrada: number; saida: number };
  masked: Partial<Record<string, number>>;
}

/** One execution of an AI node's calls to its model. */
export interface LlmSession {
  /** A text of the node as the model may see it (personal data masked when asked). */
  hide(text: string): string;
  /**
   * The model's text, unmasked; streamed when the session was opened with `progress`, which
   * then gets the text as it grows and the final one (docs/adr/0102).
   */
  askText(prompt: LlmPrompt): Promise<string>;
  /** The model's JSON, unmasked and checked; asked again once with the problem. */
  askJson(ask: JsonAsk): Promise<unknown>;
  report(): LlmReport;
}

/**
 * Opens the node's account and gives its session: one masker per execution of the node, so
 * the same value keeps its placeholder in the retry; tokens summed over the calls.
 */
export async function openLlm(
  label: string,
  raw: Record<string, unknown>,
  context: ModelCallContext & { log: NodeLogger; progress?: ProgressReport },
): Promise<LlmSession> {
  const settings = llmSettingsOf(raw);
  const { provider, call } = await openProvider(label, String(raw.service_account), context);
  const masker = settings.mask ? createPersonalDataMasker() : null;
  const hide = (text: string) => (masker ? masker.mask(text) : text);
  const tokens = { entrada: 0, saida: 0 };
  let model = settings.model;

  const chatOf = (prompt: LlmPrompt, json: boolean): ChatCall => ({
    model: settings.model,
    system: prompt.system,
    turns: [{ role: 'user', text: prompt.message }],
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    maxTokens: settings.maxTokens,
    json,
  });

  const shown = (text: string) => (masker ? masker.unmask(text) : text);

  /** An answer counted in the session. */
  function tally(read: ChatAnswer): ChatAnswer {
    tokens.entrada += read.tokens.entrada;
    tokens.saida += read.tokens.saida;
    model = read.model;
    return read;
  }

  /** One call to the provider, its answer read whole. */
  const ask = async (chat: ChatCall) => tally(await callModel({ call, provider }, chat, context));

  /** One call whose text is told to `progress` as it arrives (docs/adr/0102). */
  const askStreamed = async (chat: ChatCall, progress: ProgressReport) =>
    tally(
      await callModel({ call, provider }, chat, context, {
        progress: (text) => progress(shown(text)),
      }),
    );

  return {
    hide,
    async askText(prompt) {
      const chat = chatOf(prompt, false);
      const { progress } = context;
      if (!progress) return shown((await ask(chat)).text);
      const text = shown((await askStreamed(chat, progress)).text);
      progress(text, true);
      return text;
    },
    async askJson({ schema, check, rejected, ...prompt }) {
      const system = [prompt.system, jsonInstructions(schema)].filter(Boolean).join('\n\n');
      const chat = chatOf({ ...prompt, system }, true);
      let answer = await ask(chat);
      let outcome = readJson(answer, check, masker);
      if (!('problem' in outcome)) return outcome.value;
      context.log.user(label, m.retryLog(outcome.problem));
      answer = await ask({
        ...chat,
        turns: [
          ...chat.turns,
          { role: 'assistant', text: answer.text },
          { role: 'user', text: hide(m.retryPrompt(outcome.problem)) },
        ],
      });
      outcome = readJson(answer, check, masker);
      if (!('problem' in outcome)) return outcome.value;
      if (outcome.parse) throw new Error(m.notJson(provider.who, outcome.problem));
      throw new Error((rejected ?? m.notSchema)(provider.who, outcome.problem));
    },
    report: () => ({
      model,
      provider: provider.id,
      tokens: { ...tokens },
      masked: masker ? masker.counts() : {},
    }),
  };
}

/** The 'Modelo' picker of every AI node: the account's models, first page. */
async function llmModelOptions(
  label: string,
  name: string,
  request: LookupRequest,
): Promise<LookupOption[]> {
  if (name !== 'models') throw new Error(`${label} não tem a lista "${name}".`);
  const { provider, call } = await openProvider(label, request.accountId, request);
  const response = await sendConnectorRequest(call, provider.models.request);
  return provider.models.options(response.body).slice(0, 1000);
}

/** An AI node as the registry holds it: its manifest checked, with the 'Modelo' picker. */
export const llmNode = (label: string, node: NodeDefinition): NodeDefinition => ({
  ...node,
  manifest: nodeManifestSchema.parse(node.manifest),
  lookupOptions: (name, request) => llmModelOptions(label, name, request),
});
