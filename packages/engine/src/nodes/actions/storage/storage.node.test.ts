import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { runNode } from '../../../testing/run-node';
import { createFakePorts, testSignal } from '../../../testing/fake-ports';
import { storageDeleteNode } from './storage-delete.node.ts';
import { storageListNode } from './storage-list.node.ts';
import { storageReadNode } from './storage-read.node.ts';
import { storageWriteNode } from './storage-write.node.ts';

const m = messages.storage;
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');

describe('core_storage_write', () => {
  it('writes text at the resolved path and puts the file reference in msg.payload', async () => {
    const ports = createFakePorts();
    const { emitted } = await runNode(storageWriteNode, {
      ports,
      input: { payload: { mes: 'novembro', linhas: 'a;b\n1;2' }, pedido: 7 },
      params: {
        path: '/relatorios/{{ msg.payload.mes }}.csv',
        source: 'text',
        content: '{{ msg.payload.linhas }}',
        mimetype: 'text/csv',
      },
    });
    expect(emitted[0]?.msg).toEqual({
      payload: {
        path: '/relatorios/novembro.csv',
        name: 'novembro.csv',
        size: 7,
        mimetype: 'text/csv',
      },
      pedido: 7,
    });
    expect(text(ports.storage.files.get('/relatorios/novembro.csv')?.content)).toBe('a;b\n1;2');
  });

  it('writes JSON pretty-printed, base64 decoded, and copies a referenced file', async () => {
    const ports = createFakePorts();
    const input = { payload: { total: 3, itens: ['a'] } };
    await runNode(storageWriteNode, {
      ports,
      input,
      params: { path: '/dados.json', source: 'json', content: '{{ msg.payload }}' },
    });
    expect(text(ports.storage.files.get('/dados.json')?.content)).toBe(
      JSON.stringify(input.payload, null, 2),
    );
    expect(ports.storage.files.get('/dados.json')?.mimetype).toBe('application/json');
    await runNode(storageWriteNode, {
      ports,
      params: { path: '/b.bin', source: 'base64', content: Buffer.from('olá').toString('base64') },
    });
    expect(text(ports.storage.files.get('/b.bin')?.content)).toBe('olá');
    const { emitted } = await runNode(storageWriteNode, {
      ports,
      input: { payload: { path: '/dados.json', name: 'dados.json', size: 1, mimetype: 'x' } },
      params: { path: '/copias/dados.json', source: 'ref', content: '{{ msg.payload }}' },
    });
    expect(emitted[0]?.msg.payload).toMatchObject({ path: '/copias/dados.json' });
    expect(text(ports.storage.files.get('/copias/dados.json')?.content)).toBe(
      JSON.stringify(input.payload, null, 2),
    );
  });

  it("replaces an existing file by default and fails with 'Falhar'", async () => {
    const ports = createFakePorts();
    const write = (content: string, ifExists?: string) =>
      runNode(storageWriteNode, {
        ports,
        params: { path: '/a.txt', source: 'text', content, if_exists: ifExists },
      });
    await write('um');
    await write('dois');
    expect(text(ports.storage.files.get('/a.txt')?.content)).toBe('dois');
    await expect(write('três', 'fail')).rejects.toThrow(m.exists('/a.txt'));
    expect(text(ports.storage.files.get('/a.txt')?.content)).toBe('dois');
  });

  it('refuses a path out of the rules with the shared pt-BR message, and bad content', async () => {
    const ports = createFakePorts();
    const write = (path: string, source = 'text', content = 'x') =>
      runNode(storageWriteNode, { ports, params: { path, source, content } });
    await expect(write('/a/../../etc/passwd')).rejects.toThrow(m.pathDots);
    await expect(write('C:\\temp\\a.txt')).rejects.toThrow(m.pathBackslash);
    await expect(write('/a%2F..')).rejects.toThrow(m.pathEncoded);
    await expect(
      runNode(storageWriteNode, {
        ports,
        input: { ref: { name: 'sem caminho' } },
        params: { path: '{{ msg.ref }}', content: 'x' },
      }),
    ).rejects.toThrow(m.pathRequired);
    await expect(write('/b.bin', 'base64', 'não é base64!')).rejects.toThrow(
      'O conteúdo não é um texto em base64 válido.',
    );
    await expect(write('/c.json', 'json', '{quebrado')).rejects.toThrow(
      'O conteúdo não é um JSON válido.',
    );
    expect(ports.storage.files.size).toBe(0);
  });
});

describe('core_storage_read', () => {
  const withFile = async (content: string, path = '/relatorios/nov.json') => {
    const ports = createFakePorts();
    await ports.storage.write(
      {} as never,
      path,
      new TextEncoder().encode(content),
      {
        overwrite: true,
        mimetype: 'application/json',
      },
      testSignal,
    );
    return ports;
  };

  it('reads text, JSON, base64 (with name and filename) and a reference from a {path}', async () => {
    const ports = await withFile('{"total": 3}');
    const read = async (readAs: string, path: unknown = '/relatorios/nov.json') =>
      (
        await runNode(storageReadNode, {
          ports,
          input: { keep: 1, ref: path },
          params: { path: '{{ msg.ref }}', read_as: readAs },
        })
      ).emitted[0]?.msg;
    expect(await read('text')).toEqual({
      keep: 1,
      ref: '/relatorios/nov.json',
      payload: '{"total": 3}',
    });
    expect((await read('json'))?.payload).toEqual({ total: 3 });
    const ref = {
      path: '/relatorios/nov.json',
      name: 'nov.json',
      size: 12,
      mimetype: 'application/json',
    };
    expect((await read('base64', ref))?.payload).toEqual({
      ...ref,
      filename: 'nov.json',
      content: Buffer.from('{"total": 3}').toString('base64'),
    });
    expect((await read('ref', { path: '/relatorios/nov.json' }))?.payload).toEqual(ref);
  });

  it('fails on a missing file, a reference to nothing, bad JSON and a file too large', async () => {
    const ports = await withFile('não é json');
    const read = (path: string, readAs: string) =>
      runNode(storageReadNode, { ports, params: { path, read_as: readAs } });
    await expect(read('/falta.txt', 'text')).rejects.toThrow(m.notFound);
    await expect(read('/falta.txt', 'ref')).rejects.toThrow(m.notFound);
    await expect(read('/relatorios/nov.json', 'json')).rejects.toThrow(
      'O arquivo "/relatorios/nov.json" não é um JSON válido.',
    );
    await expect(read('/relatorios/../x', 'text')).rejects.toThrow(m.pathDots);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    await ports.storage.write({} as never, '/grande.bin', big, { overwrite: true }, testSignal);
    await expect(read('/grande.bin', 'base64')).rejects.toThrow(/mais de/);
    // A reference of a big file reads no bytes and is fine.
    const { emitted } = await runNode(storageReadNode, {
      ports,
      params: { path: '/grande.bin', read_as: 'ref' },
    });
    expect(emitted[0]?.msg.payload).toMatchObject({ size: big.length });
  });
});

describe('core_storage_list and core_storage_delete', () => {
  it('lists a folder (HOME by default) and deletes a file or a folder with its content', async () => {
    const ports = createFakePorts();
    const put = (path: string) =>
      ports.storage.write({} as never, path, new Uint8Array([1]), { overwrite: true }, testSignal);
    await put('/a/x.txt');
    await put('/a/b/y.txt');
    await put('/z.txt');
    const list = async (path?: string) =>
      (await runNode(storageListNode, { ports, params: path === undefined ? {} : { path } }))
        .emitted[0]?.msg.payload;
    expect(await list()).toEqual([
      { name: 'a', path: '/a', size: 0, isFolder: true },
      { name: 'z.txt', path: '/z.txt', size: 1, isFolder: false },
    ]);
    expect(await list('/a')).toEqual([
      { name: 'b', path: '/a/b', size: 0, isFolder: true },
      { name: 'x.txt', path: '/a/x.txt', size: 1, isFolder: false },
    ]);
    await expect(list('/nada')).rejects.toThrow(m.folderNotFound);
    const remove = (path: string) =>
      runNode(storageDeleteNode, { ports, input: { payload: 1 }, params: { path } });
    expect((await remove('/z.txt')).emitted[0]?.msg).toEqual({ payload: 1 });
    await remove('/a');
    expect([...ports.storage.files.keys()]).toEqual([]);
    await expect(remove('/a')).rejects.toThrow(m.notFound);
    await expect(remove('/')).rejects.toThrow(m.rootRefused);
  });
});
