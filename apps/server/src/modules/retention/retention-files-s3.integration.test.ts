import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server';
import { createS3StorageDriver } from '../storage/s3-driver';
import { createStorageService, type StorageService } from '../storage/storage.service';
import { deleteFiles } from './rule-retention';

describe('retention of Storage files on S3', () => {
  let server: S3TestServer;
  let storage: StorageService;
  beforeAll(async () => {
    server = await startS3TestServer();
    storage = createStorageService({
      driver: createS3StorageDriver({
        bucket: server.bucket,
        endpoint: server.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        prefix: 'ponte/',
        ...server.credentials,
      }),
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('removes the files of a folder and its subfolders written before the cutoff, and no others', async () => {
    const ws = randomUUID();
    const write = (path: string, text: string) =>
      storage.writeBytes(ws, path, Buffer.from(text), { overwrite: false });
    await write('/relatorios/janeiro.csv', 'cpf;nome\n123;Ana\n');
    await write('/relatorios/2026/fevereiro.csv', 'abc');
    await write('/contratos/antigo.pdf', 'contrato');
    const target = { workspaceId: ws, folder: '/relatorios' };

    // Written just now: none is older than a minute ago.
    expect(await deleteFiles(storage, target, new Date(Date.now() - 60_000))).toEqual({
      removed: 0,
      bytes: 0,
    });
    expect(await deleteFiles(storage, target, new Date(Date.now() + 60_000))).toEqual({
      removed: 2,
      bytes: 20,
    });
    expect(await storage.stat(ws, '/relatorios/janeiro.csv')).toBeNull();
    expect(await storage.stat(ws, '/relatorios/2026')).toMatchObject({ isFolder: true });
    expect(await storage.stat(ws, '/contratos/antigo.pdf')).toMatchObject({ size: 8 });
  });
});
