import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createLogStream } from './log-stream';
import type { LogStreamSettings } from './log-stream.config';

const loaded = vi.hoisted(() => ({ webhook: 0, syslog: 0, otlp: 0, batches: [] as unknown[][] }));
vi.mock('./destinations/webhook-sender', () => {
  loaded.webhook++;
  return {
    createWebhookSender: () => ({
      send: async (batch: unknown[]) => void loaded.batches.push(batch),
      close: async () => {},
    }),
  };
});
vi.mock('./destinations/syslog-sender', () => {
  loaded.syslog++;
  return { createSyslogSender: () => ({ send: vi.fn(), close: vi.fn() }) };
});
vi.mock('./destinations/otlp-sender', () => {
  loaded.otlp++;
  return { createOtlpSender: () => ({ send: vi.fn(), close: vi.fn() }) };
});

const base = { bufferSize: 10, batchSize: 5, intervalMs: 10_000 };
const deps = { now: () => new Date('2026-12-02T12:00:00Z'), warn: vi.fn(), metrics: null };

describe('log streaming switch', () => {
  it('is null without a destination, and then loads no sender', async () => {
    expect(createLogStream({ ...base, destinations: [] }, deps)).toBeNull();
    await Promise.resolve();
    expect(loaded).toMatchObject({ webhook: 0, syslog: 0, otlp: 0 });
  });

  it('loads a destination’s sender on its first batch only, and sends it the streams it takes', async () => {
    const settings: LogStreamSettings = {
      ...base,
      destinations: [
        { kind: 'webhook', streams: ['execution_ends'], url: 'http://c/', secret: null },
      ],
    };
    const stream = createLogStream(settings, deps)!;
    const runner = new EventEmitter();
    stream.observeRunner(runner);
    stream.executionLog({
      workspaceId: 'w',
      flowId: 'f',
      executionId: 'e',
      type: 'user',
      label: 'L',
      message: { total: 2 },
      createdAt: new Date(),
    });
    runner.emit(
      'finished',
      { execution_id: 'e', status: 'waiting', execution_time: 1, steps: 1 },
      {},
    );
    expect(loaded.webhook).toBe(0);
    const execution = {
      id: 'e',
      workspaceId: 'w',
      flowId: 'f',
      triggerType: 'core_manual_trigger',
    };
    runner.emit(
      'finished',
      {
        execution_id: 'e',
        status: 'error',
        error: { message: 'falhou', node_uid: 'n1' },
        execution_time: 7,
        steps: 2,
      },
      execution,
    );
    await stream.flush();
    expect(loaded.webhook).toBe(1);
    expect(loaded.batches).toEqual([
      [
        {
          stream: 'execution_ends',
          time: '2026-12-02T12:00:00.000Z',
          workspaceId: 'w',
          flowId: 'f',
          executionId: 'e',
          triggerType: 'core_manual_trigger',
          status: 'error',
          durationMs: 7,
          steps: 2,
          error: 'falhou',
          errorNodeUid: 'n1',
        },
      ],
    ]);
    // A flow that stores personal data masked: the error's text is not streamed.
    runner.emit(
      'finished',
      {
        execution_id: 'e',
        status: 'error',
        error: { message: 'CPF 123' },
        execution_time: 1,
        steps: 1,
      },
      { ...execution, personalDataMasked: true },
    );
    await stream.close(1_000);
    expect(loaded.batches[1]).toEqual([expect.objectContaining({ error: null })]);
    expect(loaded.syslog + loaded.otlp).toBe(0);
  });
});
