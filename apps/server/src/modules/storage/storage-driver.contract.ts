import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StorageDriver } from './storage-driver';

/** A stream of `text`'s bytes, sent in chunks of `chunk` bytes. */
export function bytesStream(content: string | Buffer, chunk = 4): Readable {
  const bytes = Buffer.from(content);
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) parts.push(bytes.subarray(at, at + chunk));
  return Readable.from(parts);
}

/** A stream that sends `first` and then fails, as a cut connection does. */
export function failingStream(first: string): Readable {
  return new Readable({
    read() {
      if (this.readableLength === 0 && !(this as { sent?: boolean }).sent) {
        (this as { sent?: boolean }).sent = true;
        this.push(Buffer.from(first));
        setImmediate(() => this.destroy(new Error('connection cut')));
      }
    },
  });
}

const big = { maxBytes: 1024 * 1024, overwrite: false };

/**
 * The behaviour every StorageDriver must have (ADR 0030). `makeDriver` is called once; each
 * test works in workspaces of its own (random ids), so a driver may keep its state.
 */
export function describeStorageDriverContract(
  name: string,
  makeDriver: () => StorageDriver | Promise<StorageDriver>,
): void {
  describe(`storage driver contract: ${name}`, () => {
    let driver: StorageDriver;
    beforeAll(async () => {
      driver = await makeDriver();
    });
    const workspace = () => randomUUID();
    const write = (ws: string, path: string, content: string, overwrite = false) =>
      driver.write(ws, path, bytesStream(content), { ...big, overwrite });
    const readText = async (ws: string, path: string) => {
      const { stream, size } = await driver.read(ws, path);
      const text = (await buffer(stream)).toString('utf8');
      return { text, size };
    };

    it('an empty workspace has an empty root folder', async () => {
      const ws = workspace();
      expect(await driver.list(ws, '/')).toEqual([]);
      expect(await driver.stat(ws, '/')).toMatchObject({ path: '/', isFolder: true, size: 0 });
      expect(await driver.stat(ws, '/nada.txt')).toBeNull();
      expect(await driver.usage(ws)).toBe(0);
    });

    it('writes a file, creating its folders, and reads the same bytes back', async () => {
      const ws = workspace();
      const content = 'relatório de novembro ✓';
      const { size } = await write(ws, '/relatorios/2026/nov.txt', content);
      expect(size).toBe(Buffer.byteLength(content));
      expect(await readText(ws, '/relatorios/2026/nov.txt')).toEqual({ text: content, size });
      expect(await driver.stat(ws, '/relatorios/2026/nov.txt')).toEqual({
        name: 'nov.txt',
        path: '/relatorios/2026/nov.txt',
        size,
        isFolder: false,
      });
      expect(await driver.stat(ws, '/relatorios/2026')).toMatchObject({ isFolder: true });
      expect(await driver.list(ws, '/relatorios')).toEqual([
        { name: '2026', path: '/relatorios/2026', size: 0, isFolder: true },
      ]);
    });

    it('lists folders first, then by name in pt-BR order', async () => {
      const ws = workspace();
      for (const file of ['b.txt', 'Ábaco.txt', 'a.txt', 'casa.txt'])
        await write(ws, `/${file}`, 'x');
      await driver.createFolder(ws, '/zeta');
      await driver.createFolder(ws, '/Alfa');
      const names = (await driver.list(ws, '/')).map((item) => item.name);
      expect(names).toEqual(['Alfa', 'zeta', 'a.txt', 'Ábaco.txt', 'b.txt', 'casa.txt']);
    });

    it('refuses to overwrite a file unless asked, and replaces it when asked', async () => {
      const ws = workspace();
      await write(ws, '/a.txt', 'antigo');
      await expect(write(ws, '/a.txt', 'novo')).rejects.toMatchObject({ statusCode: 409 });
      expect((await readText(ws, '/a.txt')).text).toBe('antigo');
      await write(ws, '/a.txt', 'novo conteúdo', true);
      expect((await readText(ws, '/a.txt')).text).toBe('novo conteúdo');
    });

    it('past maxBytes refuses with 413 and leaves nothing (a replaced file keeps its content)', async () => {
      const ws = workspace();
      const options = { maxBytes: 10, overwrite: false };
      expect(await driver.write(ws, '/exato.bin', bytesStream('0123456789'), options)).toEqual({
        size: 10,
      });
      await expect(
        driver.write(ws, '/grande.bin', bytesStream('0123456789A'), options),
      ).rejects.toMatchObject({ statusCode: 413 });
      expect(await driver.stat(ws, '/grande.bin')).toBeNull();
      await expect(
        driver.write(ws, '/exato.bin', bytesStream('0123456789AB'), {
          maxBytes: 10,
          overwrite: true,
        }),
      ).rejects.toMatchObject({ statusCode: 413 });
      expect((await readText(ws, '/exato.bin')).text).toBe('0123456789');
      expect((await driver.list(ws, '/')).map((item) => item.name)).toEqual(['exato.bin']);
      expect(await driver.usage(ws)).toBe(10);
    });

    it('a stream that fails leaves nothing behind and keeps a replaced file', async () => {
      const ws = workspace();
      await expect(
        driver.write(ws, '/cortado.txt', failingStream('metade'), big),
      ).rejects.toThrow();
      expect(await driver.stat(ws, '/cortado.txt')).toBeNull();
      await write(ws, '/manter.txt', 'original');
      await expect(
        driver.write(ws, '/manter.txt', failingStream('metade'), { ...big, overwrite: true }),
      ).rejects.toThrow();
      expect((await readText(ws, '/manter.txt')).text).toBe('original');
      expect((await driver.list(ws, '/')).map((item) => item.name)).toEqual(['manter.txt']);
    });

    it('creates folders and refuses one where something exists', async () => {
      const ws = workspace();
      await driver.createFolder(ws, '/a/b/c');
      expect(await driver.stat(ws, '/a/b')).toMatchObject({ isFolder: true });
      expect(await driver.list(ws, '/a/b/c')).toEqual([]);
      await expect(driver.createFolder(ws, '/a/b')).rejects.toMatchObject({ statusCode: 409 });
      await expect(driver.createFolder(ws, '/')).rejects.toMatchObject({ statusCode: 409 });
      await write(ws, '/a/f.txt', 'x');
      await expect(driver.createFolder(ws, '/a/f.txt')).rejects.toMatchObject({ statusCode: 409 });
      await expect(driver.createFolder(ws, '/a/f.txt/sub')).rejects.toMatchObject({
        statusCode: 409,
      });
    });

    it('refuses a file where a folder is, and a folder where a file is', async () => {
      const ws = workspace();
      await driver.createFolder(ws, '/pasta');
      await write(ws, '/arquivo.txt', 'x');
      await expect(write(ws, '/pasta', 'x', true)).rejects.toMatchObject({ statusCode: 409 });
      await expect(write(ws, '/arquivo.txt/dentro.txt', 'x')).rejects.toMatchObject({
        statusCode: 409,
      });
      await expect(write(ws, '/', 'x', true)).rejects.toMatchObject({ statusCode: 400 });
      await expect(driver.list(ws, '/arquivo.txt')).rejects.toMatchObject({ statusCode: 400 });
      await expect(driver.list(ws, '/sumiu')).rejects.toMatchObject({ statusCode: 404 });
      await expect(driver.read(ws, '/pasta')).rejects.toMatchObject({ statusCode: 400 });
      await expect(driver.read(ws, '/sumiu.txt')).rejects.toMatchObject({ statusCode: 404 });
      expect(await driver.stat(ws, '/arquivo.txt/dentro.txt')).toBeNull();
    });

    it('deletes a file, and a folder with everything in it; never the root', async () => {
      const ws = workspace();
      await write(ws, '/docs/a.txt', 'a');
      await write(ws, '/docs/sub/b.txt', 'b');
      await write(ws, '/fica.txt', 'c');
      await driver.delete(ws, '/fica.txt');
      expect(await driver.stat(ws, '/fica.txt')).toBeNull();
      await driver.delete(ws, '/docs');
      expect(await driver.stat(ws, '/docs')).toBeNull();
      expect(await driver.stat(ws, '/docs/sub/b.txt')).toBeNull();
      expect(await driver.list(ws, '/')).toEqual([]);
      await expect(driver.delete(ws, '/docs')).rejects.toMatchObject({ statusCode: 404 });
      await expect(driver.delete(ws, '/')).rejects.toMatchObject({ statusCode: 400 });
    });

    it('searches names anywhere, ignoring case and accents, with a limit', async () => {
      const ws = workspace();
      await write(ws, '/Relatório.pdf', 'x');
      await write(ws, '/2026/relatorio-nov.pdf', 'x');
      await write(ws, '/2026/outro.txt', 'x');
      await driver.createFolder(ws, '/RELATORIOS');
      const all = await driver.search(ws, 'relatório', 10);
      expect(all.total).toBe(3);
      expect(all.items.map((item) => item.path).sort()).toEqual(
        ['/2026/relatorio-nov.pdf', '/RELATORIOS', '/Relatório.pdf'].sort(),
      );
      expect(all.items.find((item) => item.path === '/RELATORIOS')?.isFolder).toBe(true);
      const limited = await driver.search(ws, 'RELATORIO', 2);
      expect(limited.total).toBe(3);
      expect(limited.items).toHaveLength(2);
      expect((await driver.search(ws, 'nada-disso', 10)).total).toBe(0);
    });

    it('sums the bytes of every file as usage', async () => {
      const ws = workspace();
      await write(ws, '/a.txt', '12345');
      await write(ws, '/x/y/b.txt', '1234567');
      expect(await driver.usage(ws)).toBe(12);
    });

    it('keeps two workspaces apart', async () => {
      const first = workspace();
      const second = workspace();
      await write(first, '/segredo/dados.txt', 'só do primeiro');
      expect(await driver.list(second, '/')).toEqual([]);
      expect(await driver.stat(second, '/segredo/dados.txt')).toBeNull();
      await expect(driver.list(second, '/segredo')).rejects.toMatchObject({ statusCode: 404 });
      await expect(driver.read(second, '/segredo/dados.txt')).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(driver.delete(second, '/segredo')).rejects.toMatchObject({ statusCode: 404 });
      expect((await driver.search(second, 'dados', 10)).total).toBe(0);
      expect(await driver.usage(second)).toBe(0);
      await write(second, '/segredo/dados.txt', 'do segundo');
      expect((await readText(first, '/segredo/dados.txt')).text).toBe('só do primeiro');
    });
  });
}
