import type { HttpPort, HttpResponse } from '@ponte/engine/ports';

/** How the client proves who it is at the token endpoint (RFC 6749 §2.3.1). */
export type ClientAuth = 'client_secret_post' | 'client_secret_basic';

export interface TokenEndpoint {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Default client_secret_post; a 401 or `invalid_client` to it is retried once with basic. */
  auth?: ClientAuth;
}

/** What the provider answered, as the account stores it. */
export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  /** ISO time the access token stops working, from `expires_in`; null when it did not say. */
  expires_at: string | null;
}

/** A refusal or failure of a token request: a pt-BR message with no secret in it. */
export class OAuth2Error extends Error {
  override name = 'OAuth2Error';
  constructor(
    message: string,
    /** The provider's `error` code (`invalid_grant`…), or null when it gave none. */
    readonly providerError: string | null,
    /** True when the provider answered no; false when it could not be reached. */
    readonly refused = true,
  ) {
    super(message);
  }
}

/** The authorization URL (response_type=code) with the caller's extra parameters. */
export function buildAuthorizeUrl(
  base: string,
  params: {
    clientId: string;
    redirectUri: string;
    state: string;
    scope?: string | undefined;
    extra?: Record<string, string>;
  },
): string {
  const url = new URL(base);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', params.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('state', params.state);
  if (params.scope) url.searchParams.set('scope', params.scope);
  for (const [key, value] of Object.entries(params.extra ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

const tokenTimeoutMs = 30_000;
/** Longest provider text copied into a message. */
const reasonMax = 300;

function parseBody(response: HttpResponse): Record<string, unknown> | null {
  const text = Buffer.from(response.body).toString('utf8');
  const type = response.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Removes every secret the request carried from a text the provider wrote. */
function scrub(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) if (secret.length >= 4) clean = clean.split(secret).join('***');
  return clean.length > reasonMax ? `${clean.slice(0, reasonMax)}…` : clean;
}

/** The provider's reason in pt-BR: its `error_description`, else `error`, else the status. */
function refusal(
  status: number,
  body: Record<string, unknown> | null,
  secrets: readonly string[],
): OAuth2Error {
  const code = stringOf(body?.error) ?? null;
  const description = stringOf(body?.error_description);
  const reason = description ?? code;
  const text = reason
    ? `O provedor OAuth2 recusou o pedido de token: ${scrub(reason, secrets)}`
    : `O provedor OAuth2 recusou o pedido de token (HTTP ${status}).`;
  return new OAuth2Error(text, code);
}

/** `access_token`, `refresh_token`, `expires_in` → a TokenSet (Slack's `authed_user` too). */
function tokenSetOf(body: Record<string, unknown>, now: Date): TokenSet | null {
  const user = body.authed_user as Record<string, unknown> | undefined;
  const source = stringOf(body.access_token) ? body : user;
  const accessToken = stringOf(source?.access_token);
  if (!accessToken) return null;
  const expiresIn = Number(source?.expires_in);
  const refreshToken = stringOf(source?.refresh_token);
  return {
    access_token: accessToken,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    expires_at:
      Number.isFinite(expiresIn) && expiresIn > 0
        ? new Date(now.getTime() + expiresIn * 1000).toISOString()
        : null,
  };
}

export interface OAuth2Client {
  exchangeCode(
    endpoint: TokenEndpoint,
    grant: { code: string; redirectUri: string },
    signal: AbortSignal,
  ): Promise<TokenSet>;
  refresh(endpoint: TokenEndpoint, refreshToken: string, signal: AbortSignal): Promise<TokenSet>;
  clientCredentials(
    endpoint: TokenEndpoint,
    scope: string | undefined,
    signal: AbortSignal,
  ): Promise<TokenSet>;
}

/**
 * Token requests through the app's guarded HTTP port (docs/adr/0013): no other way out. Every
 * failure is an OAuth2Error whose message never holds the client secret, a code or a token.
 */
export function createOAuth2Client(http: HttpPort, now: () => Date = () => new Date()) {
  async function send(
    endpoint: TokenEndpoint,
    auth: ClientAuth,
    form: Record<string, string>,
    signal: AbortSignal,
  ): Promise<HttpResponse> {
    const body = new URLSearchParams(form);
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (auth === 'client_secret_basic') {
      const pair = `${encodeURIComponent(endpoint.clientId)}:${encodeURIComponent(endpoint.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    } else {
      body.set('client_id', endpoint.clientId);
      body.set('client_secret', endpoint.clientSecret);
    }
    try {
      return await http.request({
        method: 'POST',
        url: endpoint.tokenUrl,
        headers,
        body: body.toString(),
        timeoutMs: tokenTimeoutMs,
        signal,
      });
    } catch (error) {
      throw new OAuth2Error(
        `Não foi possível falar com o provedor OAuth2: ${(error as Error).message}`,
        null,
        false,
      );
    }
  }

  async function tokenRequest(
    endpoint: TokenEndpoint,
    form: Record<string, string>,
    signal: AbortSignal,
  ): Promise<TokenSet> {
    const secrets = [endpoint.clientSecret, form.code ?? '', form.refresh_token ?? ''];
    const first = endpoint.auth ?? 'client_secret_post';
    let response = await send(endpoint, first, form, signal);
    let body = parseBody(response);
    const clientRefused = response.status === 401 || stringOf(body?.error) === 'invalid_client';
    if (first === 'client_secret_post' && clientRefused) {
      response = await send(endpoint, 'client_secret_basic', form, signal);
      body = parseBody(response);
    }
    // Slack answers 200 with `ok: false` and an `error` code.
    if (response.status >= 400 || body === null || body.ok === false || stringOf(body.error))
      throw refusal(response.status, body, secrets);
    const tokens = tokenSetOf(body, now());
    if (!tokens)
      throw new OAuth2Error('O provedor OAuth2 respondeu sem um access_token.', 'no_access_token');
    return tokens;
  }

  const client: OAuth2Client = {
    exchangeCode: (endpoint, grant, signal) =>
      tokenRequest(
        endpoint,
        { grant_type: 'authorization_code', code: grant.code, redirect_uri: grant.redirectUri },
        signal,
      ),
    refresh: (endpoint, refreshToken, signal) =>
      tokenRequest(endpoint, { grant_type: 'refresh_token', refresh_token: refreshToken }, signal),
    clientCredentials: (endpoint, scope, signal) =>
      tokenRequest(
        endpoint,
        { grant_type: 'client_credentials', ...(scope ? { scope } : {}) },
        signal,
      ),
  };
  return client;
}
