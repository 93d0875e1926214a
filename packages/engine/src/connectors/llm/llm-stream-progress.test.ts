import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { EngineEvent } from '../../executor/events';
import { progressIntervalMs } from '../../executor/node-context';
import { chunkedResponse } from '../../testing/fake-ports';
import { createHarness } from '../../testing/engine-harness';
import { createFakeTimers } from '../../testing/fake-timers';
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

/**
 * An engine on one fake clock (the executor's and the clock port's), its OpenAI-compatible
 * account answering with `pieces` streamed; `between` runs before each piece after the first.
 */
function streaming(
  between: (tick: (ms: number) => void, index: number) => unknown = () => {},
  events = openAiStreamEvents(pieces),
) {
  const timers = createFakeTimers();
  const harness = createHarness({ ports: portsWithOpenAi(), timers });
  const origin = harness.ports.time;
  harness.ports.clock.now = () => origin + timers.now();
  const tick = (ms: number) => timers.advance(ms);
  harness.ports.httpHandler = () =>
    chunkedResponse(events, {
      between: async (index) => void (await between(tick, index)),
    });
  return Object.assign(harness, { tick });
}

/** A run whose model streams the answer, each piece `gapMs` after the last. */
async function streamedRun(gapMs: number, params: Record<string, unknown> = {}) {
  const harness = streaming((tick) => tick(gapMs));
  const result = await harness.run(flow(params));
  return { harness, result };
}

describe("'Modelo de linguagem' streaming to the live editor", () => {
  it('tells the growing text in order, at most once per interval, the final text always, between start and finish', async () => {
    const { harness, result } = await streamedRun(40);
    expect(result.status).toBe('success');
    const progress = progressOf(harness.events);
    const texts = progress.map((event) => event.text);
    // Pieces 40 ms apart: the first at once, then 100 ms after each the latest text by then.
    expect(texts).toEqual(['O pedido ', 'O pedido 42 foi ', 'O pedido 42 foi aprovado e ', answer]);
    texts.forEach((text) => expect(answer.startsWith(text)).toBe(true));
    // Each one at least the interval after the previous, but the final one.
    const times = progress.slice(0, -1).map((event) => event.timestamp);
    times.slice(1).forEach((time, index) => {
      expect(time - times[index]!).toBeGreaterThanOrEqual(progressIntervalMs);
    });
    expect(
      progress.every((event) => event.node_uid === 'ia' && event.node_type === 'svc_llm'),
    ).toBe(true);
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

  it('a pause in the middle of the answer still shows the text that came before it', async () => {
    let seenInPause: string[] = [];
    const harness = streaming((tick, index) => {
      tick(10);
      if (index !== 4) return;
      // Three pieces came 10 ms apart: only the first went out; the model now stops a while.
      tick(150);
      seenInPause = progressOf(harness.events).map((event) => event.text);
    });
    await harness.run(flow({}));
    expect(seenInPause).toEqual(['O pedido ', 'O pedido 42 foi ']);
  });

  it('a stream broken off fails the node and tells nothing after it', async () => {
    // Three pieces 10 ms apart, then the provider's error: a text is still waiting its turn.
    const events = openAiStreamEvents(pieces).slice(0, 4);
    const error = 'data: {"error": {"message": "Server error"}}\n\n';
    const harness = streaming((tick) => tick(10), [...events, error]);
    const result = await harness.run(flow({}));
    expect(result.status).toBe('error');
    expect(result.error?.message).toBe(
      'A API compatível com OpenAI interrompeu a resposta: Server error',
    );
    harness.tick(1_000);
    const order = harness.events.map((event) => event.type);
    expect(order.filter((type) => type === 'node_progress')).toHaveLength(1);
    expect(order.lastIndexOf('node_progress')).toBeLessThan(order.indexOf('node_failed'));
  });

  it('puts masked personal data back in the growing text, as in the answer', async () => {
    const timers = createFakeTimers();
    const harness = createHarness({ ports: portsWithOpenAi(), timers });
    harness.ports.httpHandler = () =>
      chunkedResponse(openAiStreamEvents(['Cliente ', '[CPF_1] ', 'aprovado.']), {
        between: () => timers.advance(200),
      });
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
