import type { FailureFacts } from '@ponte/shared/flow/node-on-error';

/** Codes of the outbound HTTP client (and Node's sockets) that say the network failed. */
const networkCodes = new Set([
  'connection',
  'unresolved_host',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_SOCKET',
]);
const timeoutCodes = new Set(['timeout', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

interface Described {
  code?: unknown;
  cause?: unknown;
  details?: { status?: unknown; retry_after_ms?: unknown; kind?: unknown };
}

/**
 * What retrying needs to know of a node's failure (docs/adr/0110): the message, the HTTP status
 * and `Retry-After` a connector put in `details`, and whether a timeout or the network failed
 * (a `details.kind`, or a code on the error or its causes).
 */
export function failureFactsOf(error: unknown): FailureFacts {
  const message = error instanceof Error ? error.message : String(error);
  const facts: FailureFacts = { message };
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause, details } = current as Described;
    if (typeof details?.status === 'number') facts.status ??= details.status;
    if (typeof details?.retry_after_ms === 'number') facts.retryAfterMs ??= details.retry_after_ms;
    const kind = details?.kind ?? code;
    if (typeof kind === 'string' && !facts.kind) {
      if (timeoutCodes.has(kind)) facts.kind = 'timeout';
      else if (networkCodes.has(kind)) facts.kind = 'network';
    }
    if (typeof current !== 'object') break;
    current = cause;
  }
  return facts;
}

/**
 * A `Retry-After` header in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110
 * §10.2.3); undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
