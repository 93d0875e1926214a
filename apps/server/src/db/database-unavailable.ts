import { createBackoff } from '../lib/backoff';

/** Socket-level failures: the server is not there or the connection broke. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot take the statement now: class 08 (connection exception),
 * 57P01-57P03 (shutdown, crash, not yet accepting connections), 53300 (too many connections).
 */
const unavailableStates = /^(08...|57P0[1-3]|53300)$/;

/** What node-postgres says, without a code, when a connection dies or cannot be made. */
const unavailableMessages =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|connection error/i;

interface MaybeDriverError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * True when a query failed because the database could not be reached (refused, reset, timed
 * out, shutting down), not because of the statement or its data: the same write may succeed
 * once the database is back. Drizzle wraps driver errors, so the cause chain is searched, and
 * an AggregateError (IPv4 and IPv6 both refused) counts when any of its errors does.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const candidate = error as MaybeDriverError;
  const code = typeof candidate.code === 'string' ? candidate.code : '';
  if (networkCodes.has(code) || unavailableStates.test(code)) return true;
  if (!code && typeof candidate.message === 'string' && unavailableMessages.test(candidate.message))
    return true;
  if (
    Array.isArray(candidate.errors) &&
    candidate.errors.some((each) => isDatabaseUnavailable(each, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}

/**
 * Tries `write` again while it fails because the database is away, waiting 100 ms doubling up
 * to 5 s between tries, until it succeeds, fails for another reason, or `stopped()` (the process
 * is closing: what is left is for the recovery at the next start). Never rejects.
 */
export async function retryWhileUnavailable(
  write: () => Promise<unknown>,
  stopped: () => boolean,
  onError?: (error: unknown) => void,
): Promise<void> {
  const backoff = createBackoff();
  while (!stopped()) {
    await new Promise((resolve) => setTimeout(resolve, backoff.next()).unref());
    if (stopped()) return;
    try {
      await write();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) return onError?.(error);
    }
  }
}
