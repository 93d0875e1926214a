import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  /** The test authority's certificate (PEM), to trust. */
  ca: string;
  /** Signed by itself for IP 127.0.0.2, valid today. */
  selfSigned: { key: string; cert: string };
  /** Signed by the authority for IP 127.0.0.2, valid today. */
  valid: { key: string; cert: string };
  /** Signed by the authority for IP 127.0.0.2, expired yesterday. */
  expired: { key: string; cert: string };
  /** Signed by the authority for another host (smtp.outro.example). */
  otherHost: { key: string; cert: string };
}

/** An authority and three server certificates made by the system's openssl, or null without it. */
export function makeTestCertificates(): TestCertificates | null {
  const dir = mkdtempSync(join(tmpdir(), 'ponte-certs-'));
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      path('ca.key'),
      '-out',
      path('ca.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Autoridade de teste',
    );
    const leaf = (name: string, san: string, days: string) => {
      writeFileSync(path(`${name}.ext`), `subjectAltName=${san}\n`);
      openssl(
        'req',
        ...ec,
        '-keyout',
        path(`${name}.key`),
        '-out',
        path(`${name}.csr`),
        '-subj',
        '/CN=smtp',
      );
      openssl(
        'x509',
        '-req',
        '-in',
        path(`${name}.csr`),
        '-CA',
        path('ca.pem'),
        '-CAkey',
        path('ca.key'),
        '-CAcreateserial',
        '-out',
        path(`${name}.pem`),
        '-days',
        days,
        '-extfile',
        path(`${name}.ext`),
      );
      return {
        key: readFileSync(path(`${name}.key`), 'utf8'),
        cert: readFileSync(path(`${name}.pem`), 'utf8'),
      };
    };
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      path('self.key'),
      '-out',
      path('self.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=smtp',
      '-addext',
      'subjectAltName=IP:127.0.0.2',
    );
    return {
      selfSigned: {
        key: readFileSync(path('self.key'), 'utf8'),
        cert: readFileSync(path('self.pem'), 'utf8'),
      },
      valid: leaf('valid', 'IP:127.0.0.2', '2'),
      expired: leaf('expired', 'IP:127.0.0.2', '-1'),
      otherHost: leaf('other', 'DNS:smtp.outro.example', '2'),
      ca: readFileSync(path('ca.pem'), 'utf8'),
    };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
