import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDnsServer } from '../../test/local-dns-server';
import { createNetworkGuard } from './network-guard';
import { createOutboundHttpClient, type OutboundHttpClient } from './outbound-http-client';
import type { Resolver } from './guarded-agent';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A local HTTP server on `host` that records the paths it was asked for. */
async function startServer(host: string, handler: Handler) {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    seen,
    url: (path: string) => `http://${host}:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `size` bytes of zeros, gzip-compressed (a few KB per MB). */
async function gzippedZeros(size: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => gzip.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += block.length) gzip.write(block);
  gzip.end();
  await done;
  return Buffer.concat(chunks);
}

const blocked = (address: string, range: string) =>
  `Endereço bloqueado pela proteção de rede: ${address} (${range})`;

describe('outbound HTTP client', () => {
  const clients: OutboundHttpClient[] = [];
  const client = (allowed: string[] = [], resolver?: Resolver) => {
    const created = createOutboundHttpClient({
      guard: createNetworkGuard(allowed),
      ...(resolver ? { resolver } : {}),
    });
    clients.push(created);
    return created;
  };
  const get = (http: OutboundHttpClient, url: string, timeoutMs = 10_000) =>
    http.request({
      method: 'GET',
      url,
      headers: {},
      timeoutMs,
      signal: new AbortController().signal,
    });

  let local: Awaited<ReturnType<typeof startServer>>;
  let second: Awaited<ReturnType<typeof startServer>>;
  let dns: Awaited<ReturnType<typeof startLocalDnsServer>>;
  let bomb: Buffer;

  beforeAll(async () => {
    bomb = await gzippedZeros(40 * 1024 * 1024);
    local = await startServer('127.0.0.1', (req, res) => {
      if (req.url === '/pedidos') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          res.writeHead(201, { 'content-type': 'application/json', 'x-pedido': '42' });
          res.end(JSON.stringify({ recebido: body, metodo: req.method }));
        });
        return;
      }
      if (req.url === '/grande') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const block = Buffer.alloc(1024 * 1024, 1);
        let sent = 0;
        const push = () => {
          while (sent < 20 && !res.destroyed) {
            sent++;
            if (!res.write(block)) return void res.once('drain', push);
          }
          res.end();
        };
        res.on('error', () => undefined);
        return push();
      }
      if (req.url === '/bomba') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        res.on('error', () => undefined);
        return void res.end(bomb);
      }
      if (req.url === '/compactado') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        const gzip = createGzip();
        gzip.pipe(res);
        return void gzip.end('olá, compactado');
      }
      if (req.url === '/cadeia') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return void res.end(JSON.stringify(req.headers['x-ponte-chain'] ?? null));
      }
      if (req.url === '/lento') return; // never answers
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('segredo interno');
    });
    second = await startServer('127.0.0.2', (req, res) => {
      const to: Record<string, string> = {
        '/direto': local.url('/segredo'),
        '/passo-1': second.url('/passo-2'),
        '/passo-2': `http://api.exemplo-publico.com.br:${local.port}/segredo`,
        '/ok': second.url('/fim'),
        '/laco': second.url('/laco'),
      };
      const location = to[req.url ?? ''];
      if (location) {
        res.writeHead(302, { location });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('fim do caminho');
    });
    dns = await startLocalDnsServer({ 'api.exemplo-publico.com.br': '127.0.0.1' });
  });

  afterAll(async () => {
    await Promise.all(clients.map((item) => item.close()));
    await Promise.all([local?.close(), second?.close(), dns?.close()]);
  });

  it('refuses a public-looking name whose DNS answer is 127.0.0.1', async () => {
    const url = `http://api.exemplo-publico.com.br:${local.port}/segredo`;
    await expect(get(client([], dns.resolver), url)).rejects.toThrow(
      `${blocked('127.0.0.1', 'loopback')}, resolvido de api.exemplo-publico.com.br. ` +
        'Para liberar, inclua a rede em PONTE_HTTP_ALLOWED_NETWORKS.',
    );
    expect(local.seen).not.toContain('/segredo');
    // The same name reaches the server once its network is allowed: the answer came from DNS.
    const allowed = await get(client(['127.0.0.1/32'], dns.resolver), url);
    expect(Buffer.from(allowed.body).toString()).toBe('segredo interno');
  });

  it('checks every hop of a redirect chain again, names re-resolved', async () => {
    local.seen.length = 0;
    const http = client(['127.0.0.2/32'], dns.resolver);
    await expect(get(http, second.url('/direto'))).rejects.toThrow(
      blocked('127.0.0.1', 'loopback'),
    );
    await expect(get(http, second.url('/passo-1'))).rejects.toThrow(
      `${blocked('127.0.0.1', 'loopback')}, resolvido de api.exemplo-publico.com.br.`,
    );
    expect(local.seen).not.toContain('/segredo');
    expect(second.seen).toEqual(expect.arrayContaining(['/direto', '/passo-1', '/passo-2']));
    const followed = await get(http, second.url('/ok'));
    expect(Buffer.from(followed.body).toString()).toBe('fim do caminho');
  });

  it.each([
    ['http://[::ffff:127.0.0.1]/', blocked('127.0.0.1', 'loopback')],
    ['http://2130706433/', blocked('127.0.0.1', 'loopback')],
    ['http://0x7f.1/', blocked('127.0.0.1', 'loopback')],
    ['http://0177.0.0.1/', blocked('127.0.0.1', 'loopback')],
    ['http://127.1/', blocked('127.0.0.1', 'loopback')],
    ['http://0.0.0.0/', blocked('0.0.0.0', 'não especificado')],
    ['http://[::]/', blocked('::', 'não especificado')],
    ['http://[::1]/', blocked('::1', 'loopback')],
    ['http://localhost/', 'loopback), resolvido de localhost.'],
    ['http://169.254.169.254/latest/meta-data/', blocked('169.254.169.254', 'link-local')],
    ['http://[::ffff:a9fe:a9fe]/', blocked('169.254.169.254', 'link-local')],
    ['http://10.0.0.8/', blocked('10.0.0.8', 'rede privada')],
    ['http://100.64.0.1/', blocked('100.64.0.1', 'CGNAT')],
  ])('refuses %s', async (url, message) => {
    const error = await get(client(), url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).toContain('PONTE_HTTP_ALLOWED_NETWORKS');
  });

  it('stops a body past 16 MB, and a gzip bomb before inflating it all', async () => {
    const http = client(['127.0.0.1/32']);
    const cap = 'A resposta passou do limite de 16 MB e foi interrompida.';
    await expect(get(http, local.url('/grande'))).rejects.toThrow(cap);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(get(http, local.url('/bomba'))).rejects.toThrow(cap);
  });

  it('makes an allowed request: status, headers and body, decoded', async () => {
    const http = client(['127.0.0.0/8']);
    const response = await http.request({
      method: 'POST',
      url: local.url('/pedidos'),
      headers: { 'content-type': 'text/plain' },
      body: 'pedido 42',
      timeoutMs: 10_000,
      signal: new AbortController().signal,
    });
    expect(response).toMatchObject({
      status: 201,
      statusText: 'Created',
      headers: { 'content-type': 'application/json', 'x-pedido': '42' },
    });
    expect(JSON.parse(Buffer.from(response.body).toString())).toEqual({
      recebido: 'pedido 42',
      metodo: 'POST',
    });
    const compressed = await get(http, local.url('/compactado'));
    expect(Buffer.from(compressed.body).toString()).toBe('olá, compactado');
  });

  it('stops a redirect loop and reports a refused connection, in Portuguese', async () => {
    const http = client(['127.0.0.0/8']);
    await expect(get(http, second.url('/laco'))).rejects.toThrow(
      'A requisição foi redirecionada mais de 5 vezes.',
    );
    const closed = await startServer('127.0.0.3', () => undefined);
    await closed.close();
    await expect(get(http, closed.url('/'))).rejects.toThrow(
      `A conexão com 127.0.0.3:${closed.port} foi recusada ou encerrada.`,
    );
  });

  it('gives up after the timeout, in Portuguese', async () => {
    await expect(get(client(['127.0.0.1/32']), local.url('/lento'), 300)).rejects.toThrow(
      'A requisição excedeu o tempo limite de 300 ms.',
    );
  });

  it('sends the chain depth as x-ponte-chain, over any header of that name the flow set', async () => {
    const http = client(['127.0.0.0/8']);
    const chained = await http.request({
      method: 'GET',
      url: local.url('/cadeia'),
      headers: { 'X-Ponte-Chain': '0', 'x-ponte-chain': '1' },
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      chainDepth: 4,
    });
    expect(new TextDecoder().decode(chained.body)).toBe('"4"');
  });
});
