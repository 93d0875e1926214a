import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import { startFtpServer, type FtpTestServer } from '../../test/ftp-test-server';
import { useTestApp, type TestAccount } from '../../test/test-app';

/**
 * The FTP, PGP and HTTP (jwt) nodes in flows run by hand, with accounts created through the
 * API, against real servers on 127.0.0.1 (the guard opened for it only).
 */
let ftp: FtpTestServer;
let api: Server;
let apiBase: string;
const state = { logins: 0, valid: 'tok-2', seen: [] as string[] };

beforeAll(async () => {
  ftp = await startFtpServer({ username: 'loja', password: 'senha-ftp-do-flow' });
  api = createServer((request, response) => {
    if (request.url === '/login') {
      state.logins++;
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ access_token: `tok-${state.logins}` }));
    }
    state.seen.push(request.headers.authorization ?? '');
    const ok = request.headers.authorization === `Bearer ${state.valid}`;
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(ok ? { pedidos: [7] } : { erro: 'token vencido' }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ftp?.close();
  await new Promise((resolve) => api?.close(resolve));
});

describe('FTP, PGP and jwt accounts used by flows', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.1/32'] });

  let created = 0;
  async function createServiceAccount(
    account: TestAccount,
    auth_type: string,
    fields: Record<string, unknown>,
  ) {
    const res = await t.request(account.token).post('/api/v1/service-accounts', {
      name: `Conta ${auth_type} ${++created}`,
      auth_type,
      [auth_type]: fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { _id: string })._id;
  }

  async function runByHand(account: TestAccount, steps: Parameters<typeof chain>) {
    const flowId = await createFlow(t, account, chain(...steps));
    const res = await t.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const [run] = await finished(t, flowId);
    return run!;
  }

  const ftpFields = (host = '127.0.0.1', password = 'senha-ftp-do-flow') => ({
    server_type: 'FTP',
    host,
    port: ftp.port,
    username: 'loja',
    password,
  });
  const trigger = { type: 'core_manual_trigger' };

  it('uploads a file and downloads it back through an ftp_server account', async () => {
    const account = await t.createAccount();
    const id = await createServiceAccount(account, 'ftp_server', ftpFields());
    const run = await runByHand(account, [
      trigger,
      {
        type: 'core_ftp',
        params: {
          service_account: id,
          operation: 'upload',
          path: '/relatorio.txt',
          content: 'vendas: 42',
        },
      },
      {
        type: 'core_ftp',
        params: { service_account: id, operation: 'download', path: '/relatorio.txt' },
      },
      {
        type: 'core_log',
        params: {
          label: 'baixado',
          message: '{{ msg.payload.filename & " " & msg.payload.size }}',
        },
      },
    ]);
    expect(run.status, JSON.stringify(run.error)).toBe('success');
    expect(await readFile(join(ftp.root, 'relatorio.txt'), 'utf8')).toBe('vendas: 42');
    const [log] = await userLogsOf(t.request(account.token), run.id);
    expect(log).toMatchObject({ label: 'baixado', message: 'relatorio.txt 10' });
  });

  it('fails a flow in pt-BR on a wrong password and on a blocked host, without the password', async () => {
    const account = await t.createAccount();
    const wrong = await createServiceAccount(
      account,
      'ftp_server',
      ftpFields('127.0.0.1', 'senha-errada-123'),
    );
    const blocked = await createServiceAccount(account, 'ftp_server', ftpFields('127.0.0.3'));
    const list = (id: string) => [
      trigger,
      { type: 'core_ftp', params: { service_account: id, operation: 'list', path: '/' } },
    ];
    const refused = await runByHand(account, list(wrong));
    expect(refused.status).toBe('error');
    expect(JSON.stringify(refused.error)).toContain('O servidor FTP recusou o usuário ou a senha.');
    expect(JSON.stringify(refused.error)).not.toContain('senha-errada-123');
    const guarded = await runByHand(account, list(blocked));
    expect(JSON.stringify(guarded.error)).toContain('PONTE_HTTP_ALLOWED_NETWORKS');

    const tested = await t.request(account.token).post(`/api/v1/service-accounts/${wrong}/test`);
    expect(tested.json()).toMatchObject({
      status: 'failed',
      message: 'O servidor FTP recusou o usuário ou a senha.',
    });
  });

  it('tests ftp_server, jwt and gpg_auth accounts for real', async () => {
    const account = await t.createAccount();
    const { privateKey, publicKey } = await openpgp.generateKey({
      userIDs: [{ name: 'Loja', email: 'loja@exemplo.com.br' }],
      passphrase: 'frase-da-loja',
      format: 'armored',
    });
    const ids = {
      ftp: await createServiceAccount(account, 'ftp_server', ftpFields()),
      jwt: await createServiceAccount(account, 'jwt', {
        auth_url: `${apiBase}/login`,
        username: 'loja',
        password: 'senha-jwt',
      }),
      gpg: await createServiceAccount(account, 'gpg_auth', {
        public_key: publicKey,
        private_key: privateKey,
        passphrase: 'frase-da-loja',
      }),
      aws: await createServiceAccount(account, 'aws_access_key', {
        access_key_id: 'AKID',
        secret_access_key: 'segredo-aws',
      }),
    };
    const test = (id: string) =>
      t.request(account.token).post(`/api/v1/service-accounts/${id}/test`);
    expect((await test(ids.ftp)).json()).toMatchObject({
      status: 'ok',
      message: 'Conectado ao servidor FTP (pasta inicial: /).',
    });
    expect((await test(ids.jwt)).json()).toMatchObject({
      status: 'ok',
      message: `Token JWT obtido de ${new URL(apiBase).host}.`,
    });
    expect((await test(ids.gpg)).json()).toMatchObject({
      status: 'ok',
      message: expect.stringMatching(/^Chaves válidas: chave pública [0-9A-F]{40};/),
    });
    const listed = await t.request(account.token).get('/api/v1/service-accounts?limit=1000');
    const testable = Object.fromEntries(
      (listed.json() as { items: { auth_type: string; testable: boolean }[] }).items.map((item) => [
        item.auth_type,
        item.testable,
      ]),
    );
    expect(testable).toEqual({
      ftp_server: true,
      jwt: true,
      gpg_auth: true,
      aws_access_key: true,
    });
  });

  it('signs with a gpg_auth account and verifies the signature in the next step', async () => {
    const account = await t.createAccount();
    const { privateKey, publicKey } = await openpgp.generateKey({
      userIDs: [{ name: 'Loja', email: 'loja@exemplo.com.br' }],
      passphrase: 'frase-da-loja',
      format: 'armored',
    });
    const id = await createServiceAccount(account, 'gpg_auth', {
      public_key: publicKey,
      private_key: privateKey,
      passphrase: 'frase-da-loja',
    });
    const run = await runByHand(account, [
      trigger,
      { type: 'core_pgp', params: { service_account: id, operation: 'sign', content: 'nota 1' } },
      {
        type: 'core_pgp',
        params: { service_account: id, operation: 'verify', content: '{{ msg.payload }}' },
      },
      { type: 'core_log', params: { label: 'assinatura', message: '{{ msg.payload.valid }}' } },
    ]);
    expect(run.status, JSON.stringify(run.error)).toBe('success');
    const [log] = await userLogsOf(t.request(account.token), run.id);
    expect(log).toMatchObject({ label: 'assinatura', message: 'true' });
  });

  it('calls an API with a jwt account: logs in, and logs in again once after a 401', async () => {
    const account = await t.createAccount();
    state.logins = 0;
    state.valid = 'tok-2';
    state.seen = [];
    const id = await createServiceAccount(account, 'jwt', {
      url: apiBase,
      auth_url: `${apiBase}/login`,
      method: 'POST',
      username: 'loja',
      password: 'senha-jwt',
    });
    const run = await runByHand(account, [
      trigger,
      { type: 'core_http_request', params: { url: 'pedidos', service_account: id } },
      { type: 'core_log', params: { label: 'pedidos', message: '{{ msg.payload.pedidos[0] }}' } },
    ]);
    expect(run.status, JSON.stringify(run.error)).toBe('success');
    expect(state.seen).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    const [log] = await userLogsOf(t.request(account.token), run.id);
    expect(log).toMatchObject({ label: 'pedidos', message: '7' });

    // The token is kept: the next run logs in no more.
    await runByHand(account, [
      trigger,
      { type: 'core_http_request', params: { url: 'pedidos', service_account: id } },
    ]);
    expect(state.logins).toBe(2);
    expect(state.seen.at(-1)).toBe('Bearer tok-2');
  });
});
