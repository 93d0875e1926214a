// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider has no types of its own; the journeys compile this file too
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** A person the provider knows: the login typed on its sign-in page, and their claims. */
export type OidcPeople = Record<string, Record<string, unknown>>;

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface RunningOidcProvider {
  /** `http://127.0.0.2:{port}`. */
  issuer: string;
  close(): Promise<void>;
}

async function listen(server: Server, host: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

const closing = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * A real OpenID provider (`oidc-provider`, an OpenID Certified implementation) on a loopback
 * address, with one confidential client and its development sign-in page: any login the test
 * names in `people` signs in with any password. Consent is taken as given (the grant is made on
 * the fly), so the code comes back right after the sign-in page.
 */
export async function startOidcProvider(options: {
  people: OidcPeople;
  client: OidcClient;
  host?: string;
}): Promise<RunningOidcProvider> {
  const server = createServer();
  const issuer = await listen(server, options.host ?? '127.0.0.2');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: options.client.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    async findAccount(_ctx: unknown, id: string) {
      const claims = options.people[id];
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
    // Consent taken as given: the grant of every scope asked, made on the fly.
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc } = ctx;
      const clientId = oidc.client?.clientId;
      const accountId = oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const existing = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['chave-dos-cookies-de-teste'] },
    pkce: { required: () => true },
  });
  server.on('request', provider.callback());
  return { issuer, close: closing(server) };
}

/** Node's fetch with the cookies of one browser (per host is enough for one provider). */
export function cookieBrowser() {
  const jar = new Map<string, string>();
  return {
    async get(url: string, init: RequestInit = {}) {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return response;
    },
  };
}

/**
 * Signs in at an `oidc-provider` as `login`, from its authorisation address: follows the
 * redirects, submits its development sign-in form, and answers where it sends the browser back
 * (the client's redirect URI with `code`, `state` and `iss`, or `error`).
 */
export async function signInAtProvider(authorizeUrl: string, login: string): Promise<URL> {
  const browser = cookieBrowser();
  let url = new URL(authorizeUrl);
  const origin = url.origin;
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== origin) return url;
    const response = await browser.get(url.href);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action)
      throw new Error(`página inesperada do provedor: ${response.status} ${page.slice(0, 200)}`);
    const submitted = await browser.get(new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'qualquer' }).toString(),
    });
    url = new URL(submitted.headers.get('location') ?? '', url);
  }
  throw new Error('o provedor não devolveu o navegador');
}

/** What the stand-in's token endpoint signs next: claims over the defaults, and the key. */
export interface CraftedIdToken {
  claims?: Record<string, unknown>;
  /** Signed by a key the stand-in does not publish (another provider's). */
  foreignKey?: boolean;
}

export interface OidcStandIn {
  issuer: string;
  /** The next answer of the token endpoint carries this ID token. */
  nextIdToken: CraftedIdToken;
  /** The nonce of the last authorisation request the test handed over. */
  close(): Promise<void>;
}

/**
 * A stand-in provider that serves discovery, its JWKS and a token endpoint answering an ID token
 * the test crafts (signed with `jose`), to make the failures OpenID Connect Core 1.0 §3.1.3.7
 * ("ID Token Validation") tells a client to refuse: a foreign `iss` (step 2), another `aud`
 * (3), a signature by a key not the issuer's (6), an expired `exp` (9), a `nonce` other than
 * the one sent (11). Defaults: a valid token for `sub` 'standin-1', whose `nonce` is the test's
 * to give (`claims.nonce`).
 */
export async function startOidcStandIn(options: {
  clientId: string;
  host?: string;
}): Promise<OidcStandIn> {
  const own = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = {
    ...(await exportJWK(own.publicKey)),
    kid: 'chave-1',
    alg: 'RS256',
    use: 'sig',
  };
  const server = createServer();
  const issuer = await listen(server, options.host ?? '127.0.0.2');
  const standIn: OidcStandIn = { issuer, nextIdToken: {}, close: closing(server) };

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  const bodyOf = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => resolve(text));
    });

  server.on('request', (request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (path === '/.well-known/openid-configuration') {
      json(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
      });
      return;
    }
    if (path === '/jwks') {
      json(response, 200, { keys: [publicJwk] });
      return;
    }
    if (path === '/token' && request.method === 'POST') {
      void bodyOf(request).then(async () => {
        const now = Math.floor(Date.now() / 1000);
        const crafted = standIn.nextIdToken;
        const claims = {
          iss: issuer,
          aud: options.clientId,
          sub: 'standin-1',
          iat: now,
          exp: now + 300,
          email: 'pessoa@exemplo.com.br',
          email_verified: true,
          ...crafted.claims,
        };
        const idToken = await new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid: 'chave-1' })
          .sign(crafted.foreignKey ? foreign.privateKey : own.privateKey);
        json(response, 200, {
          access_token: 'token-de-acesso',
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      });
      return;
    }
    json(response, 404, { error: 'not_found' });
  });
  return standIn;
}
