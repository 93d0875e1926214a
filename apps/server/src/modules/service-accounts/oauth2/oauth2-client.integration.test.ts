import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetworkGuard } from '../../../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../../../adapters/outbound-http/outbound-http-client';
import { createOAuth2Client, OAuth2Error, type TokenEndpoint } from './oauth2-client';

// A real OAuth2 authorisation server on 127.0.0.2; the guard opens only that address.
const server = new OAuth2Server();
const http = createOutboundHttpClient({ guard: createNetworkGuard(['127.0.0.2/32']) });
const now = new Date('2026-11-24T12:00:00.000Z');
const client = createOAuth2Client(http, () => now);
const signal = new AbortController().signal;
let endpoint: TokenEndpoint;
let base: string;

beforeAll(async () => {
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.2');
  base = `http://127.0.0.2:${server.address().port}`;
  endpoint = {
    tokenUrl: `${base}/token`,
    clientId: 'cliente-ponte',
    clientSecret: 'segredo-do-cliente-123',
  };
});

afterAll(async () => {
  await server.stop();
  await http.close();
});

interface SeenRequest {
  body: Record<string, string>;
  authorization: string | undefined;
}

/** The next token request as the server received it. */
function nextRequest(): Promise<SeenRequest> {
  return new Promise((resolve) => {
    server.service.once('beforeResponse', (_response, req) => {
      resolve({
        body: req.body as Record<string, string>,
        authorization: req.headers.authorization,
      });
    });
  });
}

describe('OAuth2 client through the guarded HTTP client', () => {
  it('asks a client_credentials token with the client in the form and reads expires_in', async () => {
    const seen = nextRequest();
    const tokens = await client.clientCredentials(endpoint, 'leitura', signal);
    const request = await seen;
    expect(request.body).toMatchObject({
      grant_type: 'client_credentials',
      scope: 'leitura',
      client_id: 'cliente-ponte',
      client_secret: 'segredo-do-cliente-123',
    });
    expect(tokens.access_token.split('.')).toHaveLength(3);
    expect(tokens.expires_at).toBe('2026-11-24T13:00:00.000Z');
  });

  it('exchanges a code from the authorize endpoint and refreshes with the refresh token', async () => {
    const authorize = new URL(`${base}/authorize`);
    authorize.searchParams.set('response_type', 'code');
    authorize.searchParams.set('redirect_uri', 'https://ponte.exemplo.com.br/retorno');
    authorize.searchParams.set('state', 'abc_123');
    const consent = await fetch(authorize, { redirect: 'manual' });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;

    const seen = nextRequest();
    const tokens = await client.exchangeCode(
      endpoint,
      { code, redirectUri: 'https://ponte.exemplo.com.br/retorno' },
      signal,
    );
    expect((await seen).body).toMatchObject({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://ponte.exemplo.com.br/retorno',
    });
    expect(tokens.refresh_token).toBeTruthy();

    const refreshSeen = nextRequest();
    const refreshed = await client.refresh(endpoint, tokens.refresh_token!, signal);
    expect((await refreshSeen).body).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.access_token.split('.')).toHaveLength(3);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('says the provider refusal in pt-BR without the secret it echoed', async () => {
    server.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = {
        error: 'invalid_grant',
        error_description: 'refresh token rt-muito-secreto revoked for segredo-do-cliente-123',
      };
    });
    const error = await client.refresh(endpoint, 'rt-muito-secreto', signal).catch((e) => e);
    expect(error).toBeInstanceOf(OAuth2Error);
    expect(error.providerError).toBe('invalid_grant');
    expect(error.message).toBe(
      'O provedor OAuth2 recusou o pedido de token: refresh token *** revoked for ***',
    );
  });

  it('retries with HTTP Basic when the server refuses the client in the form', async () => {
    const seen: SeenRequest[] = [];
    const listener = (
      response: { statusCode: number; body: unknown },
      request: { body: Record<string, string>; headers: Record<string, string> },
    ) => {
      seen.push({ body: request.body, authorization: request.headers.authorization });
      if (request.body.client_secret) {
        response.statusCode = 401;
        response.body = { error: 'invalid_client' };
      }
    };
    server.service.on('beforeResponse', listener);
    try {
      const tokens = await client.clientCredentials(endpoint, undefined, signal);
      expect(tokens.access_token).toBeTruthy();
    } finally {
      server.service.off('beforeResponse', listener);
    }
    expect(seen).toHaveLength(2);
    expect(seen[1]!.body.client_secret).toBeUndefined();
    const [user, secret] = Buffer.from(seen[1]!.authorization!.slice(6), 'base64')
      .toString()
      .split(':');
    expect([user, secret]).toEqual(['cliente-ponte', 'segredo-do-cliente-123']);
  });

  it('refuses an address the network guard does not allow, naming the setting', async () => {
    const blocked = { ...endpoint, tokenUrl: endpoint.tokenUrl.replace('127.0.0.2', '127.0.0.1') };
    const error = await client.clientCredentials(blocked, undefined, signal).catch((e) => e);
    expect(error).toBeInstanceOf(OAuth2Error);
    expect(error.message).toContain('PONTE_HTTP_ALLOWED_NETWORKS');
    expect(error.message).not.toContain('segredo-do-cliente-123');
  });
});
