import type { ServerResponse } from 'node:http';

/**
 * Streamed answers of the AI providers' stand-in (`model-chat-apis.ts`), as server-sent events
 * the way each vendor documents them:
 * - OpenAI, Chat Completions "Streaming" (https://platform.openai.com/docs/api-reference/chat-streaming):
 *   `chat.completion.chunk` objects with `choices[0].delta.content`, a chunk with the
 *   `finish_reason`, with `stream_options.include_usage` a last chunk with `choices: []` and the
 *   `usage`, then `data: [DONE]`; an error breaks the stream as `data: {"error": {...}}`.
 * - Anthropic, "Streaming Messages" (https://docs.anthropic.com/en/docs/build-with-claude/streaming):
 *   `message_start`, `content_block_start`, `ping`, one `content_block_delta` (`text_delta`)
 *   per piece, `content_block_stop`, `message_delta` (stop_reason, output_tokens),
 *   `message_stop`; an error is `event: error` with `{type: 'error', error}`.
 * - Gemini, `streamGenerateContent?alt=sse` (https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent):
 *   one GenerateContentResponse per piece, the last with `finishReason` and the whole
 *   `usageMetadata`.
 * The counts are those of the stand-in's whole answers, so a streamed answer reads the same.
 */
export type StreamedProvider = 'openai' | 'anthropic' | 'gemini';

/** The events of one answer: before its text, one per piece, and after (the end, or an error). */
export interface StreamEvents {
  before: string[];
  pieces: string[];
  after: string[];
}

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const named = (event: string, value: unknown) => `event: ${event}\n${data(value)}`;

function openAiEvents(model: string, pieces: string[], error?: string): StreamEvents {
  const chunk = (delta: object, finish: string | null = null) =>
    data({
      id: 'chatcmpl-standin',
      object: 'chat.completion.chunk',
      created: 1_764_000_000,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      usage: null,
    });
  const end = [
    chunk({}, 'stop'),
    data({
      id: 'chatcmpl-standin',
      object: 'chat.completion.chunk',
      created: 1_764_000_000,
      model,
      choices: [],
      usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
    }),
    'data: [DONE]\n\n',
  ];
  return {
    before: [chunk({ role: 'assistant', content: '' })],
    pieces: pieces.map((content) => chunk({ content })),
    after: error ? [data({ error: { message: error, type: 'server_error' } })] : end,
  };
}

function anthropicEvents(model: string, pieces: string[], error?: string): StreamEvents {
  const end = [
    named('content_block_stop', { type: 'content_block_stop', index: 0 }),
    named('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 6 },
    }),
    named('message_stop', { type: 'message_stop' }),
  ];
  return {
    before: [
      named('message_start', {
        type: 'message_start',
        message: {
          id: 'msg_standin',
          type: 'message',
          role: 'assistant',
          content: [],
          model,
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 13, output_tokens: 1 },
        },
      }),
      named('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'text', text: '' },
      }),
      named('ping', { type: 'ping' }),
    ],
    pieces: pieces.map((text) =>
      named('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text },
      }),
    ),
    after: error
      ? [named('error', { type: 'error', error: { type: 'overloaded_error', message: error } })]
      : end,
  };
}

function geminiEvents(model: string, pieces: string[], error?: string): StreamEvents {
  const chunk = (text: string, last: boolean) =>
    data({
      candidates: [
        {
          content: { role: 'model', parts: [{ text }] },
          index: 0,
          ...(last ? { finishReason: 'STOP' } : {}),
        },
      ],
      usageMetadata: last
        ? { promptTokenCount: 17, candidatesTokenCount: 5, totalTokenCount: 22 }
        : { promptTokenCount: 17, totalTokenCount: 17 },
      modelVersion: model,
    });
  const all = pieces.map((text, index) => chunk(text, !error && index === pieces.length - 1));
  return {
    before: [],
    pieces: all,
    after: error ? [data({ error: { code: 500, message: error, status: 'INTERNAL' } })] : [],
  };
}

export function streamEvents(
  provider: StreamedProvider,
  model: string,
  pieces: string[],
  error?: string,
): StreamEvents {
  const made = { openai: openAiEvents, anthropic: anthropicEvents, gemini: geminiEvents };
  return made[provider](model, pieces.length ? pieces : [''], error);
}

/** A text cut the way a model writes it: a word and the spaces after it per piece. */
export const piecesOf = (text: string) => text.match(/\S+\s*|\s+/g) ?? [''];

/**
 * Writes the events one by one; after the first `holdAfter` pieces it waits for `hold` (the
 * test says when the rest may go).
 */
export async function writeStream(
  response: ServerResponse,
  events: StreamEvents,
  hold?: { after: number; until: Promise<void> },
): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const write = (event: string) =>
    new Promise<void>((resolve) =>
      response.write(event) ? resolve() : response.once('drain', resolve),
    );
  for (const event of events.before) await write(event);
  for (const [index, event] of events.pieces.entries()) {
    if (hold && index === hold.after) await hold.until;
    await write(event);
  }
  for (const event of events.after) await write(event);
  response.end();
}
