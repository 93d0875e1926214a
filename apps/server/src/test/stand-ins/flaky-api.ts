import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP service that is down for a while (RFC 9110 §15.6.4, 503 Service Unavailable, with
 * `Retry-After` per §10.2.3 when asked), then answers 200 with JSON: the flaky API of the
 * retry tests. It records when each request arrived.
 */
export interface FlakyApi {
  url: string;
  /** Arrival times (ms since the epoch) of every request, in order. */
  arrivals: number[];
  /** The path of every request, in order. */
  paths: string[];
  /** The next `count` requests fail with 503 (and this `Retry-After`, in seconds). */
  failNext(count: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

export async function startFlakyApi(host: string): Promise<FlakyApi> {
  const arrivals: number[] = [];
  const paths: string[] = [];
  let failing = 0;
  let retryAfter: number | undefined;
  const server: Server = createServer((request, response) => {
    arrivals.push(Date.now());
    paths.push(request.url ?? '');
    request.resume();
    if (failing > 0) {
      failing--;
      response.writeHead(503, {
        'content-type': 'application/json',
        ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }),
      });
      return response.end(JSON.stringify({ erro: 'indisponível' }));
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: true, pedido: arrivals.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    arrivals,
    paths,
    failNext(count, seconds) {
      failing = count;
      retryAfter = seconds;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
