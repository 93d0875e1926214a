import type { HttpPort } from '@ponte/engine/ports';
import { messages } from '@ponte/shared/messages';
import { abortable } from '../../lib/abortable';
import type { JwtAccount, TokenSource } from './jwt-token';

/** One login exchange, whoever waits for it. */
const loginTimeoutMs = 30_000;
/**
 * How long a bearer is kept: Sankhya ends a session after up to 30 minutes without calls
 * (INATSESSTIMEOUT, 1 to 30); a session it ended sooner answers 401, and the kit asks again
 * with `force`.
 */
export const sankhyaSessionMs = 25 * 60_000;
/** Characters of Sankhya's own reason shown to a person. */
const maxReason = 300;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The gateway's address: the account's 'URL da API', else the installation's. */
export const sankhyaBaseUrl = (data: Record<string, unknown>, fallback: string) =>
  (text(data.api_url).trim() || fallback).replace(/\/+$/, '');

/** Why the login was refused, from `error.descricao`, a text `error` or `statusMessage`. */
function reasonOf(bytes: Uint8Array, status: number, secrets: unknown[]): string {
  let said = '';
  try {
    const body = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const error = body.error;
    said =
      (error && typeof error === 'object'
        ? text((error as { descricao?: unknown }).descricao)
        : '') ||
      text(error) ||
      text(body.statusMessage);
  } catch {
    said = '';
  }
  for (const secret of secrets) {
    if (text(secret)) said = said.split(text(secret)).join('***');
  }
  said = said.replace(/\p{Cc}+/gu, ' ').trim();
  if (said.length > maxReason) said = `${said.slice(0, maxReason)}…`;
  return said || messages.serviceAccounts.testFailedStatus(status);
}

interface Entry {
  version: string;
  token?: string;
  expiresAt?: number;
  pending?: Promise<string>;
}

/**
 * The token source of `sankhya_partner_id` accounts (https://developer.sankhya.com.br/reference/post_login-1):
 * `POST {api_url or the configured gateway}/login` with the `token`, `appkey`, `username` and
 * `password` headers through the app's guarded HTTP client, answering `{bearerToken}`. Keeps the
 * bearer per account id and `updatedAt` for `sankhyaSessionMs`; `force` (after a 401) logs in
 * again; callers asking at once share one login.
 */
export function createSankhyaTokenSource(
  http: HttpPort,
  gatewayUrl: string,
  now: () => number = Date.now,
): TokenSource {
  const cache = new Map<string, Entry>();

  async function login(account: JwtAccount): Promise<string> {
    const data = account.data;
    const url = `${sankhyaBaseUrl(data, gatewayUrl)}/login`;
    let response;
    try {
      response = await http.request({
        method: 'POST',
        url,
        headers: {
          accept: 'application/json',
          token: text(data.token),
          appkey: text(data.appkey),
          username: text(data.username),
          password: text(data.password),
        },
        timeoutMs: loginTimeoutMs,
        signal: AbortSignal.timeout(loginTimeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`O login na Sankhya falhou: ${reason}`);
    }
    let bearer = '';
    try {
      const body = JSON.parse(new TextDecoder().decode(response.body)) as { bearerToken?: unknown };
      bearer = text(body.bearerToken).trim();
    } catch {
      bearer = '';
    }
    if (response.status >= 200 && response.status < 300 && bearer) return bearer;
    throw new Error(
      messages.serviceAccounts.sankhyaRefused(
        reasonOf(response.body, response.status, [data.token, data.password]),
      ),
    );
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
        .then((token) => {
          if (cache.get(account._id) === current) {
            current.token = token;
            current.expiresAt = now() + sankhyaSessionMs;
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
