import { isIP } from 'node:net';
import pg from 'pg';
import type { SqlQueryRequest, SqlQueryResult } from '@ponte/engine/ports';
import { resolveGuarded, type Resolver } from '../outbound-http/guarded-agent';
import type { NetworkGuard } from '../outbound-http/network-guard';
import { LimitedQuery } from './limited-query';
import { postgresError } from './pg-errors';
import type { PostgresTarget } from './postgres-uri';

export interface PostgresOptions {
  guard: NetworkGuard;
  resolver?: Resolver;
  signal: AbortSignal;
  /** Connecting and logging in (default 15 s). */
  connectTimeoutMs?: number;
}

/** The client-side limit waits this much past the server's `statement_timeout`. */
const clientGraceMs = 2_000;

/** TLS as libpq's sslmode says; the certificate is checked against the URI's host name. */
function sslOf(target: PostgresTarget): pg.ClientConfig['ssl'] {
  if (target.sslmode === 'disable') return false;
  const name = isIP(target.hostname) ? {} : { servername: target.hostname };
  if (target.sslmode === 'require') return { rejectUnauthorized: false, ...name };
  return {
    rejectUnauthorized: true,
    ...name,
    ...(target.sslmode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
  };
}

/** Values a message can carry: dates as ISO text, bytes as `{encoding: 'base64', data}`. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return { encoding: 'base64', data: value.toString('base64') };
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** pg's cancel request, sent on a second connection to the same checked address. */
interface Canceller {
  cancel(client: pg.Client, query: LimitedQuery): void;
}

/**
 * Runs one statement on a fresh client (no pool: nothing stays open between executions)
 * connected to the address the guard accepted. `statement_timeout` is the request's limit,
 * a client-side timer backs it; the signal sends PostgreSQL a cancel and closes the client.
 */
export async function runPostgresQuery(
  target: PostgresTarget,
  request: Omit<SqlQueryRequest, 'serviceAccountId'>,
  options: PostgresOptions,
): Promise<SqlQueryResult> {
  options.signal.throwIfAborted();
  let client: pg.Client | undefined;
  let query: LimitedQuery | undefined;
  let address = '';
  let stop = (_reason: Error) => undefined as void;
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = (reason) => {
      if (client && query) {
        const canceller = new pg.Client({ host: address, port: target.port });
        canceller.on('error', () => undefined);
        (canceller as unknown as Canceller).cancel(client, query);
      }
      reject(reason);
    };
  });
  // Nobody may be waiting on it when it rejects (a stop while the host is being resolved).
  stopped.catch(() => undefined);
  const onAbort = () => stop(options.signal.reason as Error);
  options.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () => stop(Object.assign(new Error('timeout'), { code: '57014' })),
    request.timeoutMs + clientGraceMs,
  );
  try {
    address = (await resolveGuarded(options.guard, target.hostname, options.resolver)).address;
    client = new pg.Client({
      host: address,
      port: target.port,
      user: target.user,
      password: target.password,
      database: target.database,
      ssl: sslOf(target),
      statement_timeout: request.timeoutMs,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 15_000,
      application_name: 'ponte',
    });
    client.on('error', () => undefined);
    await Promise.race([client.connect(), stopped]);
    const limited = new LimitedQuery(request.query, request.parameters, request.maxRows);
    query = limited;
    const done = new Promise<pg.QueryResult>((resolve, reject) => {
      limited.on('end', resolve);
      limited.on('error', reject);
    });
    void client.query(limited);
    const result = await Promise.race([done, stopped]);
    const fields = result.fields.map((field) => field.name);
    const rows = result.rows.map((row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, plain(value)])),
    );
    return {
      rows,
      rowCount: fields.length ? rows.length : (result.rowCount ?? 0),
      fields,
      truncated: limited.truncated,
    };
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason as Error;
    throw postgresError(error, target, request.timeoutMs);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
    void client?.end().catch(() => undefined);
  }
}
