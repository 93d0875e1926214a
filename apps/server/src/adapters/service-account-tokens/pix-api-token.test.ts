import { describe, expect, it } from 'vitest';
import type { HttpPort, HttpRequest } from '@ponte/engine/ports';
import { createPixApiTokenSource } from './pix-api-token';

// The token exchange of RFC 6749 §4.4 (client_credentials) with Basic client authentication
// (§2.3.1), its answer (§5.1: access_token, expires_in) and error (§5.2: error,
// error_description); scopes of the Pix API's openapi.yaml (https://github.com/bacen/pix-api).
const account = {
  _id: 'psp',
  updatedAt: '2026-12-01T00:00:00Z',
  data: {
    api_url: 'https://pix.psp.example/api/v2/',
    client_id: 'cliente',
    client_secret: 'segredo',
    certificate: 'CERT',
    private_key: 'KEY',
    key_passphrase: 'senha',
  },
};

function psp(answer: (n: number) => { status: number; body: object }) {
  const calls: HttpRequest[] = [];
  const http: HttpPort = {
    async request(request) {
      calls.push(request);
      const { status, body } = answer(calls.length);
      return {
        status,
        statusText: '',
        headers: { 'content-type': 'application/json' },
        body: new TextEncoder().encode(JSON.stringify(body)),
      };
    },
  };
  return { http, calls };
}

const signal = new AbortController().signal;

describe('the token source of Pix (API do BC) accounts', () => {
  it('asks client_credentials at <URL da API>/oauth/token over mTLS, and keeps the token until near its expiry', async () => {
    let now = 0;
    const { http, calls } = psp((n) => ({
      status: 200,
      body: { access_token: `token-${n}`, token_type: 'Bearer', expires_in: 600 },
    }));
    const source = createPixApiTokenSource(http, () => now);
    expect(await source(account, { signal })).toBe('token-1');
    const call = calls[0]!;
    expect(call.url).toBe('https://pix.psp.example/api/v2/oauth/token');
    expect(call.headers.authorization).toBe(
      `Basic ${Buffer.from('cliente:segredo').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(String(call.body)))).toEqual({
      grant_type: 'client_credentials',
      scope: 'cob.write cob.read pix.read pix.write webhook.write webhook.read',
    });
    expect(call.clientCertificate).toEqual({ cert: 'CERT', key: 'KEY', passphrase: 'senha' });
    now = 539_000;
    expect(await source(account, { signal })).toBe('token-1');
    now = 541_000;
    expect(await source(account, { signal })).toBe('token-2');
    expect(await source(account, { force: true, signal })).toBe('token-3');
  });

  it("uses 'URL do token' when the account has one", async () => {
    const { http, calls } = psp(() => ({ status: 200, body: { access_token: 't' } }));
    const withUrl = {
      ...account,
      data: { ...account.data, token_url: 'https://auth.psp.example/token' },
    };
    await createPixApiTokenSource(http)(withUrl, { signal });
    expect(calls[0]!.url).toBe('https://auth.psp.example/token');
  });

  it("says the PSP's refusal without the secret, and refuses an address without https", async () => {
    const { http } = psp(() => ({
      status: 401,
      body: { error: 'invalid_client', error_description: 'segredo errado para cliente' },
    }));
    await expect(createPixApiTokenSource(http)(account, { signal })).rejects.toThrow(
      'O PSP recusou o pedido de token: invalid_client: *** errado para cliente (status 401)',
    );
    const plain = { ...account, data: { ...account.data, api_url: 'http://pix.psp.example' } };
    await expect(createPixApiTokenSource(http)(plain, { signal })).rejects.toThrow(
      'A API Pix só é usada por https: confira a URL da API e a URL do token.',
    );
  });
});
