import { limits } from '@ponte/shared/limits';
import { addressKey } from '../triggers/webhook-limits';

/** A refusal of the PIN throttle: the seconds until the address may try again. */
export interface PinThrottle {
  retryAfterSeconds: number;
}

interface Record {
  failures: number;
  /** When the address may try again (no earlier than this). */
  nextAt: number;
  lastFailureAt: number;
}

export interface PinThrottleOptions {
  /** Wrong PINs tried without waiting (default `limits.formPinFreeAttempts`). */
  freeAttempts?: number;
  /** The first wait; each wrong PIN after it doubles it (default 1 s). */
  firstDelayMs?: number;
  /** The longest wait (default `limits.formPinMaxDelayMs`). */
  maxDelayMs?: number;
  /** Without a wrong PIN for this long, an address starts afresh (default 15 min). */
  forgetAfterMs?: number;
  /** Milliseconds since some origin (default: `Date.now`). */
  now?: () => number;
  /** Keys kept at most; the oldest are dropped past it (default 10 000). */
  maxKeys?: number;
}

/**
 * Wrong PINs per form and client address (docs/adr/0038, 0082): the first
 * `freeAttempts` cost nothing, then each wrong PIN makes that address wait before its next try,
 * 1 s, 2 s, 4 s… up to `maxDelayMs`. While it waits every try is refused unchecked (a right PIN
 * too: checking it would let a guesser go on at full speed). The wait is short for someone
 * behind the same office address who types the right PIN, and a guesser who keeps going gets
 * one try per `maxDelayMs`. An IPv6 client counts as its /64, like webhooks.
 */
export function createPinThrottle(options: PinThrottleOptions = {}) {
  const freeAttempts = options.freeAttempts ?? limits.formPinFreeAttempts;
  const firstDelayMs = options.firstDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? limits.formPinMaxDelayMs;
  const forgetAfterMs = options.forgetAfterMs ?? limits.formPinForgetMs;
  const now = options.now ?? (() => Date.now());
  const maxKeys = options.maxKeys ?? 10_000;
  const records = new Map<string, Record>();
  const keyOf = (formId: string, address: string) => `${formId} ${addressKey(address)}`;

  const current = (key: string, at: number): Record | undefined => {
    const record = records.get(key);
    if (record && at - record.lastFailureAt >= forgetAfterMs) {
      records.delete(key);
      return undefined;
    }
    return record;
  };

  /** The wait after the `failures`-th wrong PIN: none, then doubling from the first delay. */
  const delayAfter = (failures: number) =>
    failures < freeAttempts
      ? 0
      : Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - freeAttempts, 30));

  return {
    /** Undefined when the address may try a PIN of the form now. */
    check(formId: string, address: string): PinThrottle | undefined {
      const at = now();
      const record = current(keyOf(formId, address), at);
      if (!record || at >= record.nextAt) return undefined;
      return { retryAfterSeconds: Math.max(1, Math.ceil((record.nextAt - at) / 1000)) };
    },
    /** Counts a wrong PIN. */
    fail(formId: string, address: string): void {
      const at = now();
      const key = keyOf(formId, address);
      const record = current(key, at) ?? { failures: 0, nextAt: at, lastFailureAt: at };
      record.failures++;
      record.lastFailureAt = at;
      record.nextAt = at + delayAfter(record.failures);
      records.delete(key); // most recent last: the oldest are dropped first
      if (records.size >= maxKeys) {
        const oldest = records.keys().next();
        if (!oldest.done) records.delete(oldest.value);
      }
      records.set(key, record);
    },
  };
}

export type PinThrottleGuard = ReturnType<typeof createPinThrottle>;
