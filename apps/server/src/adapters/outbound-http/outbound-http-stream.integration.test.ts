import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest } from '@ponte/engine/ports';
import { createNetworkGuard } from './network-guard';
import { createOutboundHttpClient, type OutboundHttpClient } from './outbound-http-client';

/**
 * `onChunk` of the HTTP port (docs/adr/0102): the body is read as it arrives, with the guard,
 * the timeout and the cap of any other request.
 */

/** Resolves when `release` is called: the server holds the rest of a body until then. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

let server: Server;
let base: string;
/** The test's gate for the body's second half. */
let second = gate();

function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.url === '/stream') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: primeira\n\n');
    void second.opened.then(() => res.end('data: segunda\n\n'));
  } else if (req.url === '/gzip') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
    const gzip = createGzip();
    gzip.pipe(res);
    gzip.write('data: comprimida\n\n');
    gzip.flush(constants.Z_SYNC_FLUSH);
    void second.opened.then(() => gzip.end('data: fim\n\n'));
  } else if (req.url === '/redirect') {
    res.writeHead(302, { location: '/stream', 'content-type': 'text/plain' });
    res.end('movido');
  } else if (req.url === '/stall') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: parada\n\n');
  } else {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end('x'.repeat(4096));
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('outbound HTTP client, a body read as it arrives', () => {
  const clients: OutboundHttpClient[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.close())));
  const client = (allowed = ['127.0.0.1/32'], maxResponseBytes?: number) => {
    const created = createOutboundHttpClient({
      guard: createNetworkGuard(allowed),
      ...(maxResponseBytes ? { maxResponseBytes } : {}),
    });
    clients.push(created);
    return created;
  };
  const decoder = new TextDecoder();

  /** A GET whose pieces are recorded; the first piece opens the server's gate. */
  function read(http: OutboundHttpClient, path: string, timeoutMs = 10_000) {
    second = gate();
    const pieces: { text: string; status: number; type: string | undefined }[] = [];
    const request: HttpRequest = {
      method: 'GET',
      url: `${base}${path}`,
      headers: {},
      timeoutMs,
      signal: new AbortController().signal,
      onChunk(chunk, head) {
        pieces.push({
          text: decoder.decode(chunk),
          status: head.status,
          type: head.headers['content-type'],
        });
        // The rest is sent only once the first piece reached the caller.
        second.release();
      },
    };
    return { pieces, done: http.request(request) };
  }

  it('gives the first piece before the server sends the rest, then resolves with the whole body', async () => {
    const { pieces, done } = read(client(), '/stream');
    const response = await done;
    expect(pieces).toEqual([
      { text: 'data: primeira\n\n', status: 200, type: 'text/event-stream' },
      { text: 'data: segunda\n\n', status: 200, type: 'text/event-stream' },
    ]);
    expect(decoder.decode(response.body)).toBe('data: primeira\n\ndata: segunda\n\n');
  });

  it('gives a gzip-coded body decoded, piece by piece', async () => {
    const { pieces, done } = read(client(), '/gzip');
    await done;
    expect(pieces.map((piece) => piece.text)).toEqual(['data: comprimida\n\n', 'data: fim\n\n']);
  });

  it("never gives a redirect's body: only the final response's", async () => {
    const { pieces, done } = read(client(), '/redirect');
    await done;
    expect(pieces.map((piece) => piece.text).join('')).toBe('data: primeira\n\ndata: segunda\n\n');
  });

  it('keeps the timeout after the first piece, in Portuguese', async () => {
    const { pieces, done } = read(client(), '/stall', 300);
    await expect(done).rejects.toThrow('A requisição excedeu o tempo limite de 300 ms.');
    expect(pieces.map((piece) => piece.text)).toEqual(['data: parada\n\n']);
  });

  it('keeps the size cap: a body past it stops, and no piece past the cap is given', async () => {
    const { pieces, done } = read(client(['127.0.0.1/32'], 1024), '/grande');
    await expect(done).rejects.toThrow('A resposta passou do limite');
    expect(pieces.reduce((sum, piece) => sum + piece.text.length, 0)).toBeLessThanOrEqual(1024);
  });

  it('keeps the network guard: a refused address gives nothing', async () => {
    const { pieces, done } = read(client([]), '/stream');
    await expect(done).rejects.toThrow('Endereço bloqueado pela proteção de rede: 127.0.0.1');
    expect(pieces).toEqual([]);
  });
});
