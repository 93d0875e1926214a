import { messages } from '@ponte/shared/messages';
import type { ServiceAccount } from '../../ports';
import type { ConnectorRequest, ConnectorResponse } from '../kit/connector-types';
import { createServerSentEventReader, type ServerSentEvent } from '../kit/server-sent-events';
import { providerReason, type ChatAnswer, type ChatCall, type LlmProvider } from './llm-providers';

const m = messages.llm;

/**
 * A model's text answer asked as a stream of server-sent events (docs/adr/0102), read as it
 * arrives into the same answer the whole call gives: the text, the model, the tokens the
 * provider counted. Each protocol as its vendor documents it:
 * - OpenAI, Chat Completions "Streaming" (https://platform.openai.com/docs/api-reference/chat-streaming):
 *   `stream: true` and `stream_options: {include_usage: true}`; `data:` chunks whose
 *   `choices[0].delta.content` add text, a last chunk with `choices: []` and `usage`, then
 *   `data: [DONE]`.
 * - Anthropic, "Streaming Messages" (https://docs.anthropic.com/en/docs/build-with-claude/streaming):
 *   `stream: true`; `message_start` (model, `usage.input_tokens`), `content_block_delta` with a
 *   `text_delta`, `message_delta` (`stop_reason`, `usage.output_tokens`, cumulative),
 *   `message_stop`; an `error` event breaks it off.
 * - Gemini, `models.streamGenerateContent` (https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent):
 *   the same body at `:streamGenerateContent?alt=sse`; each `data:` is a GenerateContentResponse
 *   holding the next parts, the last with `finishReason` and the `usageMetadata`.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined);

/** What the stream told so far. */
interface StreamState {
  text: string;
  model: string;
  entrada: number;
  saida: number;
  /** The provider said the answer is whole ([DONE], message_stop, a finish reason). */
  whole: boolean;
  /** Why it stopped (finish_reason, stop_reason, finishReason). */
  finish: string;
  /** What it said instead of answering (a refusal, a blocked prompt). */
  refusal: string;
  /** The body of an error the provider sent inside the stream. */
  error?: unknown;
  /** Why the stream could not be read (pt-BR). */
  unreadable?: string;
}

/** A count the provider gave (the last one wins: the vendors' counts are cumulative). */
function counted(state: StreamState, key: 'entrada' | 'saida', value: unknown) {
  if (typeof value === 'number' && value >= 0) state[key] = value;
}

/** One protocol's stream: its request, and what each event's JSON adds to the state. */
interface StreamProtocol {
  request(whole: ConnectorRequest): ConnectorRequest;
  take(state: StreamState, data: unknown): void;
  /** The model's name when the stream names none. */
  model(call: ChatCall): string;
  /** A `data:` that is not JSON and ends the stream (OpenAI's `[DONE]`). */
  doneMarker?: string;
}

const withJson = (request: ConnectorRequest, extra: Record<string, unknown>): ConnectorRequest => ({
  ...request,
  json: { ...(request.json as Record<string, unknown>), ...extra },
});

const openAi: StreamProtocol = {
  request: (whole) => withJson(whole, { stream: true, stream_options: { include_usage: true } }),
  doneMarker: '[DONE]',
  model: (call) => call.model,
  take(state, data) {
    if (field(data, 'error') !== undefined) return void (state.error = data);
    state.model = text(field(data, 'model')) || state.model;
    const usage = field(data, 'usage');
    counted(state, 'entrada', field(usage, 'prompt_tokens'));
    counted(state, 'saida', field(usage, 'completion_tokens'));
    const choice = list(field(data, 'choices'))[0];
    const delta = field(choice, 'delta');
    state.text += text(field(delta, 'content'));
    state.refusal += text(field(delta, 'refusal'));
    const finish = text(field(choice, 'finish_reason'));
    if (finish) state.finish = finish;
  },
};

const anthropic: StreamProtocol = {
  request: (whole) => withJson(whole, { stream: true }),
  model: (call) => call.model,
  take(state, data) {
    const type = text(field(data, 'type'));
    if (type === 'error') return void (state.error = data);
    if (type === 'message_start') {
      const message = field(data, 'message');
      state.model = text(field(message, 'model')) || state.model;
      counted(state, 'entrada', field(field(message, 'usage'), 'input_tokens'));
      counted(state, 'saida', field(field(message, 'usage'), 'output_tokens'));
    } else if (type === 'content_block_delta') {
      const delta = field(data, 'delta');
      if (field(delta, 'type') === 'text_delta') state.text += text(field(delta, 'text'));
    } else if (type === 'message_delta') {
      state.finish = text(field(field(data, 'delta'), 'stop_reason')) || state.finish;
      counted(state, 'entrada', field(field(data, 'usage'), 'input_tokens'));
      counted(state, 'saida', field(field(data, 'usage'), 'output_tokens'));
    } else if (type === 'message_stop') state.whole = true;
  },
};

const gemini: StreamProtocol = {
  request: (whole) => ({
    ...whole,
    path: whole.path.replace(/:generateContent$/, ':streamGenerateContent'),
    query: { ...whole.query, alt: 'sse' },
  }),
  model: (call) => call.model.replace(/^models\//, ''),
  take(state, data) {
    if (field(data, 'error') !== undefined) return void (state.error = data);
    state.model = text(field(data, 'modelVersion')) || state.model;
    const usage = field(data, 'usageMetadata');
    counted(state, 'entrada', field(usage, 'promptTokenCount'));
    counted(state, 'saida', field(usage, 'candidatesTokenCount'));
    const candidate = list(field(data, 'candidates'))[0];
    for (const part of list(field(field(candidate, 'content'), 'parts'))) {
      if (field(part, 'thought') !== true) state.text += text(field(part, 'text'));
    }
    const blocked = text(field(field(data, 'promptFeedback'), 'blockReason'));
    const finish = text(field(candidate, 'finishReason'));
    if (blocked) state.refusal = blocked;
    if (finish) state.finish = finish;
    if (blocked || finish) state.whole = true;
  },
};

const protocols: Record<LlmProvider['id'], StreamProtocol> = { openai: openAi, anthropic, gemini };

/** A streamed answer as the whole call's: the answer, why it has no text, or the failure. */
export type StreamOutcome = ChatAnswer | { missing: string } | { failed: string };

export interface ChatStream {
  /** The call asked as a stream, its body read as it arrives. */
  request: ConnectorRequest;
  /** Once the request resolved: the answer (a server that answered whole is read whole). */
  end(response: ConnectorResponse): StreamOutcome;
}

const streamed = (headers: Record<string, string>) =>
  /^text\/event-stream\b/i.test(headers['content-type'] ?? '');

/**
 * The call `chat` asked as a stream of `provider`; `onText` gets the whole text so far each
 * time it grows. Only a success's event stream is read as one: a refusal or a 429 goes through
 * the kit as usual, and a server that ignores `stream` and answers JSON is read whole.
 */
export function openChatStream(
  provider: LlmProvider,
  chat: ChatCall,
  account: ServiceAccount,
  onText: (text: string) => void,
): ChatStream {
  const protocol = protocols[provider.id];
  const state: StreamState = {
    text: '',
    model: protocol.model(chat),
    entrada: 0,
    saida: 0,
    whole: false,
    finish: '',
    refusal: '',
  };
  const onEvent = ({ data }: ServerSentEvent) => {
    if (state.error !== undefined || state.unreadable) return;
    if (protocol.doneMarker && data.trim() === protocol.doneMarker)
      return void (state.whole = true);
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return void (state.unreadable = m.streamNotJson);
    }
    const before = state.text.length;
    protocol.take(state, parsed);
    if (state.text.length > before) onText(state.text);
  };
  const events = createServerSentEventReader(onEvent);
  return {
    request: {
      ...protocol.request(provider.chat(chat)),
      onChunk(chunk, head) {
        if (head.status >= 200 && head.status < 300 && streamed(head.headers)) events.feed(chunk);
      },
    },
    end(response) {
      if (!streamed(response.headers)) return provider.read(response.body, chat);
      events.end();
      const unreadable = state.unreadable ?? events.problem();
      if (unreadable) return { failed: m.streamUnreadable(provider.who, unreadable) };
      if (state.error !== undefined)
        return { failed: m.streamFailed(provider.who, providerReason(state.error, account)) };
      // An answer cut short would be taken for a whole one: it fails instead.
      if (!state.whole && !state.finish) return { failed: m.streamCut(provider.who) };
      if (!state.text) return { missing: state.refusal || state.finish };
      return {
        text: state.text,
        model: state.model,
        tokens: { entrada: state.entrada, saida: state.saida },
      };
    },
  };
}
