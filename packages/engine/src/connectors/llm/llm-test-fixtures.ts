import type { HttpRequest } from '../../ports';
import { createFakePorts, jsonResponse } from '../../testing/fake-ports';

/**
 * An OpenAI-compatible account and answers as OpenAI's Chat Completions documents them
 * (https://platform.openai.com/docs/api-reference/chat/create), for the AI nodes' tests.
 */
export function portsWithOpenAi() {
  const ports = createFakePorts();
  ports.accounts.openai = {
    _id: 'openai',
    name: 'OpenAI da loja',
    type: 'openai_compatible',
    data: { api_url: 'https://api.openai.com/v1', api_key: 'sk-segredo' },
  };
  return ports;
}

/** The model's answers in order, one per call; the last repeats. */
export function answering(ports: ReturnType<typeof createFakePorts>, ...contents: string[]) {
  ports.httpHandler = () =>
    jsonResponse(200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'gpt-4o-mini-2024-07-18',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: contents.length > 1 ? contents.shift()! : contents[0]!,
          },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
    });
}

/**
 * OpenAI's answer with text, or with tool calls whose arguments are a JSON text
 * (https://platform.openai.com/docs/guides/function-calling).
 */
export function openAiToolAnswer(content: string | null, calls: [string, string, unknown][] = []) {
  return jsonResponse(200, {
    model: 'gpt-4o-mini',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          ...(calls.length
            ? {
                tool_calls: calls.map(([id, name, args]) => ({
                  id,
                  type: 'function',
                  function: { name, arguments: JSON.stringify(args) },
                })),
              }
            : {}),
        },
        finish_reason: calls.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 3 },
  });
}

/** The chat messages of a call, as sent. */
export const turnsOf = (call: HttpRequest) =>
  (JSON.parse(String(call.body)) as { messages: { role: string; content: string }[] }).messages;

/**
 * An answer as OpenAI streams it (https://platform.openai.com/docs/api-reference/chat-streaming,
 * `stream_options.include_usage`): one `data:` event per piece of text, the finish, the usage,
 * then `[DONE]`; the same answer `answering` gives whole.
 */
export function openAiStreamEvents(pieces: string[]): string[] {
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      model: 'gpt-4o-mini-2024-07-18',
      choices: [{ index: 0, delta, finish_reason: finish }],
      usage: null,
    })}\n\n`;
  return [
    chunk({ role: 'assistant', content: '' }),
    ...pieces.map((content) => chunk({ content })),
    chunk({}, 'stop'),
    `data: ${JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      model: 'gpt-4o-mini-2024-07-18',
      choices: [],
      usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
    })}\n\n`,
    'data: [DONE]\n\n',
  ];
}
