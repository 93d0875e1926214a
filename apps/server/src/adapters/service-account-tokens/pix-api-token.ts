import type { HttpPort } from '@ponte/engine/ports';
import {
  pixApiBaseUrl,
  pixApiScopes,
  pixClientCertificate,
  pixTokenUrl,
} from '@ponte/engine/connectors/pix/pix-api-account';
import { abortable } from '../../lib/abortable';
import type { JwtAccount, TokenSource } from './jwt-token';

/** One token exchange, whoever waits for it. */
const tokenTimeoutMs = 30_000;
/** A token is renewed this long before the PSP said it expires. */
const expiryMarginMs = 60_000;
/** When the PSP does not say `expires_in` (RFC 6749 §5.1 makes it optional). */
const defaultLifetimeSeconds = 3600;
/** Characters of the PSP's own reason shown to a person. */
const maxReason = 300;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The PSP's reason: an OAuth2 error (RFC 6749 §5.2) or a problem JSON (RFC 7807). */
function reasonOf(body: Record<string, unknown>, status: number, secret: string): string {
  let said =
    [text(body.error), text(body.error_description)].filter(Boolean).join(': ') ||
    [text(body.title), text(body.detail)].filter(Boolean).join(': ');
  if (secret) said = said.split(secret).join('***');
  said = said.replace(/\p{Cc}+/gu, ' ').trim();
  if (said.length > maxReason) said = `${said.slice(0, maxReason)}…`;
  return said ? `${said} (status ${status})` : `status ${status}`;
}

function parse(bytes: Uint8Array): Record<string, unknown> {
  try {
    const body = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * One OAuth2 client_credentials exchange (RFC 6749 §4.4) at the account's 'URL do token' with
 * the client id and secret in Basic auth (§2.3.1) and the Pix API's scopes, over mutual TLS
 * with the account's certificate, through the app's guarded client.
 */
export async function fetchPixApiToken(
  http: HttpPort,
  account: JwtAccount,
  signal: AbortSignal = AbortSignal.timeout(tokenTimeoutMs),
): Promise<{ token: string; expiresInSeconds: number; scope: string }> {
  const data = account.data;
  if (!/^https:\/\//i.test(pixApiBaseUrl(data)) || !/^https:\/\//i.test(pixTokenUrl(data)))
    throw new Error('A API Pix só é usada por https: confira a URL da API e a URL do token.');
  const secret = text(data.client_secret);
  const basic = Buffer.from(`${text(data.client_id)}:${secret}`).toString('base64');
  let response;
  try {
    response = await http.request({
      method: 'POST',
      url: pixTokenUrl(data),
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${basic}`,
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: pixApiScopes,
      }).toString(),
      clientCertificate: pixClientCertificate(data),
      timeoutMs: tokenTimeoutMs,
      signal,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Não foi possível obter o token da API Pix: ${reason}`);
  }
  const body = parse(response.body);
  const token = text(body.access_token).trim();
  if (response.status >= 200 && response.status < 300 && token) {
    const seconds = Number(body.expires_in);
    return {
      token,
      expiresInSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : defaultLifetimeSeconds,
      scope: text(body.scope),
    };
  }
  throw new Error(`O PSP recusou o pedido de token: ${reasonOf(body, response.status, secret)}`);
}

/** 'Testar conta' of a `pix_api` account: a fresh token. */
export async function testPixApiAccount(
  http: HttpPort,
  account: JwtAccount,
  signal: AbortSignal,
): Promise<string> {
  const { scope } = await fetchPixApiToken(http, account, signal);
  return `Conexão bem-sucedida com a API Pix: token obtido${scope ? ` (escopos: ${scope.slice(0, 200)})` : ''}.`;
}

interface Entry {
  version: string;
  token?: string;
  expiresAt?: number;
  pending?: Promise<string>;
}

/**
 * The token source of `pix_api` accounts (docs/adr/0117): keeps the token per account id and
 * `updatedAt` until a minute before the PSP's `expires_in`; `force` (after a 401) asks again;
 * callers asking at once share one exchange.
 */
export function createPixApiTokenSource(http: HttpPort, now: () => number = Date.now): TokenSource {
  const cache = new Map<string, Entry>();
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
    if (entry.token && entry.expiresAt !== undefined && entry.expiresAt > now()) return entry.token;
    let pending = entry.pending;
    if (!pending) {
      const current = entry;
      pending = current.pending = fetchPixApiToken(http, account)
        .then(({ token, expiresInSeconds }) => {
          if (cache.get(account._id) === current) {
            current.token = token;
            current.expiresAt = now() + Math.max(0, expiresInSeconds * 1000 - expiryMarginMs);
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
