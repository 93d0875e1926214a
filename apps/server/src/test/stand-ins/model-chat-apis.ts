import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { piecesOf, streamEvents, writeStream } from './model-chat-streams';

/**
 * A stand-in of the AI providers' chat calls, for the 'Modelo de linguagem' connector, written
 * from their references:
 * - OpenAI Chat Completions (https://platform.openai.com/docs/api-reference/chat/create):
 *   `POST /v1/chat/completions` with `Authorization: Bearer <key>`, `{model, messages,
 *   temperature, max_tokens, response_format}` answers `{id, object: 'chat.completion', model,
 *   choices: [{index, message: {role: 'assistant', content}, finish_reason}], usage:
 *   {prompt_tokens, completion_tokens, total_tokens}}`; a wrong key 401 `{error: {message, type:
 *   'invalid_request_error', code: 'invalid_api_key'}}`; the limit 429 `{error: {type:
 *   'requests', code: 'rate_limit_exceeded'}}` with `retry-after`.
 * - Anthropic Messages (https://docs.anthropic.com/en/api/messages): `POST /v1/messages` with
 *   `x-api-key` and `anthropic-version`, `{model, system, messages, max_tokens}` answers `{id,
 *   type: 'message', role: 'assistant', model, content: [{type: 'text', text}], stop_reason,
 *   usage: {input_tokens, output_tokens}}`; errors `{type: 'error', error: {type, message}}`
 *   (https://docs.anthropic.com/en/api/errors): 401 authentication_error, 429 rate_limit_error.
 * - Gemini generateContent (https://ai.google.dev/api/generate-content): `POST
 *   /v1beta/models/{model}:generateContent` with `x-goog-api-key`, `{systemInstruction,
 *   contents, generationConfig}` answers `{candidates: [{content: {role: 'model', parts:
 *   [{text}]}, finishReason}], usageMetadata: {promptTokenCount, candidatesTokenCount},
 *   modelVersion}`; a wrong key 400 INVALID_ARGUMENT with the reason API_KEY_INVALID, the limit
 *   429 RESOURCE_EXHAUSTED.
 *
 * A call asking `stream: true` (OpenAI, Anthropic) or made to Gemini's
 * `:streamGenerateContent?alt=sse` is answered as server-sent events (`model-chat-streams.ts`):
 * the text a word at a time, or the pieces a test scripted with `{stream}`, which may hold the
 * rest until `release()` (`holdAfter`) or break off with the provider's error (`error`).
 * Tool calls (`{toolCalls}`) come as OpenAI's `tool_calls` and as Anthropic's `tool_use` blocks
 * (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use).
 *
 * Each test scripts what comes next (`script`): a text, a status (429, 503) or, when nothing
 * is scripted, an echo of the last user message ('Recebido: …'), as a model repeating what it
 * read. Every call is recorded, so a test sees what reached the provider.
 */
export type ChatProvider = 'openai' | 'anthropic' | 'gemini';

/** A tool call the model asks for (OpenAI's `tool_calls`, https://platform.openai.com/docs/guides/function-calling). */
export interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown>;
}

/**
 * A streamed answer in these pieces (whole when the call did not ask a stream): after the first
 * `holdAfter` pieces it waits for `release()`; `error` breaks it off with the provider's error.
 */
export interface ScriptedStream {
  stream: string[];
  holdAfter?: number;
  error?: string;
}

export type ScriptedAnswer =
  | { text: string }
  | { status: 429 | 503 }
  | { toolCalls: ScriptedToolCall[]; text?: string }
  | ScriptedStream;

export interface ChatCallRecord {
  provider: ChatProvider;
  path: string;
  headers: Record<string, string | undefined>;
  body: Record<string, unknown>;
  /** Answered as server-sent events. */
  streamed: boolean;
}

export interface ModelChatApisStandIn {
  url: string;
  calls: ChatCallRecord[];
  /** The next answers of a provider, in order; after them, the echo. */
  script(provider: ChatProvider, ...answers: ScriptedAnswer[]): void;
  /** Lets a held stream (`holdAfter`) send the rest. */
  release(): void;
  close(): Promise<void>;
}

type Turn = { role: string; text: string };

/** The conversation's turns, whatever the provider's shape. */
function turnsOf(provider: ChatProvider, body: Record<string, unknown>): Turn[] {
  if (provider === 'gemini') {
    const contents = (body.contents ?? []) as { role: string; parts: { text: string }[] }[];
    return contents.map((c) => ({ role: c.role, text: c.parts.map((p) => p.text).join('') }));
  }
  const list = (body.messages ?? []) as { role: string; content: unknown }[];
  // Anthropic's content may be blocks: text, and the tool results a user turn carries.
  const textOf = (content: unknown) =>
    Array.isArray(content)
      ? (content as { text?: string; content?: string }[])
          .map((block) => block.text ?? block.content ?? '')
          .join('')
      : String(content);
  return list.map((turn) => ({ role: turn.role, text: textOf(turn.content) }));
}

const errors: Record<ChatProvider, Record<number, object>> = {
  openai: {
    401: {
      error: {
        message: 'Incorrect API key provided: sk-erra***.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    },
    429: {
      error: {
        message: 'Rate limit reached for requests',
        type: 'requests',
        code: 'rate_limit_exceeded',
      },
    },
    503: { error: { message: 'The engine is currently overloaded', type: 'server_error' } },
  },
  anthropic: {
    401: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    429: {
      type: 'error',
      error: {
        type: 'rate_limit_error',
        message: 'Number of requests has exceeded your rate limit',
      },
    },
    503: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
  },
  gemini: {
    400: {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
          },
        ],
      },
    },
    429: {
      error: {
        code: 429,
        message: 'Resource has been exhausted (e.g. check quota).',
        status: 'RESOURCE_EXHAUSTED',
      },
    },
    503: { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } },
  },
};

/** A success of the provider carrying `text`. */
function answerOf(provider: ChatProvider, model: string, text: string): object {
  if (provider === 'openai') {
    return {
      id: 'chatcmpl-standin',
      object: 'chat.completion',
      created: 1_764_000_000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
    };
  }
  if (provider === 'anthropic') {
    return {
      id: 'msg_standin',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 13, output_tokens: 6 },
    };
  }
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 17, candidatesTokenCount: 5, totalTokenCount: 22 },
    modelVersion: model,
  };
}

let toolCallIds = 0;

/** OpenAI's answer asking for tools: `tool_calls` with the arguments as JSON text. */
function openAiToolCalls(model: string, calls: ScriptedToolCall[], text: string | null): object {
  return {
    id: 'chatcmpl-standin',
    object: 'chat.completion',
    created: 1_764_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text,
          tool_calls: calls.map((call) => ({
            id: `call_${++toolCallIds}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.args) },
          })),
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
  };
}

/** Anthropic's answer asking for tools: `tool_use` blocks after the text, if any. */
function anthropicToolUse(model: string, calls: ScriptedToolCall[], text: string | null): object {
  return {
    id: 'msg_standin',
    type: 'message',
    role: 'assistant',
    model,
    content: [
      ...(text ? [{ type: 'text', text }] : []),
      ...calls.map((call) => ({
        type: 'tool_use',
        id: `toolu_${++toolCallIds}`,
        name: call.name,
        input: call.args,
      })),
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 13, output_tokens: 6 },
  };
}

const routes: { provider: ChatProvider; pattern: RegExp }[] = [
  { provider: 'openai', pattern: /^\/openai\/v1\/chat\/completions$/ },
  { provider: 'anthropic', pattern: /^\/anthropic\/v1\/messages$/ },
  {
    provider: 'gemini',
    pattern: /^\/gemini\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/,
  },
];

/** Whether the call asks its answer as server-sent events. */
const asksStream = (provider: ChatProvider, url: URL, body: Record<string, unknown>) =>
  provider === 'gemini'
    ? url.pathname.endsWith(':streamGenerateContent') && url.searchParams.get('alt') === 'sse'
    : body.stream === true;

function keyHeld(provider: ChatProvider, request: IncomingMessage, key: string): boolean {
  if (provider === 'openai') return request.headers.authorization === `Bearer ${key}`;
  if (provider === 'anthropic')
    return request.headers['x-api-key'] === key && Boolean(request.headers['anthropic-version']);
  return request.headers['x-goog-api-key'] === key;
}

/** A door a held stream waits at: open once, it stays open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

export async function startModelChatApisStandIn(
  host: string,
  key: string,
): Promise<ModelChatApisStandIn> {
  const calls: ChatCallRecord[] = [];
  /** What a held stream waits for; `release()` opens it (before or while it waits). */
  let held = gate();
  const scripts: Record<ChatProvider, ScriptedAnswer[]> = { openai: [], anthropic: [], gemini: [] };
  const send = (response: ServerResponse, status: number, body: object, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = routes.find((r) => r.pattern.test(url.pathname));
    if (!route || request.method !== 'POST')
      return send(response, 404, { error: { message: 'Not found' } });
    const { provider } = route;
    const body = await bodyOf(request);
    calls.push({
      provider,
      path: url.pathname,
      headers: {
        authorization: request.headers.authorization,
        'x-api-key': request.headers['x-api-key'] as string | undefined,
        'anthropic-version': request.headers['anthropic-version'] as string | undefined,
        'x-goog-api-key': request.headers['x-goog-api-key'] as string | undefined,
      },
      body,
      streamed: false,
    });
    const record = calls.at(-1)!;
    if (!keyHeld(provider, request, key)) {
      const status = provider === 'gemini' ? 400 : 401;
      return send(response, status, errors[provider][status]!);
    }
    const model =
      provider === 'gemini' ? route.pattern.exec(url.pathname)![1]! : String(body.model ?? '');
    const next = scripts[provider].shift();
    if (next && 'status' in next)
      return send(response, next.status, errors[provider][next.status]!, { 'retry-after': '0' });
    if (next && 'toolCalls' in next && provider === 'openai')
      return send(response, 200, openAiToolCalls(model, next.toolCalls, next.text ?? null));
    if (next && 'toolCalls' in next && provider === 'anthropic')
      return send(response, 200, anthropicToolUse(model, next.toolCalls, next.text ?? null));
    const scripted = next && 'stream' in next ? next : undefined;
    const text = scripted
      ? scripted.stream.join('')
      : next && 'text' in next && next.text !== undefined
        ? next.text
        : `Recebido: ${turnsOf(provider, body).at(-1)?.text ?? ''}`;
    if (!asksStream(provider, url, body))
      return send(response, 200, answerOf(provider, model, text));
    record.streamed = true;
    const events = streamEvents(
      provider,
      model,
      scripted?.stream ?? piecesOf(text),
      scripted?.error,
    );
    const holdAfter = scripted?.holdAfter;
    if (holdAfter === undefined) return writeStream(response, events);
    await writeStream(response, events, { after: holdAfter, until: held.opened });
    held = gate();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() =>
      send(response, 400, { error: { message: 'Bad request' } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    calls,
    script: (provider, ...answers) => void scripts[provider].push(...answers),
    release: () => held.open(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
