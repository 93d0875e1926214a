import type { FastifyServerOptions } from 'fastify';

/**
 * What the server's own log may say about an error (ADR 0022). Database errors carry the
 * statement's parameters (drizzle puts them in the message and in `params`) and PostgreSQL's
 * `detail` quotes the row ("Failing row contains (…)"): a flow document, a variable's value or
 * a log line would end up in the log. Only the error's kind, the SQL text with its
 * placeholders, the SQLSTATE code and the names of the constraint, table and column are kept;
 * quoted values in messages are blanked.
 */
export interface SafeError {
  [key: string]: string | number | SafeError | undefined;
}

const keptFields = ['code', 'severity', 'constraint', 'table', 'column', 'routine', 'statusCode'];
const quoted = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g;
const maxMessage = 500;
const maxDepth = 3;

/** A message with its quoted values blanked and its length capped. */
export function redactMessage(message: string): string {
  const blanked = message.replace(quoted, '"…"');
  return blanked.length > maxMessage ? `${blanked.slice(0, maxMessage)}…` : blanked;
}

/** True for drizzle's wrapper of a failed statement (`query` and `params` beside the cause). */
function isQueryError(error: Record<string, unknown>): boolean {
  return typeof error.query === 'string' && 'params' in error;
}

function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  // The first lines of a stack repeat the message; only the frames are kept.
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.slice(0, 20).join('\n') || undefined;
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: redactMessage(String(error)) };
  }
  const fields = error as unknown as Record<string, unknown>;
  const out: SafeError = { type: error.name || 'Error' };
  if (isQueryError(fields)) {
    out.message = 'Failed query';
    out.query = redactMessage(String(fields.query));
  } else {
    out.message = redactMessage(error.message);
  }
  for (const key of keptFields) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  out.stack = stackFrames(error.stack);
  if (error.cause !== undefined && depth < maxDepth) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/** The logger's `err` serializer. */
export function serializeError(error: unknown): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  const safe = safeError(error);
  return {
    ...safe,
    type: String(safe.type),
    message: String(safe.message),
    stack: String(safe.stack ?? ''),
  };
}

/** Logger options where every `err` goes through `safeError`: no SQL parameter or row is logged. */
export function withSafeErrors(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, err: serializeError } };
}
