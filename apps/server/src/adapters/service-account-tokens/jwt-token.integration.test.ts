import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNetworkGuard } from '../outbound-http/network-guard';
import {
  createOutboundHttpClient,
  type OutboundHttpClient,
} from '../outbound-http/outbound-http-client';
import { createJwtTokenSource, testJwtAccount, type JwtAccount } from './jwt-token';

interface Login {
  method: string;
  path: string;
  body: unknown;
}
let server: Server;
let base: string;
let logins: Login[];
/** What the login route answers next; `release` holds it until called. */
let answer: { status: number; type: string; body: string };
let hold: Promise<void> | null;
let client: OutboundHttpClient;

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || 'null') as unknown;
};

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      logins.push({ method: request.method!, path: request.url!, body: await readBody(request) });
      if (hold) await hold;
      response.writeHead(answer.status, { 'content-type': answer.type });
      response.end(answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createOutboundHttpClient({ guard: createNetworkGuard(['127.0.0.1/32']) });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  logins = [];
  hold = null;
  answer = { status: 200, type: 'application/json', body: JSON.stringify({ token: 'tok-1' }) };
});

const account = (data: Record<string, unknown> = {}, updatedAt = '2026-01-01T00:00:00Z') =>
  ({
    _id: 'sa-jwt',
    updatedAt,
    data: {
      auth_url: `${base}/login`,
      method: 'POST',
      ttl: 3600,
      username: 'ana',
      password: 'senha-jwt-secreta',
      ...data,
    },
  }) satisfies JwtAccount;
const signal = () => AbortSignal.timeout(10_000);

describe('jwt token source against a real login route', () => {
  it('logs in once with the JSON credentials and keeps the token for its ttl', async () => {
    let clock = 0;
    const source = createJwtTokenSource(client, () => clock);
    expect(await source(account(), { signal: signal() })).toBe('tok-1');
    expect(logins).toEqual([
      { method: 'POST', path: '/login', body: { username: 'ana', password: 'senha-jwt-secreta' } },
    ]);
    answer.body = JSON.stringify({ access_token: 'tok-2' });
    clock = 3_599_000;
    expect(await source(account(), { signal: signal() })).toBe('tok-1');
    clock = 3_600_000;
    expect(await source(account(), { signal: signal() })).toBe('tok-2');
    expect(logins).toHaveLength(2);
  });

  it('logs in again when forced or after an edit, and once for callers asking at once', async () => {
    const source = createJwtTokenSource(client);
    await source(account(), { signal: signal() });
    answer.body = JSON.stringify({ jwt: 'tok-forced' });
    expect(await source(account(), { force: true, signal: signal() })).toBe('tok-forced');
    answer.body = JSON.stringify({ id_token: 'tok-edited' });
    expect(await source(account({}, '2026-02-01T00:00:00Z'), { signal: signal() })).toBe(
      'tok-edited',
    );
    expect(logins).toHaveLength(3);

    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    answer.body = JSON.stringify({ token: 'tok-shared' });
    const edited = account({}, '2026-03-01T00:00:00Z');
    const waiting = Promise.all([1, 2, 3].map(() => source(edited, { signal: signal() })));
    await expect.poll(() => logins.length).toBe(4);
    release();
    expect(await waiting).toEqual(['tok-shared', 'tok-shared', 'tok-shared']);
    expect(logins).toHaveLength(4);
  });

  it('uses PUT when told, a text answer, and the answer expires_in when shorter', async () => {
    let clock = 0;
    const source = createJwtTokenSource(client, () => clock);
    answer = { status: 200, type: 'text/plain', body: 'eyJhbGciOi.texto.puro\n' };
    expect(await source(account({ method: 'PUT' }), { signal: signal() })).toBe(
      'eyJhbGciOi.texto.puro',
    );
    expect(logins[0]!.method).toBe('PUT');
    answer = { status: 200, type: 'application/json', body: '{"token":"a","expires_in":60}' };
    const short = account({}, '2026-05-01T00:00:00Z');
    await source(short, { signal: signal() });
    clock = 61_000;
    await source(short, { signal: signal() });
    expect(logins).toHaveLength(3);
  });

  it('fails in pt-BR without the password: refused login, no token, blocked address', async () => {
    const source = createJwtTokenSource(client);
    answer = { status: 401, type: 'application/json', body: '{"erro":"senha-jwt-secreta"}' };
    const refused = await source(account(), { signal: signal() }).catch((e: Error) => e);
    expect((refused as Error).message).toBe(
      `O servidor de autenticação JWT (${new URL(base).host}) respondeu com status 401.`,
    );
    expect(String((refused as Error).stack)).not.toContain('senha-jwt-secreta');
    answer = { status: 200, type: 'application/json', body: '{"ok":true}' };
    await expect(source(account(), { signal: signal() })).rejects.toThrow(
      'A resposta do servidor de autenticação JWT não trouxe um token (token, access_token, jwt ou id_token).',
    );
    const closed = createOutboundHttpClient({ guard: createNetworkGuard([]) });
    try {
      const blocked = createJwtTokenSource(closed);
      await expect(blocked(account(), { signal: signal() })).rejects.toThrow(
        'PONTE_HTTP_ALLOWED_NETWORKS',
      );
    } finally {
      await closed.close();
    }
    expect(logins).toHaveLength(2);
  });

  it('tests an account with a fresh login', async () => {
    const source = createJwtTokenSource(client);
    await expect(testJwtAccount(source, account(), signal())).resolves.toBe(
      `Token JWT obtido de ${new URL(base).host}.`,
    );
    await expect(testJwtAccount(source, account(), signal())).resolves.toBeDefined();
    expect(logins).toHaveLength(2);
  });
});
