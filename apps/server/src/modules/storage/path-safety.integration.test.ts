import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { createLocalStorageDriver } from './local-driver';
import { bytesStream } from './storage-driver.contract';
import type { StorageDriver } from './storage-driver';

const m = messages.storage;

/** Every way in, with a path: each must refuse it before touching the disk. */
const operations = (driver: StorageDriver, workspace: string, path: string) => ({
  write: () =>
    driver.write(workspace, path, bytesStream('invasor'), { maxBytes: 100, overwrite: true }),
  createFolder: () => driver.createFolder(workspace, path),
  list: () => driver.list(workspace, path),
  read: () => driver.read(workspace, path),
  delete: () => driver.delete(workspace, path),
  stat: () => driver.stat(workspace, path),
});

async function tree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

describe('storage paths on the real file system', () => {
  let base: string;
  let root: string;
  let outside: string;
  let driver: StorageDriver;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'ponte-path-safety-'));
    root = join(base, 'storage');
    outside = join(base, 'fora');
    await mkdir(outside);
    await writeFile(join(outside, 'segredo.txt'), 'não leia');
    driver = createLocalStorageDriver(root);
    await driver.write('ws-b', '/dados/b.txt', bytesStream('do b'), {
      maxBytes: 100,
      overwrite: false,
    });
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  /** Nothing was written beside the storage, in the sentinel folder or in the other workspace. */
  async function expectUntouched() {
    expect(await readdir(base)).toEqual(['fora', 'storage'].sort());
    expect(await tree(outside)).toEqual(['segredo.txt']);
    expect(await readFile(join(outside, 'segredo.txt'), 'utf8')).toBe('não leia');
    expect(await tree(join(root, 'ws-b'))).toEqual(['dados', 'dados/b.txt']);
  }

  const refused: [string, string][] = [
    ['..', m.pathDots],
    ['/a/../../x', m.pathDots],
    ['/../ws-b/dados/b.txt', m.pathDots],
    ['C:\\x', m.pathBackslash],
    ['C:/Windows/x', m.pathDrive],
    ['file:///etc/passwd', m.pathDrive],
    ['~/x', m.pathDrive],
    ['a\\..\\..\\x', m.pathBackslash],
    ['/a\u0000b', m.pathControl],
    ['%2e%2e%2fws-b', m.pathEncoded],
    ['/a%2Fb', m.pathEncoded],
  ];

  it.each(refused)('refuses %j everywhere with its pt-BR message', async (path, message) => {
    for (const [name, operation] of Object.entries(operations(driver, 'ws-a', path))) {
      await expect(operation(), name).rejects.toMatchObject({ statusCode: 400, message });
    }
    await expectUntouched();
    expect(await readdir(root)).toEqual(['ws-b']);
  });

  it('refuses every path through a symbolic link planted in the workspace', async () => {
    const ws = join(root, 'ws-a');
    await mkdir(join(ws, 'pasta'), { recursive: true });
    await symlink(outside, join(ws, 'fora'));
    await symlink(join(root, 'ws-b'), join(ws, 'vizinho'));
    await symlink(join(outside, 'segredo.txt'), join(ws, 'pasta', 'segredo.txt'));
    const paths = [
      '/fora',
      '/fora/segredo.txt',
      '/fora/novo/x.txt',
      '/vizinho',
      '/vizinho/dados/b.txt',
      '/vizinho/dados/c.txt',
      '/pasta/segredo.txt',
    ];
    for (const path of paths) {
      for (const [name, operation] of Object.entries(operations(driver, 'ws-a', path))) {
        await expect(operation(), `${name} ${path}`).rejects.toMatchObject({
          statusCode: 400,
          message: m.pathSymlink,
        });
      }
    }
    // Listings and searches do not show links nor walk through them.
    expect(await driver.list('ws-a', '/')).toEqual([
      { name: 'pasta', path: '/pasta', size: 0, isFolder: true },
    ]);
    expect(await driver.list('ws-a', '/pasta')).toEqual([]);
    expect((await driver.search('ws-a', 'b.txt', 10)).total).toBe(0);
    expect((await driver.search('ws-a', 'segredo', 10)).total).toBe(0);
    expect(await driver.usage('ws-a')).toBe(0);
    await expectUntouched();

    // Removing a folder that holds a link removes the link, never what it points to.
    await driver.delete('ws-a', '/pasta');
    expect(await driver.stat('ws-a', '/pasta')).toBeNull();
    await expectUntouched();
  });

  it('refuses a workspace folder that is itself a link', async () => {
    await symlink(outside, join(root, 'ws-c'));
    for (const [name, operation] of Object.entries(operations(driver, 'ws-c', '/segredo.txt'))) {
      await expect(operation(), name).rejects.toMatchObject({
        statusCode: 400,
        message: m.pathSymlink,
      });
    }
    await expect(driver.list('ws-c', '/')).rejects.toMatchObject({ message: m.pathSymlink });
    await expectUntouched();
  });
});
