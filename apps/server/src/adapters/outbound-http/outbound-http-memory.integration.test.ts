import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createDeflate, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeNode } from '@ponte/engine/nodes/actions/code/code.node';
import { httpRequestNode } from '@ponte/engine/nodes/actions/http-request/http-request.node';
import { maxHttpResponseBytes } from '@ponte/engine/ports';
import { createIsolatedSandbox } from '@ponte/engine/sandbox/isolated-sandbox';
import { createFakePorts } from '@ponte/engine/testing/fake-ports';
import { measureMemory } from '@ponte/engine/testing/memory';
import { runNode } from '@ponte/engine/testing/run-node';
import { createNetworkGuard } from './network-guard';
import { createOutboundHttpClient } from './outbound-http-client';

/**
 * A response of 1 GB, plain or as a compression bomb (a few MB that inflate to 1 GB), must be
 * cut at the 16 MB cap while it streams, by every HTTP path a flow has (the client, the HTTP
 * Request node, fetch and axios in code), and the server must stay within a memory budget
 * relative to the cap (docs/adr/0017).
 */
const megabyte = 1024 * 1024;
const gigabyte = 1024 * megabyte;
const budgetBytes = 8 * maxHttpResponseBytes;
const cap = 'A resposta passou do limite de 16 MB e foi interrompida.';

/** `size` bytes of zeros through a compressor, fed as the compressor drains. */
async function compressedZeros(compressor: Transform, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  compressor.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => compressor.on('end', resolve));
  const block = Buffer.alloc(megabyte);
  for (let written = 0; written < size; written += block.length) {
    if (!compressor.write(block)) await new Promise((resolve) => compressor.once('drain', resolve));
  }
  compressor.end();
  await done;
  return Buffer.concat(chunks);
}

/** Writes `total` bytes of 1 MB blocks as the client reads them; counts what left. */
function stream(res: ServerResponse, total: number, sent: { bytes: number }) {
  const block = Buffer.alloc(megabyte, 0x61);
  const push = () => {
    while (sent.bytes < total && !res.destroyed) {
      sent.bytes += block.length;
      if (!res.write(block)) return void res.once('drain', push);
    }
    res.end();
  };
  res.on('error', () => undefined);
  push();
}

describe('outbound responses of 1 GB and compression bombs', () => {
  const sent = { bytes: 0 };
  const bombs: Record<string, Buffer> = {};
  let server: Server;
  let base = '';
  const client = createOutboundHttpClient({ guard: createNetworkGuard(['127.0.0.1/32']) });
  const sandbox = createIsolatedSandbox({ limits: { memoryMb: 128 } });

  beforeAll(async () => {
    // gzip members may follow one another: 64 members of 16 MB of zeros are 1 GB.
    bombs.gzip = Buffer.concat(Array(64).fill(gzipSync(Buffer.alloc(16 * megabyte), { level: 9 })));
    bombs.deflate = await compressedZeros(createDeflate({ level: 1 }), gigabyte);
    bombs.br = await compressedZeros(
      createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
      gigabyte,
    );
    server = createServer((req, res) => {
      const coding = (req.url ?? '').slice(1);
      const bomb = bombs[coding];
      if (bomb) {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': coding });
        res.on('error', () => undefined);
        return void res.end(bomb);
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      sent.bytes = 0;
      stream(res, gigabyte, sent);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    sandbox.dispose();
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const measure = async (attempt: () => Promise<unknown>) => {
    const measured = await measureMemory(attempt);
    const { outcome } = measured;
    return { ...measured, outcome: 'error' in outcome ? outcome.error : 'leu a resposta inteira' };
  };
  const get = (path: string) =>
    client.request({
      method: 'GET',
      url: `${base}${path}`,
      headers: {},
      timeoutMs: 60_000,
      signal: new AbortController().signal,
    });

  it('cuts a 1 GB body at the cap and closes the connection', async () => {
    const { outcome, grewBy, held } = await measure(() => get('/infinito'));
    expect(outcome).toBe(cap);
    expect(grewBy).toBeLessThan(budgetBytes);
    expect(held).toBeLessThan(budgetBytes);
    // The server could send little more than the cap (and what the sockets buffer).
    expect(sent.bytes).toBeLessThan(4 * maxHttpResponseBytes);
  });

  it.each(['gzip', 'deflate', 'br'])(
    'stops inflating a %s bomb (1 GB decoded) at the cap',
    async (coding) => {
      expect(bombs[coding]!.length).toBeLessThan(8 * megabyte);
      const { outcome, grewBy, held } = await measure(() => get(`/${coding}`));
      expect(outcome).toBe(cap);
      expect(grewBy).toBeLessThan(budgetBytes);
      expect(held).toBeLessThan(budgetBytes);
    },
  );

  it('cuts them in the HTTP Request node and in fetch and axios of the code node', async () => {
    const ports = createFakePorts();
    ports.httpHandler = (request) => client.request(request);
    for (const path of ['/infinito', '/gzip']) {
      const viaNode = await measure(() =>
        runNode(httpRequestNode, { ports, params: { method: 'GET', url: `${base}${path}` } }),
      );
      expect(viaNode.outcome).toBe(`A requisição HTTP falhou: ${cap}`);
      expect(viaNode.grewBy).toBeLessThan(budgetBytes);
      expect(viaNode.held).toBeLessThan(budgetBytes);
      const code = `const tryIt = async (call) => { try { await call(); return 'leu'; } catch (e) { return e.message; } };
        return { payload: [
          await tryIt(() => fetch('${base}${path}').then((r) => r.text())),
          await tryIt(() => axios.get('${base}${path}')),
        ] };`;
      let answers: unknown;
      const viaCode = await measure(async () => {
        const { emitted } = await runNode(codeNode, { ports, sandbox, params: { code } });
        answers = emitted[0]?.msg.payload;
      });
      expect(viaCode.outcome).toBe('leu a resposta inteira');
      expect(answers).toEqual([cap, cap]);
      expect(viaCode.grewBy).toBeLessThan(budgetBytes);
      expect(viaCode.held).toBeLessThan(budgetBytes);
    }
  });
});
