import type { HttpPort } from '@ponte/engine/ports';
import { abortable } from '../../lib/abortable';

/** What the token source needs of an account (the service's decrypted account). */
export interface JwtAccount {
  _id: string;
  data: Record<string, unknown>;
  /** Any edit changes it: a token fetched before the edit is never used after it. */
  updatedAt: string | Date;
}

export type TokenSource = (
  account: JwtAccount,
  options: { force?: boolean; signal: AbortSignal },
) => Promise<string>;

/** The fields a login answer may carry its token in, in this order. */
const tokenFields = ['token', 'access_token', 'jwt', 'id_token'] as const;
/** One login exchange, whoever waits for it. */
const loginTimeoutMs = 30_000;
/** A text answer longer than this is not a token. */
const maxTextToken = 16_384;

function tokenIn(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const field of tokenFields) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  // `{data: {token}}` is common enough among Brazilian ERPs' login routes.
  return record.data && typeof record.data === 'object' ? tokenIn(record.data) : undefined;
}

/** The token of a login answer, or a pt-BR error (never holding the answer or the password). */
export function readJwtToken(contentType: string | undefined, bytes: Uint8Array) {
  const text = new TextDecoder().decode(bytes).trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const fromJson = tokenIn(parsed);
  const expiresIn =
    parsed &&
    typeof parsed === 'object' &&
    typeof (parsed as { expires_in?: unknown }).expires_in === 'number'
      ? (parsed as { expires_in: number }).expires_in
      : undefined;
  if (fromJson) return { token: fromJson, expiresIn };
  const isJson = (contentType ?? '').includes('json') || parsed !== undefined;
  if (!isJson && text && text.length <= maxTextToken && !/\s/.test(text)) {
    return { token: text, expiresIn: undefined };
  }
  throw new Error(
    'A resposta do servidor de autenticação JWT não trouxe um token (token, access_token, jwt ou id_token).',
  );
}

interface Entry {
  version: string;
  token?: string;
  expiresAt?: number;
  pending?: Promise<string>;
}

/**
 * The token source of `jwt` accounts (ADR 0028): logs in at `auth_url` with the method
 * (POST or PUT) and `{username, password}` as JSON through the app's guarded HTTP client,
 * and keeps the token in memory for `ttl` seconds (or the answer's `expires_in`, when
 * shorter). Keyed by account id and `updatedAt`: an edit drops the token, `force` too.
 * Callers asking at once share one login.
 */
export function createJwtTokenSource(http: HttpPort, now: () => number = Date.now): TokenSource {
  const cache = new Map<string, Entry>();

  async function login(account: JwtAccount): Promise<{ token: string; expiresIn?: number }> {
    const data = account.data;
    const authUrl = typeof data.auth_url === 'string' ? data.auth_url.trim() : '';
    let url: URL;
    try {
      url = new URL(authUrl);
    } catch {
      throw new Error('A URL de autenticação da conta JWT é inválida.');
    }
    if (!['http:', 'https:'].includes(url.protocol)) {
      throw new Error('A URL de autenticação da conta JWT é inválida.');
    }
    let response;
    try {
      response = await http.request({
        method: data.method === 'PUT' ? 'PUT' : 'POST',
        url: url.toString(),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ username: data.username ?? '', password: data.password ?? '' }),
        timeoutMs: loginTimeoutMs,
        signal: AbortSignal.timeout(loginTimeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`A autenticação JWT em ${url.host} falhou: ${reason}`);
    }
    if (response.status < 200 || response.status >= 300) {
      throw new Error(
        `O servidor de autenticação JWT (${url.host}) respondeu com status ${response.status}.`,
      );
    }
    const read = readJwtToken(response.headers['content-type'], response.body);
    return read.expiresIn === undefined ? { token: read.token } : read;
  }

  return async (account, options) => {
    const version = `${account._id}@${new Date(account.updatedAt).toISOString()}`;
    let entry = cache.get(account._id);
    if (!entry || entry.version !== version) {
      entry = { version };
      cache.set(account._id, entry);
    }
    if (options.force) {
      delete entry.token;
      delete entry.expiresAt;
    }
    if (entry.token && entry.expiresAt !== undefined && entry.expiresAt > now()) {
      return entry.token;
    }
    let pending = entry.pending;
    if (!pending) {
      const current = entry;
      pending = current.pending = login(account)
        .then(({ token, expiresIn }) => {
          const ttl = Number(account.data.ttl ?? 3600);
          const seconds = Math.min(
            Number.isFinite(ttl) && ttl >= 0 ? ttl : 3600,
            expiresIn !== undefined && expiresIn >= 0 ? expiresIn : Infinity,
          );
          if (cache.get(account._id) === current && seconds > 0) {
            current.token = token;
            current.expiresAt = now() + seconds * 1000;
          }
          return token;
        })
        .finally(() => {
          delete current.pending;
        });
    }
    return abortable(options.signal, () => pending);
  };
}

/** Connection test of a `jwt` account: a fresh login. */
export async function testJwtAccount(
  source: TokenSource,
  account: JwtAccount,
  signal: AbortSignal,
): Promise<string> {
  await source(account, { force: true, signal });
  const host = (() => {
    try {
      return new URL(String(account.data.auth_url)).host;
    } catch {
      return '';
    }
  })();
  return `Token JWT obtido de ${host}.`;
}
