import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3StorageDriver } from './s3-driver';
import type { StorageDriver } from './storage-driver';

/**
 * An S3 service that takes the connection and never answers: only the signal the driver hands
 * the SDK (`abortSignal`) can end a request to it.
 */
describe('S3 driver: a request the service never answers ends with the signal', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let connected: () => void = () => undefined;
  let driver: StorageDriver;

  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      connected();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    driver = createS3StorageDriver({
      bucket: 'mudo',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'chave',
      secretAccessKey: 'segredo',
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(['stat', 'list', 'read', 'delete', 'usage'] as const)(
    '%s rejects with the execution abort',
    async (operation) => {
      const controller = new AbortController();
      const reached = new Promise<void>((resolve) => (connected = resolve));
      const ws = randomUUID();
      const call =
        operation === 'usage'
          ? driver.usage(ws, controller.signal)
          : driver[operation](ws, operation === 'list' ? '/' : '/a.txt', controller.signal);
      await reached;
      const reason = new Error('Execução interrompida.');
      controller.abort(reason);
      await expect(call).rejects.toBe(reason);
    },
  );
});
