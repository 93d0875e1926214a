import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver read in full. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A `node:http` server on 127.0.0.2 (or another loopback address) that keeps every request.
 * `answer` decides the response of each (default 200); it may hold one open (a receiver that
 * has not answered yet). `completed` counts the requests that got their answer.
 */
export async function startHttpReceiver(host = '127.0.0.2') {
  const received: ReceivedRequest[] = [];
  let completed = 0;
  let answer: (request: ReceivedRequest, response: ServerResponse) => void = (_r, response) =>
    response.writeHead(200).end('ok');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      response.once('finish', () => (completed += 1));
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    received,
    get completed() {
      return completed;
    },
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
