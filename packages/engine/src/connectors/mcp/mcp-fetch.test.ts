import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../ports';
import { portFetch, type PortFetchOptions } from './mcp-fetch';

const encoder = new TextEncoder();

/** A fake HTTP port answering from a script, recording each request. */
function fakePort(...answers: (HttpResponse | Error)[]) {
  const requests: HttpRequest[] = [];
  return {
    requests,
    http: {
      request: (request: HttpRequest) => {
        requests.push(request);
        const answer = answers.shift() ?? new Error('sem resposta no roteiro');
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
    },
  };
}

const ok = (body: string, type = 'application/json'): HttpResponse => ({
  status: 200,
  statusText: 'OK',
  headers: { 'content-type': type },
  body: encoder.encode(body),
});

function adapter(port: ReturnType<typeof fakePort>, options: Partial<PortFetchOptions> = {}) {
  const forced: boolean[] = [];
  const fetch = portFetch({
    http: port.http,
    signal: new AbortController().signal,
    timeoutMs: 5_000,
    checkHost: () => undefined,
    credential: (force) => {
      forced.push(force);
      return Promise.resolve({ authorization: `Bearer ${force ? 'novo' : 'velho'}` });
    },
    renewable: false,
    account: 'Loja',
    ...options,
  });
  return { fetch, forced };
}

describe('portFetch: the SDK transport over the engine HTTP port', () => {
  it('answers the optional GET notification stream with 405 locally, without a request', async () => {
    const port = fakePort();
    const response = await adapter(port).fetch('http://127.0.0.24/mcp', { method: 'GET' });
    expect(response.status).toBe(405);
    expect(port.requests).toHaveLength(0);
  });

  it('sends a POST through the port with its headers, body, credential and time limit; the buffered SSE answer is read whole', async () => {
    const port = fakePort(
      ok('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n', 'text/event-stream'),
    );
    const response = await adapter(port).fetch('http://127.0.0.24/mcp', {
      method: 'POST',
      headers: new Headers({
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      }),
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(port.requests[0]).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.24/mcp',
      headers: { 'content-type': 'application/json', authorization: 'Bearer velho' },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      timeoutMs: 5_000,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toContain('"result":{}');
  });

  it('tries a 401 once more with a new token when the account renews them, then refuses in pt-BR', async () => {
    const refused: HttpResponse = {
      status: 401,
      statusText: '',
      headers: {},
      body: new Uint8Array(),
    };
    const port = fakePort(refused, ok('{}'));
    const renewing = adapter(port, { renewable: true });
    expect(
      (await renewing.fetch('http://127.0.0.24/mcp', { method: 'POST', body: '{}' })).status,
    ).toBe(200);
    expect(renewing.forced).toEqual([false, true]);
    const once = fakePort(refused);
    await expect(
      adapter(once).fetch('http://127.0.0.24/mcp', { method: 'POST', body: '{}' }),
    ).rejects.toThrow(
      'O servidor MCP recusou a credencial da conta de serviço "Loja" (status 401).',
    );
  });

  it("says the port's refusal (the network guard) in pt-BR, and an abort stays the abort", async () => {
    const guard = fakePort(
      new Error('Endereço bloqueado pela proteção de rede: 10.0.0.1 (privado).'),
    );
    await expect(
      adapter(guard).fetch('http://10.0.0.1/mcp', { method: 'POST', body: '{}' }),
    ).rejects.toThrow(
      'Não foi possível falar com o servidor MCP: Endereço bloqueado pela proteção de rede: 10.0.0.1 (privado).',
    );
    const controller = new AbortController();
    const reason = new Error('execução parada');
    controller.abort(reason);
    const aborted = fakePort(reason);
    await expect(
      adapter(aborted, { signal: controller.signal }).fetch('http://127.0.0.24/mcp', {
        method: 'POST',
        body: '{}',
      }),
    ).rejects.toBe(reason);
    expect(aborted.requests[0]!.signal.aborted).toBe(true);
  });
});
