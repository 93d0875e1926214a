import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestCertificates } from '../../test/test-certificates';
import { createNetworkGuard } from '../outbound-http/network-guard';
import { verifySmtpAccount } from './smtp-mailer';

/**
 * A real SMTP server (npm `smtp-server`) on 127.0.0.2, with TLS from the start (`secure`, port
 * 465's way) or by STARTTLS (RFC 3207, port 587's way), presenting each certificate made by the
 * system's openssl: the error names what is wrong with it.
 */
const certificates = makeTestCertificates();
if (!certificates) console.warn('SMTP TLS: sem o comando openssl para gerar os certificados.');
const open = { guard: createNetworkGuard(['127.0.0.2/32']) };
const servers: SMTPServer[] = [];

async function smtpServer(secure: boolean, tls?: { key: string; cert: string }) {
  const server = new SMTPServer({ secure, authOptional: true, logger: false, ...tls });
  server.on('error', () => undefined); // the refused handshake, on the server's side
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  servers.push(server);
  return (server.server.address() as AddressInfo).port;
}
afterAll(() =>
  Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))),
);

const verify = (port: number, secure: boolean, trustedCa?: string) =>
  verifySmtpAccount(
    { host: '127.0.0.2', port, secure },
    { ...open, signal: new AbortController().signal, ...(trustedCa ? { trustedCa } : {}) },
  );

describe.skipIf(!certificates).each([
  ['TLS from the start', true],
  ['STARTTLS', false],
])('an SMTP certificate refused over %s names its problem', (_way, secure) => {
  const certs = certificates!;
  const refused = (port: number, problem: string) =>
    `Não foi possível estabelecer a conexão segura (TLS) com 127.0.0.2:${port}: ${problem}`;

  it('a self-signed certificate', async () => {
    const port = await smtpServer(secure, certs.selfSigned);
    await expect(verify(port, secure)).rejects.toThrow(
      refused(port, 'o certificado do servidor é autoassinado'),
    );
  });

  it('an expired certificate', async () => {
    const port = await smtpServer(secure, certs.expired);
    await expect(verify(port, secure, certs.ca)).rejects.toThrow(
      refused(port, 'o certificado do servidor está expirado.'),
    );
  });

  it('a certificate of another host', async () => {
    const port = await smtpServer(secure, certs.otherHost);
    await expect(verify(port, secure, certs.ca)).rejects.toThrow(
      refused(port, 'o nome do host não confere: o certificado não foi emitido para 127.0.0.2.'),
    );
  });

  it('a certificate of an authority this server does not know', async () => {
    const port = await smtpServer(secure, certs.valid);
    await expect(verify(port, secure)).rejects.toThrow(
      refused(port, 'a autoridade que emitiu o certificado não é reconhecida'),
    );
  });

  it('a valid certificate of a trusted authority connects', async () => {
    const port = await smtpServer(secure, certs.valid);
    await expect(verify(port, secure, certs.ca)).resolves.toBe(
      'Conectado ao servidor SMTP 127.0.0.2:' + port + '.',
    );
  });
});
