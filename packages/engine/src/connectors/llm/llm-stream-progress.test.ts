import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { EngineEvent } from '../../executor/events';
import { progressIntervalMs } from '../../executor/node-context';
import { chunkedResponse } from '../../testing/fake-ports';
import { createHarness } from '../../testing/engine-harness';
import { answering, openAiStreamEvents, portsWithOpenAi } from './llm-test-fixtures';

// An OpenAI-compatible model streaming its answer as OpenAI's Chat Completions "Streaming"
// documents it (https://platform.openai.com/docs/api-reference/chat-streaming), through the
// executor: what the live editor gets (node_progress) and what the flow gets.

const pieces = ['O pedido ', '42 ', 'foi ', 'aprovado ', 'e ', 'sai ', 'amanhã', '.'];
const answer = pieces.join('');

const flow = (params: Record<string, unknown>): FlowDocument => ({
  version: 1,
  nodes: [
    { uid: 't', type: 'test_trigger', typeVersion: 1, params: {}, position: { x: 0, y: 0 } },
    {
      uid: 'ia',
      type: 'svc_llm',
      typeVersion: 1,
      params: { service_account: 'openai', model: 'gpt-4o-mini', message: 'Status?', ...params },
      position: { x: 200, y: 0 },
    },
  ],
  edges: [{ id: 'e1', source: 't', sourceOutput: 'default', target: 'ia' }],
});

type Progress = Extract<EngineEvent, { type: 'node_progress' }>;
const progressOf = (events: EngineEvent[]) =>
  events.filter((event): event is Progress => event.type === 'node_progress');

/** A run whose model streams the answer, each piece `gapMs` of fake time after the last. */
async function streamedRun(gapMs: number, params: Record<string, unknown> = {}) {
  const harness = createHarness({ ports: portsWithOpenAi() });
  harness.ports.httpHandler = () => chunkedResponse(openAiStreamEvents(pieces), { gapMs });
  const result = await harness.run(flow(params));
  return { harness, result };
}

describe("'Modelo de linguagem' streaming to the live editor", () => {
  it('tells the growing text in order, at most once per interval, the final text always, between start and finish', async () => {
    const { harness, result } = await streamedRun(40);
    expect(result.status).toBe('success');
    const progress = progressOf(harness.events);
    const texts = progress.map((event) => event.text);
    // Throttled: fewer events than pieces, yet more than one.
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.length).toBeLessThan(pieces.length);
    texts.forEach((text, index) => {
      expect(answer.startsWith(text)).toBe(true);
      if (index > 0) expect(text.length).toBeGreaterThan(texts[index - 1]!.length);
    });
    expect(texts.at(-1)).toBe(answer);
    // Each one at least the interval after the previous, but the final one.
    const times = progress.slice(0, -1).map((event) => event.timestamp);
    times.slice(1).forEach((time, index) => {
      expect(time - times[index]!).toBeGreaterThanOrEqual(progressIntervalMs);
    });
    expect(progress.every((event) => event.node_uid === 'ia' && event.node_type === 'svc_llm')).toBe(
      true,
    );
    const order = harness.events
      .filter((event) => 'node_uid' in event && event.node_uid === 'ia')
      .map((event) => event.type);
    expect(order[0]).toBe('node_started');
    expect(order.at(-1)).toBe('node_finished');
    expect(new Set(order.slice(1, -1))).toEqual(new Set(['node_progress']));
    // Never a log line.
    expect(harness.events.some((event) => event.type === 'log')).toBe(false);
  });

  it('gives the flow the same message as the answer read whole', async () => {
    const { harness, result } = await streamedRun(0);
    const whole = createHarness({ ports: portsWithOpenAi() });
    answering(whole.ports, answer);
    const wholeResult = await whole.run(flow({}));
    expect(result.lastMessage).toEqual(wholeResult.lastMessage);
    expect(result.lastMessage).toMatchObject({
      payload: answer,
      llm: { model: 'gpt-4o-mini-2024-07-18', tokens: { entrada: 12, saida: 5 } },
    });
    // With no time between the pieces only the first and the final texts go out.
    expect(progressOf(harness.events).map((event) => event.text)).toEqual([pieces[0], answer]);
  });

  it('puts masked personal data back in the growing text, as in the answer', async () => {
    const harness = createHarness({ ports: portsWithOpenAi() });
    harness.ports.httpHandler = () =>
      chunkedResponse(openAiStreamEvents(['Cliente ', '[CPF_1] ', 'aprovado.']), { gapMs: 200 });
    const result = await harness.run(flow({ message: 'CPF 529.982.247-25' }));
    expect(progressOf(harness.events).map((event) => event.text)).toEqual([
      'Cliente ',
      'Cliente 529.982.247-25 ',
      'Cliente 529.982.247-25 aprovado.',
    ]);
    expect(result.lastMessage).toMatchObject({ payload: 'Cliente 529.982.247-25 aprovado.' });
  });

  it('a JSON answer is read whole: nothing streamed, no progress', async () => {
    const harness = createHarness({ ports: portsWithOpenAi() });
    answering(harness.ports, '{"ok": true}');
    await harness.run(flow({ response_format: 'json' }));
    expect(JSON.parse(String(harness.ports.httpCalls[0]!.body)).stream).toBeUndefined();
    expect(progressOf(harness.events)).toEqual([]);
  });
});
