import { writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorageDriver } from './local-driver';
import {
  bytesStream,
  describeStorageDriverContract,
  failingStream,
} from './storage-driver.contract';
import { describeStorageDriverAbort } from './storage-driver-abort.contract';

let root: string | undefined;

describeStorageDriverContract('local', async () => {
  root = await mkdtemp(join(tmpdir(), 'ponte-storage-'));
  return createLocalStorageDriver(root);
});

describeStorageDriverAbort('local', async () =>
  createLocalStorageDriver(await mkdtemp(join(tmpdir(), 'ponte-storage-abort-'))),
);

describe('local storage driver on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ponte-storage-disk-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a workspace under its id and leaves no temp file after a failed write', async () => {
    const driver = createLocalStorageDriver(dir);
    await driver.write('ws-1', '/pasta/a.txt', bytesStream('abc'), {
      maxBytes: 10,
      overwrite: false,
    });
    await expect(
      driver.write('ws-1', '/pasta/b.txt', bytesStream('0123456789AB'), {
        maxBytes: 10,
        overwrite: false,
      }),
    ).rejects.toMatchObject({ statusCode: 413 });
    await expect(
      driver.write('ws-1', '/pasta/c.txt', failingStream('meio'), {
        maxBytes: 10,
        overwrite: false,
      }),
    ).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['ws-1']);
    expect(await readdir(join(dir, 'ws-1', 'pasta'))).toEqual(['a.txt']);
  });

  it('refuses a file another process created while the upload streamed', async () => {
    const driver = createLocalStorageDriver(dir);
    await driver.createFolder('ws-2', '/pasta');
    let sent = false;
    const racing = new Readable({
      read() {
        if (sent) return this.push(null);
        sent = true;
        writeFileSync(join(dir, 'ws-2', 'pasta', 'a.txt'), 'do outro');
        this.push(Buffer.from('meu'));
      },
    });
    await expect(
      driver.write('ws-2', '/pasta/a.txt', racing, { maxBytes: 10, overwrite: false }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await readFile(join(dir, 'ws-2', 'pasta', 'a.txt'), 'utf8')).toBe('do outro');
    expect(await readdir(join(dir, 'ws-2', 'pasta'))).toEqual(['a.txt']);
  });

  it('refuses a workspace id that is not a plain name', async () => {
    const driver = createLocalStorageDriver(dir);
    await expect(driver.list('../fora', '/')).rejects.toThrow();
    await expect(driver.list('a/b', '/')).rejects.toThrow();
  });
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});
