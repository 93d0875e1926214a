import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageDriver } from './storage-driver';
import { bytesStream } from './storage-driver.contract';

const options = { maxBytes: 1024 * 1024, overwrite: false };
const stopped = () => new Error('Execução interrompida.');

/** A stream that sends one chunk and then never ends (nor fails): a client gone quiet. */
function hangingStream(): Readable & { started: Promise<void> } {
  let started!: () => void;
  const stream = new Readable({
    read() {
      if ((this as { sent?: boolean }).sent) return;
      (this as { sent?: boolean }).sent = true;
      this.push(Buffer.from('começo'));
      started();
    },
  });
  return Object.assign(stream, { started: new Promise<void>((resolve) => (started = resolve)) });
}

/**
 * Every StorageDriver honours an execution's signal (storage-driver.ts): aborted, a call starts
 * nothing and rejects with the signal's reason; a write under way stops and leaves nothing; a
 * read's stream stops.
 */
export function describeStorageDriverAbort(
  name: string,
  makeDriver: () => StorageDriver | Promise<StorageDriver>,
): void {
  describe(`storage driver and the execution signal: ${name}`, () => {
    let driver: StorageDriver;
    beforeAll(async () => {
      driver = await makeDriver();
    });

    it('an aborted signal starts nothing, and every call rejects with its reason', async () => {
      const ws = randomUUID();
      await driver.write(ws, '/a.txt', bytesStream('olá'), options);
      const reason = stopped();
      const signal = AbortSignal.abort(reason);
      const calls = [
        driver.list(ws, '/', signal),
        driver.stat(ws, '/a.txt', signal),
        driver.read(ws, '/a.txt', signal),
        driver.write(ws, '/b.txt', bytesStream('x'), options, signal),
        driver.delete(ws, '/a.txt', signal),
        driver.usage(ws, signal),
      ];
      for (const call of calls) await expect(call).rejects.toBe(reason);
      expect(await driver.stat(ws, '/b.txt')).toBeNull();
      expect(await driver.stat(ws, '/a.txt')).toMatchObject({ size: 4 });
    });

    it('a write whose stream hangs stops when the signal aborts, and leaves nothing', async () => {
      const ws = randomUUID();
      const controller = new AbortController();
      const content = hangingStream();
      const writing = driver.write(ws, '/pasta/lento.txt', content, options, controller.signal);
      await content.started;
      const reason = stopped();
      controller.abort(reason);
      await expect(writing).rejects.toBe(reason);
      expect(await driver.stat(ws, '/pasta/lento.txt')).toBeNull();
    });

    it("a read's stream stops when the signal aborts", async () => {
      const ws = randomUUID();
      await driver.write(ws, '/a.txt', bytesStream('olá'), options);
      const controller = new AbortController();
      const { stream } = await driver.read(ws, '/a.txt', controller.signal);
      controller.abort(stopped());
      await expect(buffer(stream)).rejects.toThrow();
    });
  });
}
