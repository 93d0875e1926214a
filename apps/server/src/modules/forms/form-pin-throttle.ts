import { limits } from '@ponte/shared/limits';
import { addressKey } from '../triggers/webhook-limits';

/** A refusal of the PIN throttle: the seconds until the window ends, and its minutes. */
export interface PinThrottle {
  retryAfterSeconds: number;
  minutes: number;
}

interface Window {
  failures: number;
  startedAt: number;
}

export interface PinThrottleOptions {
  attempts?: number;
  windowMs?: number;
  /** Milliseconds since some origin (default: `Date.now`). */
  now?: () => number;
  /** Keys kept at most; the oldest windows are dropped past it (default 10 000). */
  maxKeys?: number;
}

/**
 * Wrong PINs per form and client address (docs/adr/0038): `limits.formPinAttempts` wrong PINs
 * in a window of `limits.formPinWindowMs` (counted from the first), then every attempt, a right
 * PIN too, is refused until the window ends. An IPv6 client counts as its /64, like webhooks.
 */
export function createPinThrottle(options: PinThrottleOptions = {}) {
  const attempts = options.attempts ?? limits.formPinAttempts;
  const windowMs = options.windowMs ?? limits.formPinWindowMs;
  const now = options.now ?? (() => Date.now());
  const maxKeys = options.maxKeys ?? 10_000;
  const windows = new Map<string, Window>();
  const keyOf = (formId: string, address: string) => `${formId} ${addressKey(address)}`;

  const current = (key: string, at: number): Window | undefined => {
    const window = windows.get(key);
    if (window && at - window.startedAt >= windowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  return {
    /** Undefined when the address may try a PIN of the form now. */
    check(formId: string, address: string): PinThrottle | undefined {
      const at = now();
      const window = current(keyOf(formId, address), at);
      if (!window || window.failures < attempts) return undefined;
      const remainingMs = window.startedAt + windowMs - at;
      return {
        retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)),
        minutes: Math.max(1, Math.ceil(remainingMs / 60_000)),
      };
    },
    /** Counts a wrong PIN. */
    fail(formId: string, address: string): void {
      const at = now();
      const key = keyOf(formId, address);
      const window = current(key, at);
      if (window) {
        window.failures++;
        return;
      }
      if (windows.size >= maxKeys) {
        const oldest = windows.keys().next();
        if (!oldest.done) windows.delete(oldest.value);
      }
      windows.set(key, { failures: 1, startedAt: at });
    },
  };
}

export type PinThrottleGuard = ReturnType<typeof createPinThrottle>;
