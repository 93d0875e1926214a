import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { chain, createFlow, finished, type Step } from '../../test/flow-fixtures';
import { systemResolver, type Resolver } from './guarded-agent';

/** A real HTTP server on `host` that records every path it was asked for. */
async function startRecordingServer(host: string) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const target = new URL(req.url ?? '/', 'http://x').searchParams.get('para');
    if (target) {
      res.writeHead(302, { location: target }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('alcançado');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    seen,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const loopbackRefusal =
  'Endereço bloqueado pela proteção de rede: 127.0.0.1 (loopback). ' +
  'Para liberar, inclua a rede em PONTE_HTTP_ALLOWED_NETWORKS.';
const guardRefusal =
  /^Endereço bloqueado pela proteção de rede: \S+ \((loopback|não especificado|reservado)\)(, resolvido de \S+)?\. Para liberar, inclua a rede em PONTE_HTTP_ALLOWED_NETWORKS\.$/;

/** Names the test's resolver answers itself; every other name goes to the system resolver. */
const names: Record<string, string> = {
  'api.interna.exemplo': '127.0.0.1',
  'servico.exemplo': '127.0.0.2',
};
const resolver: Resolver = async (hostname) => {
  const address = names[hostname.toLowerCase()];
  return address ? [{ address, family: 4 }] : systemResolver(hostname);
};

describeEachDriver('network guard: loopback spellings, names and redirects', (driver) => {
  // The only network the flows may reach is the "outside" server's; Ponte and a stand-in for
  // its API listen on 127.0.0.1, which stays blocked.
  const t = useTestApp(driver, {
    webhookTimeoutMs: 20_000,
    httpAllowedNetworks: ['127.0.0.2/32'],
    httpResolver: resolver,
  });
  let outside: Awaited<ReturnType<typeof startRecordingServer>>;
  let inside: Awaited<ReturnType<typeof startRecordingServer>>;
  let ponte = 0;

  beforeAll(async () => {
    outside = await startRecordingServer('127.0.0.2');
    inside = await startRecordingServer('127.0.0.1');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ponte = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await outside?.close();
    await inside?.close();
  });

  const webhookFlow = (...steps: Step[]) =>
    chain(
      {
        type: 'core_webhook_trigger',
        params: { method: 'POST', path: 'rede', response: 'last_node' },
      },
      ...steps,
    );
  const call = (flowId: string) =>
    t.app.inject({ method: 'POST', url: `/engine/webhook/${flowId}/rede`, payload: {} });

  /** Runs one code node that tries every URL with fetch and with axios; gives what each got. */
  async function tryFromCode(urls: string[]) {
    const account = await t.createAccount();
    const code = `
      const attempt = async (call) => {
        try { const answer = await call(); return 'alcançou: ' + answer; }
        catch (e) { return e.message; }
      };
      const results = [];
      for (const url of ${JSON.stringify(urls)}) {
        results.push({
          url,
          fetch: await attempt(async () => (await fetch(url)).text()),
          axios: await attempt(async () => (await axios.get(url)).data),
        });
      }
      return { payload: results };`;
    const flowId = await createFlow(
      t,
      account,
      webhookFlow({ type: 'core_code', params: { code } }),
    );
    const res = await call(flowId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; fetch: string; axios: string }[];
  }

  it('reaches the allowed server by address and by name (the control)', async () => {
    const results = await tryFromCode([
      `http://127.0.0.2:${outside.port}/direto`,
      `http://servico.exemplo:${outside.port}/por-nome`,
    ]);
    for (const result of results) {
      expect(result.fetch, result.url).toBe('alcançou: alcançado');
      expect(result.axios, result.url).toBe('alcançou: alcançado');
    }
  });

  it('refuses loopback in every spelling from fetch and axios, before any socket reaches it', async () => {
    const spellings = (port: number) => [
      `http://localhost:${port}/healthz`,
      `http://LOCALHOST.:${port}/healthz`,
      `http://ponte.localhost:${port}/healthz`,
      `http://0.0.0.0:${port}/healthz`,
      `http://0:${port}/healthz`,
      `http://127.1:${port}/healthz`,
      `http://2130706433:${port}/healthz`,
      `http://0177.0.0.1:${port}/healthz`,
      `http://0x7f.1:${port}/healthz`,
      `http://[::ffff:127.0.0.1]:${port}/healthz`,
      `http://[::1]:${port}/healthz`,
      `http://[::127.0.0.1]:${port}/healthz`,
      `http://api.interna.exemplo:${port}/healthz`,
    ];
    const results = await tryFromCode([...spellings(ponte), ...spellings(inside.port)]);
    for (const result of results) {
      expect(result.fetch, result.url).toMatch(guardRefusal);
      expect(result.axios, result.url).toMatch(guardRefusal);
    }
    const dotted = results.find(({ url }) => url.startsWith(`http://LOCALHOST.:${ponte}`));
    expect(dotted?.fetch).toMatch(/, resolvido de localhost\. Para liberar/);
    const numeric = results.filter(({ url }) => /\/\/(127\.1|2130706433|0177|0x7f)/.test(url));
    for (const result of numeric) expect(result.fetch, result.url).toBe(loopbackRefusal);
    expect(inside.seen).toEqual([]);
  });

  it('checks every redirect hop, by address and by name', async () => {
    const via = (target: string) =>
      `http://127.0.0.2:${outside.port}/redireciona?para=${encodeURIComponent(target)}`;
    const hidden = `http://127.0.0.1:${inside.port}/segredo`;
    const results = await tryFromCode([
      via(hidden),
      via(`http://api.interna.exemplo:${inside.port}/segredo`),
      via(`http://2130706433:${inside.port}/segredo`),
      // Two allowed hops, then the blocked one: not only the first URL is checked.
      via(via(`http://[::ffff:127.0.0.1]:${inside.port}/segredo`)),
    ]);
    for (const result of results) {
      expect(result.fetch, result.url).toMatch(guardRefusal);
      expect(result.axios, result.url).toMatch(guardRefusal);
    }
    expect(results[0]?.fetch).toBe(loopbackRefusal);
    expect(outside.seen.length).toBeGreaterThan(0);
    expect(inside.seen).toEqual([]);
  });

  it('fails an HTTP Request node sent to loopback directly or through a redirect', async () => {
    const account = await t.createAccount();
    const targets = [
      `http://0177.0.0.1:${inside.port}/segredo`,
      `http://api.interna.exemplo:${inside.port}/segredo`,
      `http://127.0.0.2:${outside.port}/r?para=${encodeURIComponent(`http://127.1:${inside.port}/segredo`)}`,
    ];
    for (const url of targets) {
      const flowId = await createFlow(
        t,
        account,
        webhookFlow({ type: 'core_http_request', params: { method: 'GET', url } }),
      );
      await call(flowId);
      const [run] = await finished(t, flowId);
      expect(run?.status, url).toBe('error');
      expect(run?.error?.message, url).toMatch(/^A requisição HTTP falhou: Endereço bloqueado/);
      expect(run?.error?.message, url).toContain('(loopback)');
    }
    expect(inside.seen).toEqual([]);
  });
});
