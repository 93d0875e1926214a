import { createBackoff } from '../../lib/backoff';
import type { StreamEvent, StreamName } from './stream-event';

/** What a queue tells of its events, by stream (the metrics, the dropped warning). */
export interface QueueCounters {
  sent(stream: StreamName, count: number): void;
  /** Events a failed attempt carried (each retry counts them again). */
  failed(stream: StreamName, count: number): void;
  dropped(stream: StreamName, count: number): void;
}

export interface StreamQueueOptions {
  /** Sends one batch; a rejection keeps it at the head for the next try. */
  send(batch: StreamEvent[]): Promise<void>;
  /** Events kept while the destination does not take them; the oldest go past it. */
  capacity: number;
  batchSize: number;
  /** At most this long between an event and the try that sends it. */
  intervalMs: number;
  minRetryMs?: number;
  maxRetryMs?: number;
  counters: QueueCounters;
  onFailed(error: unknown): void;
}

export interface StreamQueue {
  /** Takes an event; never waits, never throws. */
  push(event: StreamEvent): void;
  /** Events held now: those waiting and the batch being sent, until it is taken. */
  readonly size: number;
  /** Sends what waits now; resolves when sent or at the first failure. */
  flush(): Promise<void>;
  /** Tries for at most `waitMs` to send what waits; the rest is dropped and counted. */
  close(waitMs: number): Promise<void>;
}

function countByStream(events: readonly StreamEvent[], count: (s: StreamName, n: number) => void) {
  const totals = new Map<StreamName, number>();
  for (const event of events) totals.set(event.stream, (totals.get(event.stream) ?? 0) + 1);
  for (const [stream, total] of totals) count(stream, total);
}

/**
 * One destination's bounded queue (docs/adr/0132): batches leave at `batchSize` events or
 * `intervalMs` after the first one waiting; a failed batch goes back to the head and is tried
 * again after a backoff (doubling from `minRetryMs` up to `maxRetryMs`), while new events keep
 * arriving behind it. Past `capacity` the OLDEST events are dropped and counted, so memory stays
 * bounded whatever the destination does.
 */
export function createStreamQueue(options: StreamQueueOptions): StreamQueue {
  const { capacity, batchSize, counters } = options;
  const backoff = createBackoff(options.minRetryMs ?? 500, options.maxRetryMs ?? 60_000);
  const waiting: StreamEvent[] = [];
  /** The events of the batch on its way: still held until the destination takes them. */
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | null = null;
  /** A try failed: the scheduled retry sends, new events only wait. */
  let retrying = false;
  let closed = false;

  const trim = () => {
    if (waiting.length <= capacity) return;
    countByStream(waiting.splice(0, waiting.length - capacity), counters.dropped);
  };

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), ms);
    timer.unref();
  };

  const drain = async () => {
    while (waiting.length) {
      const batch = waiting.splice(0, batchSize);
      inFlight = batch.length;
      try {
        await options.send(batch);
      } catch (error) {
        inFlight = 0;
        countByStream(batch, counters.failed);
        waiting.unshift(...batch);
        trim();
        retrying = true;
        options.onFailed(error);
        if (!closed) schedule(backoff.next());
        return;
      }
      inFlight = 0;
      countByStream(batch, counters.sent);
      backoff.reset();
      retrying = false;
    }
  };

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    sending ??= drain().finally(() => {
      sending = null;
    });
    return sending;
  }

  return {
    push(event) {
      if (closed) return counters.dropped(event.stream, 1);
      waiting.push(event);
      trim();
      if (retrying || sending) return;
      if (waiting.length >= batchSize) void flush();
      else if (!timer) schedule(options.intervalMs);
    },
    get size() {
      return waiting.length + inFlight;
    },
    flush,
    async close(waitMs) {
      closed = true;
      let expired = false;
      const limit = new Promise<void>((resolve) => {
        const stop = setTimeout(() => {
          expired = true;
          resolve();
        }, waitMs);
        stop.unref();
      });
      const tryAll = async () => {
        await sending;
        while (waiting.length && !expired) {
          const before = waiting.length;
          await flush();
          if (waiting.length >= before) break;
        }
      };
      await Promise.race([tryAll(), limit]);
      clearTimeout(timer);
      countByStream(waiting.splice(0), counters.dropped);
    },
  };
}
