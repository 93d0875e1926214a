import { z } from 'zod';
import { text } from '../text';
import { matchesSearch } from '../search-text';

/**
 * A node's 'Em caso de erro' (docs/adr/0110): how many new attempts, how long between them,
 * on which failures, and what happens once they are spent (or the failure did not match).
 */
export const retryStatusSchema = z.string().regex(/^([1-5]\d\d|4xx|5xx)$/);

export const nodeOnErrorSchema = z.object({
  /** New attempts after the first (0: none). */
  retries: z.number().int().min(0).max(10),
  backoff: z.enum(['fixed', 'exponential']),
  /** The first gap; with `fixed`, every gap. */
  base_ms: z
    .number()
    .int()
    .min(100)
    .max(24 * 3_600_000),
  /** Exponential: each gap is the previous one times this. */
  factor: z.number().min(1).max(10),
  /** No gap is longer (a `Retry-After` the server sends is honoured up to one day). */
  max_ms: z
    .number()
    .int()
    .min(100)
    .max(24 * 3_600_000),
  /** Each gap is drawn between half of it and all of it, so callers failing together spread. */
  jitter: z.boolean(),
  /** Which failures are tried again; absent: every failure. */
  match: z
    .object({
      /** HTTP statuses: a code ('429', '503') or a class ('4xx', '5xx'). */
      statuses: z.array(retryStatusSchema).max(20),
      timeouts: z.boolean(),
      network: z.boolean(),
      /** A text the message contains (accents and case ignored), or `/regex/flags`. */
      text: text().max(500),
    })
    .optional(),
  /**
   * Once the attempts are spent: the `error` output, stop the execution, or go on with the
   * node's input by its first output. Absent: the `error` output when connected, else stop.
   */
  then: z.enum(['error', 'stop', 'continue']).optional(),
});
export type NodeOnError = z.infer<typeof nodeOnErrorSchema>;
export type RetryMatch = NonNullable<NodeOnError['match']>;

/** What a failure was, as far as retrying cares (the engine reads it off the error). */
export interface FailureFacts {
  message: string;
  /** The HTTP status the service answered. */
  status?: number;
  kind?: 'timeout' | 'network';
  /** The wait the service asked for (`Retry-After`). */
  retryAfterMs?: number;
}

/** The longest wait a `Retry-After` may ask for. */
export const maxRetryAfterMs = 24 * 3_600_000;

/** The policy a new node starts with when its type asks for one (HTTP Request: 429 and 503). */
export const serviceRetryDefaults: NodeOnError = {
  retries: 3,
  backoff: 'exponential',
  base_ms: 1_000,
  factor: 2,
  max_ms: 60_000,
  jitter: true,
  match: { statuses: ['429', '503'], timeouts: false, network: false, text: '' },
};

/** A policy for a node that had none ('Repetir' turned on in the panel). */
export const newRetryPolicy: NodeOnError = {
  retries: 3,
  backoff: 'exponential',
  base_ms: 1_000,
  factor: 2,
  max_ms: 60_000,
  jitter: true,
};

/** `/regex/flags` as a RegExp; null for plain text or a pattern that does not compile. */
export function retryPattern(value: string): RegExp | null {
  const found = /^\/(.+)\/([a-z]*)$/s.exec(value.trim());
  if (!found) return null;
  try {
    return new RegExp(found[1]!, found[2]!.replace(/[gy]/g, ''));
  } catch {
    return null;
  }
}

/** The pt-BR complaint about a `/regex/` that does not compile, or null. */
export function retryPatternError(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\/(.+)\/([a-z]*)$/s.test(trimmed)) return null;
  return retryPattern(trimmed) ? null : 'A expressão regular não é válida.';
}

function statusMatches(status: number, wanted: string): boolean {
  if (wanted === '4xx') return status >= 400 && status < 500;
  if (wanted === '5xx') return status >= 500 && status < 600;
  return String(status) === wanted;
}

/** Whether a failure is one the policy tries again. */
export function failureMatches(match: RetryMatch | undefined, failure: FailureFacts): boolean {
  if (!match) return true;
  const { status, kind } = failure;
  if (status !== undefined && match.statuses.some((wanted) => statusMatches(status, wanted)))
    return true;
  if (kind === 'timeout' && match.timeouts) return true;
  if (kind === 'network' && match.network) return true;
  const wanted = match.text.trim();
  if (!wanted) return false;
  const pattern = retryPattern(wanted);
  if (pattern) return pattern.test(failure.message);
  return matchesSearch(failure.message, wanted);
}

/**
 * The gap before new attempt `attempt` (1 for the first retry): the backoff, never longer than
 * `max_ms`, drawn in [gap/2, gap] with jitter; a `Retry-After` longer than that wins.
 */
export function retryDelayMs(
  policy: NodeOnError,
  attempt: number,
  random: () => number,
  retryAfterMs?: number,
): number {
  const grown =
    policy.backoff === 'fixed' ? policy.base_ms : policy.base_ms * policy.factor ** (attempt - 1);
  const capped = Math.min(policy.max_ms, grown);
  const drawn = policy.jitter ? capped / 2 + random() * (capped / 2) : capped;
  const asked = retryAfterMs === undefined ? 0 : Math.min(maxRetryAfterMs, retryAfterMs);
  return Math.round(Math.max(drawn, asked));
}
