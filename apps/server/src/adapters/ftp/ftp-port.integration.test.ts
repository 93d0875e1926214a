import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionScope } from '@ponte/engine/ports';
import { startFtpServer, type FtpTestServer } from '../../test/ftp-test-server';
import { createNetworkGuard } from '../outbound-http/network-guard';
import { createFtpPort, testFtpAccount, type AccountLookup } from './ftp-port';

const scope: ExecutionScope = { workspaceId: 'ws-1', flowId: 'f', executionId: 'e' };
const password = 'senha-ftp-secreta';
let server: FtpTestServer;
let accounts: Record<string, { type: string; data: Record<string, unknown> }>;
const lookup: AccountLookup = async (workspaceId, id) =>
  workspaceId === 'ws-1' ? accounts[id] : undefined;
const open = { guard: createNetworkGuard(['127.0.0.1/32', '::1/128']) };
const signal = () => AbortSignal.timeout(20_000);

beforeAll(async () => {
  server = await startFtpServer({ username: 'ana', password });
  const data = { server_type: 'FTP', host: '127.0.0.1', port: server.port, username: 'ana' };
  accounts = {
    ftp: { type: 'ftp_server', data: { ...data, password } },
    wrong: { type: 'ftp_server', data: { ...data, password: 'outra-senha-errada' } },
    byName: { type: 'ftp_server', data: { ...data, host: 'localhost', password } },
    smtp: { type: 'smtp_account', data: { host: '127.0.0.1' } },
  };
});
afterAll(() => server?.close());

describe('FTP port against a real FTP server', () => {
  it('uploads, lists, downloads and removes a file', async () => {
    const port = createFtpPort(lookup, open);
    const content = new Uint8Array(Buffer.from('id;nome\n1;Ana Souza\n'));
    await port.upload(scope, {
      serviceAccountId: 'ftp',
      path: '/pedidos.csv',
      content,
      signal: signal(),
    });
    expect(await readFile(join(server.root, 'pedidos.csv'), 'utf8')).toBe('id;nome\n1;Ana Souza\n');
    await mkdir(join(server.root, 'arquivo'));
    const entries = await port.list(scope, {
      serviceAccountId: 'ftp',
      path: '/',
      signal: signal(),
    });
    expect(
      entries
        .map(({ name, size, type }) => ({ name, size, type }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'arquivo', size: expect.any(Number), type: 'directory' },
      { name: 'pedidos.csv', size: content.length, type: 'file' },
    ]);
    expect(entries.find((entry) => entry.name === 'pedidos.csv')?.modified).toEqual(
      expect.any(String),
    );
    const bytes = await port.download(scope, {
      serviceAccountId: 'byName',
      path: '/pedidos.csv',
      maxBytes: 1024,
      signal: signal(),
    });
    expect(Buffer.from(bytes).toString()).toBe('id;nome\n1;Ana Souza\n');
    await port.delete(scope, { serviceAccountId: 'ftp', path: '/pedidos.csv', signal: signal() });
    const after = await port.list(scope, { serviceAccountId: 'ftp', path: '/', signal: signal() });
    expect(after.map((entry) => entry.name)).toEqual(['arquivo']);
  });

  it('refuses a file over the cap, and a missing file in pt-BR', async () => {
    const port = createFtpPort(lookup, open);
    await writeFile(join(server.root, 'grande.bin'), Buffer.alloc(64 * 1024));
    await expect(
      port.download(scope, {
        serviceAccountId: 'ftp',
        path: '/grande.bin',
        maxBytes: 1024,
        signal: signal(),
      }),
    ).rejects.toThrow('O arquivo tem mais de 0 MB, o máximo que o nó FTP baixa.');
    await expect(
      port.download(scope, {
        serviceAccountId: 'ftp',
        path: '/nada.txt',
        maxBytes: 1024,
        signal: signal(),
      }),
    ).rejects.toThrow(
      'O servidor FTP recusou a operação em /nada.txt: o arquivo ou a pasta não existe ou não há permissão.',
    );
  });

  it('answers a wrong password in pt-BR without the password', async () => {
    const port = createFtpPort(lookup, open);
    const failure = await port
      .list(scope, { serviceAccountId: 'wrong', path: '/', signal: signal() })
      .catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('O servidor FTP recusou o usuário ou a senha.');
    expect(JSON.stringify(failure) + (failure as Error).stack).not.toContain('outra-senha');
    await expect(testFtpAccount(accounts.ftp!.data, open, signal())).resolves.toBe(
      'Conectado ao servidor FTP (pasta inicial: /).',
    );
    await expect(testFtpAccount(accounts.wrong!.data, open, signal())).rejects.toThrow(
      'O servidor FTP recusou o usuário ou a senha.',
    );
  });

  it('refuses a host the network guard blocks, another workspace and another type', async () => {
    const closed = createFtpPort(lookup, { guard: createNetworkGuard([]) });
    const failure = await closed
      .list(scope, { serviceAccountId: 'ftp', path: '/', signal: signal() })
      .catch((error: unknown) => error as Error);
    expect((failure as Error).message).toContain('PONTE_HTTP_ALLOWED_NETWORKS');
    await expect(
      closed.list(scope, { serviceAccountId: 'byName', path: '/', signal: signal() }),
    ).rejects.toThrow('PONTE_HTTP_ALLOWED_NETWORKS');
    const port = createFtpPort(lookup, open);
    await expect(
      port.list(
        { ...scope, workspaceId: 'ws-2' },
        { serviceAccountId: 'ftp', path: '/', signal: signal() },
      ),
    ).rejects.toThrow('A conta de serviço escolhida não existe mais.');
    await expect(
      port.list(scope, { serviceAccountId: 'smtp', path: '/', signal: signal() }),
    ).rejects.toThrow('O nó FTP não aceita contas de serviço do tipo smtp_account.');
  });

  it('closes the connection when the execution is stopped mid-login', async () => {
    let loggingIn!: () => void;
    const reached = new Promise<void>((resolve) => (loggingIn = resolve));
    let closed!: () => void;
    const disconnected = new Promise<void>((resolve) => (closed = resolve));
    const stalled = await startFtpServer({
      username: 'ana',
      password,
      onLogin: () => {
        loggingIn();
        return new Promise(() => undefined);
      },
      onDisconnect: () => closed(),
    });
    try {
      const port = createFtpPort(
        async () => ({
          type: 'ftp_server',
          data: { host: '127.0.0.1', port: stalled.port, username: 'ana', password },
        }),
        open,
      );
      const controller = new AbortController();
      const listing = port.list(scope, {
        serviceAccountId: 'x',
        path: '/',
        signal: controller.signal,
      });
      await reached;
      controller.abort(new Error('Execução parada.'));
      await expect(listing).rejects.toThrow('Execução parada.');
      await disconnected;
    } finally {
      await stalled.close();
    }
  });
});
