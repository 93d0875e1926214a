import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import type { ServiceAccount } from '../../ports';
import { llmProviders, type ChatCall, type LlmProvider } from './llm-providers';
import { openChatStream, type ChatStream } from './llm-streams';

// The streams as the vendors document them: OpenAI's Chat Completions "Streaming"
// (https://platform.openai.com/docs/api-reference/chat-streaming, `stream_options.include_usage`),
// Anthropic's "Streaming Messages" (https://docs.anthropic.com/en/docs/build-with-claude/streaming),
// Gemini's streamGenerateContent with alt=sse
// (https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent).
const m = messages.llm;

const providerOf = (id: LlmProvider['id']) => llmProviders.find((each) => each.id === id)!;
const account: ServiceAccount = {
  _id: 'conta',
  name: 'IA',
  type: 'openai_compatible',
  data: { api_key: 'sk-segredo' },
};
const call = (model: string): ChatCall => ({
  model,
  system: 'Seja breve.',
  turns: [{ role: 'user', text: 'Oi' }],
  maxTokens: 256,
  json: false,
});
const sse = { 'content-type': 'text/event-stream; charset=utf-8' };
const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const named = (event: string, value: unknown) => `event: ${event}\n${data(value)}`;

/** The body given to `onChunk` every `size` bytes (cutting lines, JSON and characters), then ended. */
function play(stream: ChatStream, body: string, size = 7, head = { status: 200, headers: sse }) {
  const bytes = new TextEncoder().encode(body);
  for (let from = 0; from < bytes.length; from += size)
    stream.request.onChunk!(bytes.slice(from, from + size), head);
  return stream.end({ ...head, body });
}

/** A stream of `provider` that records each text `onText` was told. */
function open(id: LlmProvider['id'], model = 'modelo') {
  const texts: string[] = [];
  const stream = openChatStream(providerOf(id), call(model), account, (text) => texts.push(text));
  return { stream, texts };
}

const openAiChunk = (delta: object, finish: string | null = null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_764_000_000,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  usage: null,
});
const openAiStream =
  data(openAiChunk({ role: 'assistant', content: '' })) +
  data(openAiChunk({ content: 'Pedido ' })) +
  data(openAiChunk({ content: 'aprovação ok.' })) +
  data(openAiChunk({}, 'stop')) +
  data({ ...openAiChunk({}), choices: [], usage: { prompt_tokens: 12, completion_tokens: 5 } }) +
  'data: [DONE]\n\n';

const anthropicStream = (...middle: string[]) =>
  named('message_start', {
    type: 'message_start',
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [],
      model: 'claude-sonnet-4-5',
      stop_reason: null,
      usage: { input_tokens: 25, output_tokens: 1 },
    },
  }) +
  named('content_block_start', {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'text', text: '' },
  }) +
  named('ping', { type: 'ping' }) +
  middle.join('') +
  named('content_block_stop', { type: 'content_block_stop', index: 0 }) +
  named('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: 15 },
  }) +
  named('message_stop', { type: 'message_stop' });
const textDelta = (text: string) =>
  named('content_block_delta', {
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'text_delta', text },
  });

const geminiChunk = (parts: object[], extra: object = {}) => ({
  candidates: [{ content: { role: 'model', parts }, index: 0, ...extra }],
  usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 },
  modelVersion: 'gemini-2.5-flash',
});

describe('streamed answers', () => {
  it('OpenAI: asks with stream and include_usage; pieces cut anywhere give the same answer as the whole call', () => {
    const { stream, texts } = open('openai', 'gpt-4o-mini');
    expect(stream.request.json).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
    const streamed = play(stream, openAiStream);
    const whole = providerOf('openai').read(
      {
        model: 'gpt-4o-mini-2024-07-18',
        choices: [{ index: 0, message: { role: 'assistant', content: 'Pedido aprovação ok.' } }],
        usage: { prompt_tokens: 12, completion_tokens: 5 },
      },
      call('gpt-4o-mini'),
    );
    expect(streamed).toEqual(whole);
    expect(streamed).toMatchObject({ tokens: { entrada: 12, saida: 5 } });
    expect(texts).toEqual(['Pedido ', 'Pedido aprovação ok.']);
  });

  it('Anthropic: text deltas joined, thinking left out, input tokens from message_start, output from message_delta', () => {
    const { stream, texts } = open('anthropic', 'claude-sonnet-4-5');
    expect(stream.request.json).toMatchObject({ stream: true });
    const thinking = named('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: 'pensando' },
    });
    const streamed = play(
      stream,
      anthropicStream(textDelta('Olá, '), thinking, textDelta('tudo certo.')),
    );
    expect(streamed).toEqual({
      text: 'Olá, tudo certo.',
      model: 'claude-sonnet-4-5',
      tokens: { entrada: 25, saida: 15 },
    });
    expect(texts).toEqual(['Olá, ', 'Olá, tudo certo.']);
  });

  it('Gemini: asks :streamGenerateContent?alt=sse; the last usage counts; thoughts left out', () => {
    const { stream, texts } = open('gemini', 'models/gemini-2.5-flash');
    expect(stream.request.path).toBe('v1beta/models/gemini-2.5-flash:streamGenerateContent');
    expect(stream.request.query).toEqual({ alt: 'sse' });
    const body =
      data(geminiChunk([{ text: 'rascunho', thought: true }, { text: 'Tudo ' }])).replace(
        /\n/g,
        '\r\n',
      ) +
      data({
        ...geminiChunk([{ text: 'certo.' }], { finishReason: 'STOP' }),
        usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 6, totalTokenCount: 14 },
      });
    expect(play(stream, body, 5)).toEqual({
      text: 'Tudo certo.',
      model: 'gemini-2.5-flash',
      tokens: { entrada: 8, saida: 6 },
    });
    expect(texts).toEqual(['Tudo ', 'Tudo certo.']);
  });

  it("an error event in the middle fails in pt-BR with the provider's reason, the key hidden", () => {
    const { stream } = open('anthropic');
    const broken =
      anthropicStream(textDelta('Olá')).split('event: content_block_stop')[0] +
      named('error', {
        type: 'error',
        error: { type: 'overloaded_error', message: 'Overloaded (sk-segredo)' },
      });
    expect(play(stream, broken)).toEqual({
      failed: m.streamFailed('A Anthropic', 'Overloaded (***)'),
    });
    const openAi = open('openai').stream;
    const body =
      data(openAiChunk({ content: 'Ped' })) + data({ error: { message: 'Server error' } });
    expect(play(openAi, body)).toEqual({
      failed: 'A API compatível com OpenAI interrompeu a resposta: Server error',
    });
  });

  it('a stream that ends before the provider said it was whole fails instead of giving half an answer', () => {
    const { stream, texts } = open('openai');
    const cut = data(openAiChunk({ content: 'Pedido ' }));
    expect(play(stream, cut)).toEqual({
      failed: 'A API compatível com OpenAI encerrou a resposta antes do fim.',
    });
    expect(texts).toEqual(['Pedido ']);
    const gemini = open('gemini').stream;
    expect(play(gemini, data(geminiChunk([{ text: 'Tudo' }])))).toEqual({
      failed: m.streamCut('O Google Gemini'),
    });
  });

  it('a piece that is not JSON fails saying so; a blocked prompt has no text, as in the whole call', () => {
    const { stream } = open('anthropic');
    expect(play(stream, 'event: content_block_delta\ndata: {"type": "content_bl\n\n')).toEqual({
      failed: m.streamUnreadable('A Anthropic', m.streamNotJson),
    });
    const gemini = open('gemini').stream;
    const blocked = data({
      promptFeedback: { blockReason: 'SAFETY' },
      modelVersion: 'gemini-2.5-flash',
    });
    expect(play(gemini, blocked)).toEqual({ missing: 'SAFETY' });
  });

  it('reads no refusal as a stream, and a server that ignores stream and answers JSON is read whole', () => {
    const { stream, texts } = open('openai');
    stream.request.onChunk!(new TextEncoder().encode(data(openAiChunk({ content: 'x' }))), {
      status: 429,
      headers: sse,
    });
    expect(texts).toEqual([]);
    const whole = {
      model: 'llama3.2:3b',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Oi!' } }],
      usage: { prompt_tokens: 3, completion_tokens: 2 },
    };
    const json = { 'content-type': 'application/json' };
    expect(stream.end({ status: 200, headers: json, body: whole })).toEqual({
      text: 'Oi!',
      model: 'llama3.2:3b',
      tokens: { entrada: 3, saida: 2 },
    });
  });
});
