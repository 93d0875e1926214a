import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLocalStorageDriver } from './local-driver';

const m = messages.storage;
const boundary = '----ponte-storage';
const megabyte = 1024 * 1024;

type Part = [name: string, filename: string | null, content: string | Buffer];

/** A multipart body (binary-safe): `[field, filename | null, content]` per part. */
function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, filename, content] of parts) {
    const head =
      filename === null
        ? `Content-Disposition: form-data; name="${name}"`
        : `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Every name under `dir`, recursively (relative paths). */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true })).map(String).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

describeEachDriver('storage routes', (driver) => {
  const dir = join(tmpdir(), `ponte-storage-routes-${driver}-${process.pid}-${Date.now()}`);
  const t = useTestApp(driver, {
    storage: {
      driver: createLocalStorageDriver(dir),
      maxFileBytes: megabyte,
      quotaBytes: 1.5 * megabyte,
    },
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const upload = (account: TestAccount, parts: Part[], query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/storage/upload${query}`,
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: multipart(parts),
    });
  const q = (path: string) => encodeURIComponent(path);

  it('uploads, lists and downloads the same bytes with type and file name', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const sent = await upload(account, [
      ['pathFile', null, '/'],
      ['file', 'relatório ✓ março.pdf', bytes],
    ]);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({
      name: 'relatório ✓ março.pdf',
      path: '/relatório ✓ março.pdf',
      size: 256,
      isFolder: false,
    });
    expect((await api.get('/api/v1/storage?path=/')).json()).toEqual([sent.json()]);
    const download = await api.get(`/api/v1/storage/download?path=${q('/relatório ✓ março.pdf')}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="relatório ? março.pdf"; filename*=UTF-8''relat%C3%B3rio%20%E2%9C%93%20mar%C3%A7o.pdf`,
    );
    expect(await filesUnder(join(dir, account.workspaceId))).toEqual(['relatório ✓ março.pdf']);
    expect((await t.request(null).get('/api/v1/storage?path=/')).statusCode).toBe(401);
  });

  it('puts a file inside a folder by pathFile, or at pathFile; refuses a conflict unless overwrite', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const atPath = await upload(account, [
      ['pathFile', null, '/docs/2026/nota.txt'],
      ['file', 'qualquer.bin', 'um'],
    ]);
    expect(atPath.json()).toMatchObject({ path: '/docs/2026/nota.txt', size: 2 });
    const intoFolder = await upload(account, [
      ['pathFile', null, '/docs'],
      ['file', 'C:\\pasta\\anexo.txt', 'dois'],
    ]);
    expect(intoFolder.json()).toMatchObject({ path: '/docs/anexo.txt', name: 'anexo.txt' });
    const newFolder = await upload(account, [
      ['pathFile', null, '/novo/'],
      ['file', 'três.txt', 'três'],
    ]);
    expect(newFolder.json()).toMatchObject({ path: '/novo/três.txt' });

    const again = await upload(account, [
      ['pathFile', null, '/docs/2026/nota.txt'],
      ['file', 'x', 'outro'],
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.exists('/docs/2026/nota.txt'));
    const replaced = await upload(
      account,
      [
        ['pathFile', null, '/docs/2026/nota.txt'],
        ['file', 'x', 'substituído'],
      ],
      '?overwrite=true',
    );
    expect(replaced.statusCode).toBe(201);
    const read = await api.get(`/api/v1/storage/download?path=${q('/docs/2026/nota.txt')}`);
    expect(read.body).toBe('substituído');
    expect(read.headers['content-type']).toBe('text/plain');
    const byField = await upload(account, [
      ['pathFile', null, '/docs/2026/nota.txt'],
      ['overwrite', null, 'true'],
      ['file', 'x', 'de novo'],
    ]);
    expect(byField.statusCode).toBe(201);
    expect((await api.get('/api/v1/storage?path=/docs')).json()).toEqual([
      { name: '2026', path: '/docs/2026', size: 0, isFolder: true },
      { name: 'anexo.txt', path: '/docs/anexo.txt', size: 4, isFolder: false },
    ]);
    const noFile = await upload(account, [['pathFile', null, '/docs/']]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(m.fileRequired);
    const late = await upload(account, [
      ['file', 'a.txt', 'a'],
      ['pathFile', null, '/outra/'],
    ]);
    expect(late.statusCode).toBe(400);
  });

  it('refuses a file over the limit (413) and a workspace over its quota (507), leaving nothing', async () => {
    const account = await t.createAccount();
    const large = await upload(account, [
      ['pathFile', null, '/grande.bin'],
      ['file', 'grande.bin', Buffer.alloc(2 * megabyte, 1)],
    ]);
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(m.fileTooLarge('1 MB'));
    expect(await filesUnder(join(dir, account.workspaceId))).toEqual([]);

    const first = await upload(account, [
      ['pathFile', null, '/a.bin'],
      ['file', 'a.bin', Buffer.alloc(900 * 1024, 1)],
    ]);
    expect(first.statusCode).toBe(201);
    const over = await upload(account, [
      ['pathFile', null, '/b.bin'],
      ['file', 'b.bin', Buffer.alloc(700 * 1024, 1)],
    ]);
    expect(over.statusCode).toBe(507);
    expect(over.json()).toMatchObject({
      code: 'quota_exceeded',
      message: m.quotaExceeded('1,5 MB'),
    });
    expect(await filesUnder(join(dir, account.workspaceId))).toEqual(['a.bin']);
  });

  it('creates folders, searches, and deletes a folder with what it holds', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const folder = await api.post('/api/v1/storage/folder', { pathFile: 'Relatórios/2026' });
    expect(folder.statusCode).toBe(201);
    expect(folder.json()).toEqual({
      name: '2026',
      path: '/Relatórios/2026',
      size: 0,
      isFolder: true,
    });
    const exists = await api.post('/api/v1/storage/folder', { pathFile: '/Relatórios' });
    expect(exists.statusCode).toBe(409);
    expect(exists.json().message).toBe(m.exists('/Relatórios'));
    await upload(account, [
      ['pathFile', null, '/Relatórios/2026/'],
      ['file', 'relatorio-nov.csv', 'a;b'],
    ]);

    const search = await api.get('/api/v1/storage/search?filter.searchTerm=RELATORIO');
    expect(search.json()).toEqual({
      total: 2,
      data: [
        { name: 'Relatórios', path: '/Relatórios', size: 0, isFolder: true },
        {
          name: 'relatorio-nov.csv',
          path: '/Relatórios/2026/relatorio-nov.csv',
          size: 3,
          isFolder: false,
        },
      ],
    });
    const count = await api.get('/api/v1/storage/search?filter.searchTerm=nov&returnData=false');
    expect(count.json()).toEqual({ total: 1 });

    const removed = await api.delete(`/api/v1/storage?path=${q('/Relatórios')}`);
    expect(removed.statusCode).toBe(204);
    expect((await api.get(`/api/v1/storage?path=${q('/Relatórios/2026')}`)).statusCode).toBe(404);
    expect((await api.get('/api/v1/storage?path=/')).json()).toEqual([]);
    expect(await filesUnder(join(dir, account.workspaceId))).toEqual([]);
  });

  it('answers 400 with the rule for bad paths, the root and a folder downloaded', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    await api.post('/api/v1/storage/folder', { pathFile: '/pasta' });
    const cases: [Promise<{ statusCode: number; json(): { message: string } }>, string][] = [
      [api.get('/api/v1/storage?path=/a/../b'), m.pathDots],
      [api.get(`/api/v1/storage/download?path=${q('%2e%2e%2fsegredo')}`), m.pathEncoded],
      [api.delete('/api/v1/storage?path=/'), m.rootRefused],
      [api.get('/api/v1/storage/download?path=/pasta'), m.notAFile],
      [api.post('/api/v1/storage/folder', { pathFile: 'C:\\Windows' }), m.pathBackslash],
      [api.post('/api/v1/storage/folder', { pathFile: 'file:///etc' }), m.pathDrive],
      [
        upload(account, [
          ['pathFile', null, '../fora.txt'],
          ['file', 'a', 'a'],
        ]),
        m.pathDots,
      ],
    ];
    for (const [answer, message] of cases) {
      const response = await answer;
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await filesUnder(dir)).not.toContain('fora.txt');
  });

  it("never lets a workspace see or touch another's files", async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    await upload(owner, [
      ['pathFile', null, '/privado/dados.txt'],
      ['file', 'dados.txt', 'segredo'],
    ]);
    const api = t.request(stranger.token);
    expect((await api.get('/api/v1/storage?path=/privado')).statusCode).toBe(404);
    expect((await api.get('/api/v1/storage?path=/')).json()).toEqual([]);
    const download = await api.get(`/api/v1/storage/download?path=${q('/privado/dados.txt')}`);
    expect(download.statusCode).toBe(404);
    expect(download.json().message).toBe(m.notFound);
    expect((await api.delete('/api/v1/storage?path=/privado')).statusCode).toBe(404);
    expect((await api.get('/api/v1/storage/search?filter.searchTerm=dados')).json()).toEqual({
      total: 0,
      data: [],
    });
    const mine = await t
      .request(owner.token)
      .get(`/api/v1/storage/download?path=${q('/privado/dados.txt')}`);
    expect(mine.body).toBe('segredo');
  });
});
