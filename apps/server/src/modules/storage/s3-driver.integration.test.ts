import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server';
import { messages } from '@ponte/shared/messages';
import { createS3StorageDriver } from './s3-driver';
import { StorageServiceError } from './s3-objects';
import type { StorageDriver } from './storage-driver';
import { describeStorageDriverContract } from './storage-driver.contract';
import { describeStorageDriverAbort } from './storage-driver-abort.contract';

let server: S3TestServer;
let client: S3Client;
let driver: StorageDriver;
const prefix = 'ponte/';

beforeAll(async () => {
  server = await startS3TestServer();
  const connection = {
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: server.credentials,
  };
  client = new S3Client(connection);
  driver = createS3StorageDriver({
    bucket: server.bucket,
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    prefix,
    ...server.credentials,
  });
});

afterAll(async () => {
  client?.destroy();
  await server?.stop();
});

describeStorageDriverContract('s3', () => driver);
describeStorageDriverAbort('s3', () => driver);

const bytes = (size: number) => Readable.from([Buffer.alloc(size, 7)]);

/** Every key of the bucket under `keyPrefix`. */
async function keys(keyPrefix: string): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: server.bucket,
        Prefix: keyPrefix,
        ContinuationToken: token,
      }),
    );
    found.push(...(page.Contents ?? []).map((object) => object.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return found.sort();
}

const put = (key: string, body: string) =>
  client.send(new PutObjectCommand({ Bucket: server.bucket, Key: key, Body: body }));

describe('S3 storage driver: how it keeps things in the bucket', () => {
  it('keeps a workspace under prefix/workspace/, folders as zero-byte markers', async () => {
    const workspace = randomUUID();
    await driver.write(workspace, '/relatórios/2026/nov.txt', Readable.from(['olá']), {
      maxBytes: 100,
      overwrite: false,
    });
    expect(await keys(`${prefix}${workspace}/`)).toEqual([
      `${prefix}${workspace}/relatórios/`,
      `${prefix}${workspace}/relatórios/2026/`,
      `${prefix}${workspace}/relatórios/2026/nov.txt`,
    ]);
    const object = await client.send(
      new GetObjectCommand({
        Bucket: server.bucket,
        Key: `${prefix}${workspace}/relatórios/2026/nov.txt`,
      }),
    );
    expect(object.ContentType).toBe('text/plain');
    expect(await object.Body!.transformToString()).toBe('olá');
  });

  it('sees folders that only deeper keys imply, and keeps them when their content goes', async () => {
    const workspace = randomUUID();
    await put(`${prefix}${workspace}/externo/a.csv`, 'a;b');
    await put(`${prefix}${workspace}/externo/dados/b.csv`, 'c;d');
    expect(await driver.stat(workspace, '/externo')).toEqual({
      name: 'externo',
      path: '/externo',
      size: 0,
      isFolder: true,
    });
    expect(await driver.list(workspace, '/')).toEqual([
      { name: 'externo', path: '/externo', size: 0, isFolder: true },
    ]);
    expect(await driver.stat(workspace, '/externo/dados')).toMatchObject({ isFolder: true });
    expect((await driver.search(workspace, 'DADOS', 10)).items.map((item) => item.path)).toEqual([
      '/externo/dados',
    ]);
    await driver.delete(workspace, '/externo/dados/b.csv');
    await driver.delete(workspace, '/externo/a.csv');
    expect(await driver.list(workspace, '/externo')).toEqual([
      { name: 'dados', path: '/externo/dados', size: 0, isFolder: true },
    ]);
    expect(await driver.list(workspace, '/')).toEqual([
      { name: 'externo', path: '/externo', size: 0, isFolder: true },
    ]);
  });

  it('hides keys of other tools whose names no logical path can have', async () => {
    const workspace = randomUUID();
    for (const key of ['c\\d.txt', 'ok/e%2Ff.txt', 'ok/bom.txt']) {
      await put(`${prefix}${workspace}/${key}`, 'x');
    }
    expect((await driver.list(workspace, '/')).map((item) => item.path)).toEqual(['/ok']);
    expect((await driver.list(workspace, '/ok')).map((item) => item.path)).toEqual(['/ok/bom.txt']);
    const all = await driver.search(workspace, '', 10);
    expect(all.items.map((item) => item.path)).toEqual(['/ok', '/ok/bom.txt']);
  });

  it('refuses a workspace id that could reach into the keys of another', async () => {
    await expect(driver.list('a/b', '/')).rejects.toThrow();
    await expect(driver.usage('../x')).rejects.toThrow();
  });

  it('never lists another workspace or keys outside the prefix', async () => {
    const mine = randomUUID();
    const other = randomUUID();
    await put(`${prefix}${other}/segredo.txt`, 'x');
    await put(`${mine}/fora-do-prefixo.txt`, 'x');
    await driver.createFolder(mine, '/pasta');
    expect((await driver.list(mine, '/')).map((item) => item.path)).toEqual(['/pasta']);
    expect(await driver.search(mine, 'segredo', 10)).toEqual({ total: 0, items: [] });
    expect(await driver.usage(mine)).toBe(0);
  });

  it('deletes a folder of more than 1000 objects and lists past a page', async () => {
    const workspace = randomUUID();
    const names = Array.from({ length: 1005 }, (_, i) => `f${String(i).padStart(4, '0')}.txt`);
    for (let i = 0; i < names.length; i += 100) {
      await Promise.all(
        names.slice(i, i + 100).map((name) => put(`${prefix}${workspace}/muitos/${name}`, 'x')),
      );
    }
    expect(await driver.list(workspace, '/muitos')).toHaveLength(1005);
    expect(await driver.usage(workspace)).toBe(1005);
    const found = await driver.search(workspace, 'F10', 3);
    expect(found.total).toBe(5);
    expect(found.items.map((item) => item.name)).toEqual(['f1000.txt', 'f1001.txt', 'f1002.txt']);
    await driver.delete(workspace, '/muitos');
    expect(await keys(`${prefix}${workspace}/`)).toEqual([]);
  });

  it('a multipart upload past the limit leaves no object and the old bytes', async () => {
    const workspace = randomUUID();
    const big = 12 * 1024 * 1024;
    await driver.write(workspace, '/grande.bin', bytes(big), { maxBytes: big, overwrite: false });
    const chunks = Array.from({ length: 14 }, () => Buffer.alloc(1024 * 1024, 1));
    await expect(
      driver.write(workspace, '/grande.bin', Readable.from(chunks), {
        maxBytes: big,
        overwrite: true,
      }),
    ).rejects.toMatchObject({ statusCode: 413 });
    await expect(
      driver.write(workspace, '/novo.bin', Readable.from(chunks), {
        maxBytes: big,
        overwrite: false,
      }),
    ).rejects.toMatchObject({ statusCode: 413 });
    expect(await keys(`${prefix}${workspace}/`)).toEqual([`${prefix}${workspace}/grande.bin`]);
    const { stream, size } = await driver.read(workspace, '/grande.bin');
    expect(size).toBe(big);
    expect((await text(stream)).charCodeAt(0)).toBe(7);
  });

  it('takes names that URLs and XML escape: spaces, +, #, ?, %, &, quotes and emoji', async () => {
    const workspace = randomUUID();
    const names = ['a b+c.txt', 'n#1?.csv', '100% & "certo".txt', "d'água 🚀.md", '<x>=y;z'];
    for (const name of names) {
      await driver.write(workspace, `/pasta ç/${name}`, Readable.from([name]), {
        maxBytes: 100,
        overwrite: false,
      });
    }
    const listed = await driver.list(workspace, '/pasta ç');
    expect(listed.map((item) => item.name).sort()).toEqual([...names].sort());
    for (const name of names) {
      const { stream } = await driver.read(workspace, `/pasta ç/${name}`);
      expect(await text(stream)).toBe(name);
    }
    expect((await driver.search(workspace, 'ÁGUA', 10)).items.map((item) => item.name)).toEqual([
      "d'água 🚀.md",
    ]);
    await driver.delete(workspace, '/pasta ç');
    expect(await keys(`${prefix}${workspace}/`)).toEqual([]);
  });

  it('turns failures of the service into one pt-BR message without the bucket', async () => {
    const missing = createS3StorageDriver({
      bucket: 'balde-que-nao-existe',
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      ...server.credentials,
    });
    const workspace = randomUUID();
    const failures = await Promise.all([
      missing.list(workspace, '/').catch((error: Error) => error),
      missing.usage(workspace).catch((error: Error) => error),
      missing
        .write(workspace, '/a.txt', Readable.from(['a']), { maxBytes: 10, overwrite: false })
        .catch((error: Error) => error),
    ]);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(StorageServiceError);
      expect((failure as Error).message).toBe(messages.storage.unavailable);
      expect(((failure as Error).cause as { name: string }).name).toBe('NoSuchBucket');
    }
  });

  it('names neither the bucket nor a key in what people read', async () => {
    const workspace = randomUUID();
    await driver.write(workspace, '/a.txt', Readable.from(['a']), {
      maxBytes: 10,
      overwrite: false,
    });
    const failures = await Promise.all([
      driver.read(workspace, '/nada.txt').catch((error: Error) => error),
      driver.list(workspace, '/a.txt').catch((error: Error) => error),
      driver
        .write(workspace, '/a.txt/b.txt', Readable.from(['b']), {
          maxBytes: 10,
          overwrite: false,
        })
        .catch((error: Error) => error),
    ]);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).not.toMatch(
        new RegExp(`${server.bucket}|${workspace}|${prefix}`),
      );
    }
  });
});
