import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createS3StorageDriver } from './s3-driver';
import type { StorageDriver } from './storage-driver';

const m = messages.storage;
const boundary = '----ponte-s3';
const megabyte = 1024 * 1024;

let server: S3TestServer;
let s3: StorageDriver;
let client: S3Client;

beforeAll(async () => {
  server = await startS3TestServer();
  const connection = { endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true };
  s3 = createS3StorageDriver({ ...connection, bucket: server.bucket, ...server.credentials });
  client = new S3Client({ ...connection, credentials: server.credentials });
});

afterAll(async () => {
  client?.destroy();
  await server?.stop();
});

/** The app is built before the S3 server has a port: it gets a driver that reaches it later. */
const driver: StorageDriver = {
  kind: 's3',
  list: (...args) => s3.list(...args),
  stat: (...args) => s3.stat(...args),
  read: (...args) => s3.read(...args),
  write: (...args) => s3.write(...args),
  createFolder: (...args) => s3.createFolder(...args),
  delete: (...args) => s3.delete(...args),
  search: (...args) => s3.search(...args),
  oldFiles: (...args) => s3.oldFiles(...args),
  usage: (...args) => s3.usage(...args),
};

/** A multipart body with `pathFile` and one file. */
function multipart(pathFile: string, filename: string, content: Buffer): Buffer {
  const disposition = (name: string, file = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n`;
  return Buffer.concat([
    Buffer.from(`${disposition('pathFile')}${pathFile}\r\n`),
    Buffer.from(disposition('file', `; filename="${filename}"`)),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

async function keysOf(workspaceId: string): Promise<string[]> {
  const page = await client.send(
    new ListObjectsV2Command({ Bucket: server.bucket, Prefix: `${workspaceId}/` }),
  );
  return (page.Contents ?? []).map((object) => object.Key!).sort();
}

describeEachDriver('storage routes on the S3 driver', (database) => {
  const t = useTestApp(database, { storage: { driver, maxFileBytes: 8 * megabyte } });

  const upload = (account: TestAccount, pathFile: string, name: string, content: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/storage/upload',
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: multipart(pathFile, name, content),
    });

  it('uploads a multipart-sized file into a folder, lists, searches, downloads and deletes it', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const bytes = Buffer.alloc(6 * megabyte, 0);
    for (let at = 0; at < bytes.length; at += 4096) bytes[at] = at % 251;
    const sent = await upload(account, '/relatórios/2026/', 'novembro.pdf', bytes);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({
      name: 'novembro.pdf',
      path: '/relatórios/2026/novembro.pdf',
      size: bytes.length,
      isFolder: false,
    });
    expect((await api.get('/api/v1/storage?path=/relatórios')).json()).toEqual([
      { name: '2026', path: '/relatórios/2026', size: 0, isFolder: true },
    ]);
    const search = await api.get('/api/v1/storage/search?filter.searchTerm=NOVEMBRO');
    expect(search.json()).toMatchObject({
      total: 1,
      data: [{ path: '/relatórios/2026/novembro.pdf' }],
    });
    const download = await api.get(
      `/api/v1/storage/download?path=${encodeURIComponent('/relatórios/2026/novembro.pdf')}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(bytes)).toBe(true);

    const stranger = t.request((await t.createAccount()).token);
    const elsewhere = await stranger.get(
      `/api/v1/storage/download?path=${encodeURIComponent('/relatórios/2026/novembro.pdf')}`,
    );
    expect(elsewhere.statusCode).toBe(404);

    const removed = await api.delete(`/api/v1/storage?path=${encodeURIComponent('/relatórios')}`);
    expect(removed.statusCode).toBeLessThan(300);
    expect(await keysOf(account.workspaceId)).toEqual([]);
  });

  it('refuses a file over the limit with 413 and leaves nothing in the bucket', async () => {
    const account = await t.createAccount();
    const large = await upload(account, '/grande.bin', 'grande.bin', Buffer.alloc(9 * megabyte, 1));
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(m.fileTooLarge('8 MB'));
    expect(await keysOf(account.workspaceId)).toEqual([]);
  });
});
