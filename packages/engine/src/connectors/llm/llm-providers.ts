import type { LookupOption } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import type { ServiceAccount } from '../../ports';
import type {
  ConnectorRequest,
  ConnectorResponse,
  ConnectorService,
  ConnectorSignedRequest,
} from '../kit/define-connector';

const m = messages.llm;

/** How long a model may take to write its answer before the call is given up. */
export const chatTimeoutMs = 120_000;
/** Characters of a provider's own text put in a message. */
const maxProviderText = 300;

/** A tool the model may call (docs/adr/0099): its arguments as a JSON Schema object. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model asked for; `args` null when its arguments were not a JSON object. */
export interface ToolCall {
  id: string;
  name: string;
  args: Record<string, unknown> | null;
}

/** What a tool gave back, told to the model as text. */
export interface ToolResult {
  id: string;
  name: string;
  text: string;
  error?: boolean;
}

/** One turn of the conversation after the system instructions. */
export type ChatTurn =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; results: ToolResult[] };

/** What the node asks the model, the same for every provider. */
export interface ChatCall {
  model: string;
  system: string;
  turns: ChatTurn[];
  temperature?: number;
  maxTokens: number;
  json: boolean;
  /** Offered tools (the agent); absent or empty, the model only writes. */
  tools?: ToolSpec[];
}

/** The model's text and what the provider counted. */
export interface ChatAnswer {
  text: string;
  model: string;
  tokens: { entrada: number; saida: number };
  /** The tools it asked for, in order (absent when none). */
  toolCalls?: ToolCall[];
}

/** One provider's chat protocol over the kit's HTTP port (docs/adr/0096). */
export interface LlmProvider {
  /** `msg.llm.provider`. */
  id: 'openai' | 'anthropic' | 'gemini';
  accountType: string;
  /** The name the kit's own messages use ('Não foi possível falar com Anthropic'). */
  label: string;
  /** The subject of a pt-BR sentence: 'A Anthropic recusou…'. */
  who: string;
  vendorUrl: string;
  authorize(key: string, account: ServiceAccount, request: ConnectorSignedRequest): void;
  chat(call: ChatCall): ConnectorRequest;
  /** The answer, or why there is no text in it. */
  read(body: unknown, call: ChatCall): ChatAnswer | { missing: string };
  models: { request: ConnectorRequest; options(body: unknown): LookupOption[] };
  /** Whether a refusal is of the account's key. */
  keyRefused(response: ConnectorResponse): boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (typeof value === 'number' && value >= 0 ? value : 0);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined);

/** Arguments as the model wrote them: an object, a JSON text of one, or null. */
function argumentsOf(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      return argumentsOf(JSON.parse(value.trim() || '{}'));
    } catch {
      return null;
    }
  }
  return isObject(value) ? value : null;
}

const offered = (call: ChatCall) => (call.tools?.length ? call.tools : undefined);

/** 401 and 403 are the key's, for every provider. */
const keyStatus = (response: ConnectorResponse) =>
  response.status === 401 || response.status === 403;

/** OpenAI: a tool turn is one `tool` message per result. */
function openAiMessages(turn: ChatTurn): Record<string, unknown>[] {
  if (turn.role === 'tool') {
    return turn.results.map((result) => ({
      role: 'tool',
      tool_call_id: result.id,
      content: result.text,
    }));
  }
  if (turn.role === 'assistant' && turn.toolCalls?.length) {
    return [
      {
        role: 'assistant',
        content: turn.text || null,
        tool_calls: turn.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
        })),
      },
    ];
  }
  return [{ role: turn.role, content: turn.text }];
}

/** Anthropic: tool uses are blocks of the assistant's turn, results blocks of the user's. */
function anthropicMessage(turn: ChatTurn): Record<string, unknown> {
  if (turn.role === 'tool') {
    return {
      role: 'user',
      content: turn.results.map((result) => ({
        type: 'tool_result',
        tool_use_id: result.id,
        content: result.text,
        ...(result.error ? { is_error: true } : {}),
      })),
    };
  }
  if (turn.role === 'assistant' && turn.toolCalls?.length) {
    return {
      role: 'assistant',
      content: [
        ...(turn.text ? [{ type: 'text', text: turn.text }] : []),
        ...turn.toolCalls.map((call) => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: call.args ?? {},
        })),
      ],
    };
  }
  return { role: turn.role, content: turn.text };
}

/** Gemini gives ids only in some versions: ours are not sent back. */
const generatedId = 'ponte_call_';

/** Gemini: calls are `functionCall` parts of the model's turn, results `functionResponse` parts. */
function geminiContent(turn: ChatTurn): Record<string, unknown> {
  if (turn.role === 'tool') {
    return {
      role: 'user',
      parts: turn.results.map((result) => ({
        functionResponse: {
          ...(result.id.startsWith(generatedId) ? {} : { id: result.id }),
          name: result.name,
          response: result.error ? { error: result.text } : { result: result.text },
        },
      })),
    };
  }
  if (turn.role === 'assistant') {
    return {
      role: 'model',
      parts: [
        ...(turn.text ? [{ text: turn.text }] : []),
        ...(turn.toolCalls ?? []).map((call) => ({
          functionCall: {
            ...(call.id.startsWith(generatedId) ? {} : { id: call.id }),
            name: call.name,
            args: call.args ?? {},
          },
        })),
      ],
    };
  }
  return { role: 'user', parts: [{ text: turn.text }] };
}

/**
 * OpenAI's Chat Completions (https://platform.openai.com/docs/api-reference/chat/create), also
 * served by Ollama, LM Studio, vLLM, Groq, OpenRouter and Azure OpenAI's v1 API.
 */
const openAi: LlmProvider = {
  id: 'openai',
  accountType: 'openai_compatible',
  label: 'API compatível com OpenAI',
  who: 'A API compatível com OpenAI',
  vendorUrl: 'https://api.openai.com/v1',
  authorize(key, account, request) {
    if (key) request.headers.authorization = `Bearer ${key}`;
    if (key && request.url.hostname.endsWith('.openai.azure.com')) request.headers['api-key'] = key;
    const organization = text(account.data.organization).trim();
    if (organization) request.headers['openai-organization'] = organization;
  },
  chat: (call) => ({
    method: 'POST',
    path: 'chat/completions',
    timeoutMs: chatTimeoutMs,
    json: {
      model: call.model,
      messages: [
        ...(call.system ? [{ role: 'system', content: call.system }] : []),
        ...call.turns.flatMap(openAiMessages),
      ],
      ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
      max_tokens: call.maxTokens,
      ...(call.json ? { response_format: { type: 'json_object' } } : {}),
      ...(offered(call)
        ? {
            tools: offered(call)!.map((tool) => ({
              type: 'function',
              function: {
                name: tool.name,
                description: tool.description,
                parameters: tool.parameters,
              },
            })),
          }
        : {}),
    },
  }),
  read(body, call) {
    const choice = list(field(body, 'choices'))[0];
    const message = field(choice, 'message');
    const content = text(field(message, 'content'));
    const toolCalls = list(field(message, 'tool_calls'))
      .filter((item) => field(item, 'type') === undefined || field(item, 'type') === 'function')
      .map((item, index) => ({
        id: text(field(item, 'id')) || `call_${index + 1}`,
        name: text(field(field(item, 'function'), 'name')),
        args: argumentsOf(field(field(item, 'function'), 'arguments')),
      }))
      .filter((item) => item.name);
    if (!content && !toolCalls.length) {
      return {
        missing: text(field(message, 'refusal')) || text(field(choice, 'finish_reason')),
      };
    }
    const usage = field(body, 'usage');
    return {
      text: content,
      model: text(field(body, 'model')) || call.model,
      tokens: {
        entrada: count(field(usage, 'prompt_tokens')),
        saida: count(field(usage, 'completion_tokens')),
      },
      ...(toolCalls.length ? { toolCalls } : {}),
    };
  },
  models: {
    request: { method: 'GET', path: 'models' },
    options: (body) =>
      list(field(body, 'data'))
        .map((item) => text(field(item, 'id')))
        .filter(Boolean)
        .map((id) => ({ value: id, label: id })),
  },
  keyRefused: keyStatus,
};

/** Anthropic's Messages API (https://docs.anthropic.com/en/api/messages). */
const anthropic: LlmProvider = {
  id: 'anthropic',
  accountType: 'anthropic_api',
  label: 'Anthropic',
  who: 'A Anthropic',
  vendorUrl: 'https://api.anthropic.com',
  authorize(key, _account, request) {
    request.headers['x-api-key'] = key;
    request.headers['anthropic-version'] = '2023-06-01';
  },
  chat: (call) => ({
    method: 'POST',
    path: 'v1/messages',
    timeoutMs: chatTimeoutMs,
    json: {
      model: call.model,
      ...(call.system ? { system: call.system } : {}),
      messages: call.turns.map(anthropicMessage),
      max_tokens: call.maxTokens,
      ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
      ...(offered(call)
        ? {
            tools: offered(call)!.map((tool) => ({
              name: tool.name,
              description: tool.description,
              input_schema: tool.parameters,
            })),
          }
        : {}),
    },
  }),
  read(body, call) {
    const blocks = list(field(body, 'content'));
    const content = blocks
      .filter((block) => field(block, 'type') === 'text')
      .map((block) => text(field(block, 'text')))
      .join('');
    const toolCalls = blocks
      .filter((block) => field(block, 'type') === 'tool_use')
      .map((block, index) => ({
        id: text(field(block, 'id')) || `toolu_${index + 1}`,
        name: text(field(block, 'name')),
        args: argumentsOf(field(block, 'input')),
      }))
      .filter((item) => item.name);
    if (!content && !toolCalls.length) return { missing: text(field(body, 'stop_reason')) };
    const usage = field(body, 'usage');
    return {
      text: content,
      model: text(field(body, 'model')) || call.model,
      tokens: {
        entrada: count(field(usage, 'input_tokens')),
        saida: count(field(usage, 'output_tokens')),
      },
      ...(toolCalls.length ? { toolCalls } : {}),
    };
  },
  models: {
    request: { method: 'GET', path: 'v1/models', query: { limit: 1000 } },
    options: (body) =>
      list(field(body, 'data'))
        .filter((item) => text(field(item, 'id')))
        .map((item) => {
          const id = text(field(item, 'id'));
          const name = text(field(item, 'display_name'));
          return { value: id, label: id, ...(name && name !== id ? { description: name } : {}) };
        }),
  },
  keyRefused: keyStatus,
};

const geminiModel = (model: string) => model.replace(/^models\//, '');

/** Gemini's generateContent (https://ai.google.dev/api/generate-content). */
const gemini: LlmProvider = {
  id: 'gemini',
  accountType: 'gemini_api',
  label: 'Google Gemini',
  who: 'O Google Gemini',
  vendorUrl: 'https://generativelanguage.googleapis.com',
  authorize(key, _account, request) {
    request.headers['x-goog-api-key'] = key;
  },
  chat: (call) => ({
    method: 'POST',
    path: `v1beta/models/${encodeURIComponent(geminiModel(call.model))}:generateContent`,
    timeoutMs: chatTimeoutMs,
    json: {
      ...(call.system ? { systemInstruction: { parts: [{ text: call.system }] } } : {}),
      contents: call.turns.map(geminiContent),
      ...(offered(call)
        ? {
            tools: [
              {
                functionDeclarations: offered(call)!.map((tool) => ({
                  name: tool.name,
                  description: tool.description,
                  parametersJsonSchema: tool.parameters,
                })),
              },
            ],
          }
        : {}),
      generationConfig: {
        ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
        maxOutputTokens: call.maxTokens,
        ...(call.json ? { responseMimeType: 'application/json' } : {}),
      },
    },
  }),
  read(body, call) {
    const candidate = list(field(body, 'candidates'))[0];
    const parts = list(field(field(candidate, 'content'), 'parts'));
    const content = parts
      .filter((part) => field(part, 'thought') !== true)
      .map((part) => text(field(part, 'text')))
      .join('');
    const toolCalls = parts
      .map((part) => field(part, 'functionCall'))
      .filter(isObject)
      .map((functionCall, index) => ({
        id: text(functionCall.id) || `${generatedId}${index + 1}`,
        name: text(functionCall.name),
        args: argumentsOf(functionCall.args ?? {}),
      }))
      .filter((item) => item.name);
    if (!content && !toolCalls.length) {
      return {
        missing:
          text(field(field(body, 'promptFeedback'), 'blockReason')) ||
          text(field(candidate, 'finishReason')),
      };
    }
    const usage = field(body, 'usageMetadata');
    return {
      text: content,
      model: text(field(body, 'modelVersion')) || geminiModel(call.model),
      tokens: {
        entrada: count(field(usage, 'promptTokenCount')),
        saida: count(field(usage, 'candidatesTokenCount')),
      },
      ...(toolCalls.length ? { toolCalls } : {}),
    };
  },
  models: {
    request: { method: 'GET', path: 'v1beta/models', query: { pageSize: 1000 } },
    options: (body) =>
      list(field(body, 'models'))
        .filter((item) => {
          const methods = field(item, 'supportedGenerationMethods');
          return !Array.isArray(methods) || methods.includes('generateContent');
        })
        .map((item) => {
          const id = geminiModel(text(field(item, 'name')));
          const name = text(field(item, 'displayName'));
          return { value: id, label: id, ...(name && name !== id ? { description: name } : {}) };
        })
        .filter((option) => option.value),
  },
  // Gemini says a wrong key with 400 and the reason API_KEY_INVALID.
  keyRefused: (response) =>
    keyStatus(response) ||
    list(field(field(response.body, 'error'), 'details')).some(
      (detail) => field(detail, 'reason') === 'API_KEY_INVALID',
    ),
};

export const llmProviders: readonly LlmProvider[] = [openAi, anthropic, gemini];

export const providerOf = (account: ServiceAccount): LlmProvider =>
  llmProviders.find((provider) => provider.accountType === account.type) ?? openAi;

/** The provider's text with the key replaced by `***`, control characters dropped, cut short. */
function safeText(said: string, key: string): string {
  let safe = key ? said.split(key).join('***') : said;
  safe = safe.replace(/\p{Cc}+/gu, ' ').trim();
  return safe.length > maxProviderText ? `${safe.slice(0, maxProviderText)}…` : safe;
}

/** `{error: {message}}` of the three (Anthropic's inside `{type: 'error', error}`). */
const reasonOf = (body: unknown) =>
  text(field(field(body, 'error'), 'message')) ||
  text(field(body, 'error')) ||
  text(field(body, 'message'));

/** The provider's own reason in a body (a refusal, an error event of a stream), said safely. */
export const providerReason = (body: unknown, account: ServiceAccount) =>
  safeText(reasonOf(body), text(account.data.api_key).trim());

/**
 * The kit's view of one run's provider (docs/adr/0090): its name in the kit's messages, the
 * account's key on each call and the refusals in pt-BR, the key never in them.
 */
export function providerService(provider: LlmProvider, account: ServiceAccount): ConnectorService {
  const key = text(account.data.api_key).trim();
  return {
    service: 'llm',
    label: provider.label,
    accountTypes: [provider.accountType],
    baseUrl: provider.vendorUrl,
    authorize: (_account, request) => provider.authorize(key, account, request),
    errorMessage(response) {
      const reason = safeText(reasonOf(response.body), key);
      return provider.keyRefused(response)
        ? m.keyRefused(provider.who, account.name, reason || `status ${response.status}`)
        : m.refused(provider.who, response.status, reason);
    },
  };
}
