import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { createLocalStorageDriver } from './local-driver';
import { bytesStream } from './storage-driver.contract';
import { createStorageService, storageMimetype } from './storage.service';

describe('storage service', () => {
  let dir: string;
  const make = (options: { maxFileBytes?: number; quotaBytes?: number } = {}) =>
    createStorageService({ driver: createLocalStorageDriver(dir), ...options });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ponte-storage-service-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives content types by extension, octet-stream when unknown', () => {
    expect(storageMimetype('/a/relatorio.pdf')).toBe('application/pdf');
    expect(storageMimetype('/dados.CSV')).toBe('text/csv');
    expect(storageMimetype('/sem-extensao')).toBe('application/octet-stream');
  });

  it('writes and reads bytes with a reference, refusing a read over its limit', async () => {
    const service = make();
    const ref = await service.writeBytes('ws-a', 'docs/nota.txt', Buffer.from('olá'), {
      overwrite: false,
    });
    expect(ref).toEqual({
      path: '/docs/nota.txt',
      name: 'nota.txt',
      size: 4,
      mimetype: 'text/plain',
    });
    expect(await service.fileRef('ws-a', '/docs/nota.txt')).toEqual(ref);
    expect(await service.fileRef('ws-a', '/docs')).toBeNull();
    const read = await service.readBytes('ws-a', '/docs/nota.txt', 4);
    expect(Buffer.from(read.content).toString()).toBe('olá');
    await expect(service.readBytes('ws-a', '/docs/nota.txt', 3)).rejects.toMatchObject({
      statusCode: 413,
      message: messages.storage.readTooLarge('3 B'),
    });
    const copied = await service.copy('ws-a', '/docs/nota.txt', '/copia/nota.md', {
      overwrite: false,
    });
    expect(copied).toMatchObject({ path: '/copia/nota.md', size: 4, mimetype: 'text/markdown' });
    const { stream } = await service.readStream('ws-a', '/copia/nota.md');
    expect((await buffer(stream)).toString()).toBe('olá');
  });

  it('refuses a path that breaks the rules with its pt-BR message', async () => {
    const service = make();
    await expect(service.list('ws-a', '/a/../b')).rejects.toMatchObject({
      statusCode: 400,
      message: messages.storage.pathDots,
    });
  });

  it('applies the file limit (413) and the quota (507)', async () => {
    const service = make({ maxFileBytes: 8, quotaBytes: 12 });
    await expect(
      service.writeStream('ws-q', '/grande.bin', bytesStream('123456789'), { overwrite: false }),
    ).rejects.toMatchObject({ statusCode: 413, message: messages.storage.fileTooLarge('8 B') });
    await service.writeStream('ws-q', '/a.bin', bytesStream('12345678'), { overwrite: false });
    await expect(
      service.writeStream('ws-q', '/b.bin', bytesStream('12345'), { overwrite: false }),
    ).rejects.toMatchObject({ statusCode: 507, message: messages.storage.quotaExceeded('12 B') });
    expect(await service.stat('ws-q', '/b.bin')).toBeNull();
    await service.writeStream('ws-q', '/b.bin', bytesStream('1234'), { overwrite: false });
    // Replacing a file frees its own bytes first.
    await service.writeStream('ws-q', '/a.bin', bytesStream('87654321'), { overwrite: true });
    expect(await service.usage('ws-q')).toBe(12);
  });

  it('answers the folder it creates and searches with or without the items', async () => {
    const service = make();
    expect(await service.createFolder('ws-s', '/Relatórios/2026')).toEqual({
      name: '2026',
      path: '/Relatórios/2026',
      size: 0,
      isFolder: true,
    });
    expect(await service.search('ws-s', 'relatorios', true)).toEqual({
      total: 1,
      data: [{ name: 'Relatórios', path: '/Relatórios', size: 0, isFolder: true }],
    });
    expect(await service.search('ws-s', 'relatorios', false)).toEqual({ total: 1 });
    await service.remove('ws-s', '/Relatórios');
    expect(await service.list('ws-s', '/')).toEqual([]);
  });
});
