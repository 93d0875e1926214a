import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionScope } from '@ponte/engine/ports';
import { startFtpServer, type FtpTestServer } from '../../test/ftp-test-server';
import { createNetworkGuard } from '../outbound-http/network-guard';
import { createFtpPort, type AccountLookup } from './ftp-port';

/** A self-signed certificate for `ftp.teste.localhost`, made by the system's openssl. */
function selfSigned(): { key: string; cert: string } | null {
  const dir = mkdtempSync(join(tmpdir(), 'ponte-ftps-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=ftp.teste.localhost',
        '-addext',
        'subjectAltName=DNS:ftp.teste.localhost',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tls = selfSigned();
if (!tls) console.warn('FTPS: sem o comando openssl para gerar o certificado; testes pulados.');
const scope: ExecutionScope = { workspaceId: 'ws-1', flowId: 'f', executionId: 'e' };
const guard = createNetworkGuard(['127.0.0.1/32', '::1/128']);
let server: FtpTestServer;
let lookup: AccountLookup;

describe.skipIf(!tls)('FTPS (explicit TLS) against a real FTP server', () => {
  beforeAll(async () => {
    server = await startFtpServer({ username: 'ana', password: 'senha-ftps', tls: tls! });
    const data = {
      server_type: 'FTPS',
      host: 'ftp.teste.localhost',
      port: server.port,
      username: 'ana',
      password: 'senha-ftps',
    };
    const accounts: Record<string, Record<string, unknown>> = {
      ftps: data,
      otherName: { ...data, host: 'localhost' },
    };
    lookup = async (_workspace, id) =>
      accounts[id] ? { type: 'ftp_server', data: accounts[id] } : undefined;
  });
  afterAll(() => server?.close());

  it('uploads and downloads over TLS when the certificate is trusted for the host name', async () => {
    const port = createFtpPort(lookup, { guard, trustedCa: tls!.cert });
    const target = { serviceAccountId: 'ftps', path: '/seguro.txt' };
    await port.upload(scope, {
      ...target,
      content: new Uint8Array(Buffer.from('cifrado no caminho')),
      signal: AbortSignal.timeout(20_000),
    });
    const bytes = await port.download(scope, {
      ...target,
      maxBytes: 1024,
      signal: AbortSignal.timeout(20_000),
    });
    expect(Buffer.from(bytes).toString()).toBe('cifrado no caminho');
  });

  it('refuses a certificate it does not trust, or one of another name', async () => {
    const untrusted = createFtpPort(lookup, { guard });
    await expect(
      untrusted.list(scope, {
        serviceAccountId: 'ftps',
        path: '/',
        signal: AbortSignal.timeout(20_000),
      }),
    ).rejects.toThrow(
      `A conexão segura (FTPS) com ftp.teste.localhost:${server.port} falhou: o certificado do servidor é autoassinado`,
    );
    const trusted = createFtpPort(lookup, { guard, trustedCa: tls!.cert });
    await expect(
      trusted.list(scope, {
        serviceAccountId: 'otherName',
        path: '/',
        signal: AbortSignal.timeout(20_000),
      }),
    ).rejects.toThrow('o nome do host não confere: o certificado não foi emitido para');
  });
});
