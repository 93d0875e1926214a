import { createPrivateKey } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClientCertificate } from '@ponte/engine/ports';
import { makeTestCertificates } from '../../test/test-certificates';
import { until } from '../../test/until';
import { createNetworkGuard } from './network-guard';
import { createOutboundHttpClient, type OutboundHttpClient } from './outbound-http-client';

const certificates = makeTestCertificates();
if (!certificates)
  console.warn('mTLS: sem o comando openssl para gerar os certificados; testes pulados.');

/**
 * Mutual TLS through the one guarded client (docs/adr/0117): a local HTTPS server that requires
 * a client certificate signed by the test authority, as a PSP's Pix API does.
 */
describe.runIf(certificates)('outbound HTTP client with a client certificate (mTLS)', () => {
  const tls = certificates!;
  let server: Server;
  let base: string;
  /** Held answers of '/redireciona-depois': each waits for the test to let it go. */
  const held: (() => void)[] = [];
  const clients: OutboundHttpClient[] = [];
  const client = (allowed: string[]) => {
    const created = createOutboundHttpClient({ guard: createNetworkGuard(allowed) });
    clients.push(created);
    return created;
  };
  const get = (
    http: OutboundHttpClient,
    clientCertificate?: HttpClientCertificate,
    path = '/quem-sou',
  ) =>
    http.request({
      method: 'GET',
      url: `${base}${path}`,
      headers: {},
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      ...(clientCertificate ? { clientCertificate } : {}),
    });

  beforeAll(async () => {
    server = createServer(
      { ...tls.valid, ca: tls.ca, requestCert: true, rejectUnauthorized: true },
      (req, res) => {
        if (req.url === '/outra-origem') {
          res.writeHead(302, { location: 'https://127.0.0.3/quem-sou' });
          return void res.end();
        }
        if (req.url === '/mesma-origem') {
          res.writeHead(302, { location: '/quem-sou' });
          return void res.end();
        }
        if (req.url === '/redireciona-depois') {
          held.push(() => {
            res.writeHead(302, { location: '/quem-sou' });
            res.end();
          });
          return;
        }
        if (req.url === '/corta') {
          // The answer begins, then the connection drops before the body ends.
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          return void res.write('{"parcial":', () => req.socket.destroy());
        }
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ cliente: peer.subject?.CN ?? null }));
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    base = `https://127.0.0.2:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('presents the certificate of the request and gets the answer', async () => {
    const response = await get(client(['127.0.0.2/32']), { ...tls.otherHost, ca: tls.ca });
    expect(response.status).toBe(200);
    expect(JSON.parse(new TextDecoder().decode(response.body))).toEqual({ cliente: 'smtp' });
  });

  it('says in pt-BR that the server refused a certificate its authority did not sign', async () => {
    await expect(get(client(['127.0.0.2/32']), { ...tls.selfSigned, ca: tls.ca })).rejects.toThrow(
      /^127\.0\.0\.2:\d+ encerrou a conexão sem responder: o serviço pode ter recusado o certificado de cliente \(mTLS\)\. Confira o certificado e a chave da conta/,
    );
  });

  it('says the server is not trusted when the account lacks its authority', async () => {
    await expect(get(client(['127.0.0.2/32']), tls.otherHost)).rejects.toThrow(
      /^A conexão segura com 127\.0\.0\.2:\d+ falhou: a cadeia do certificado termina numa autoridade autoassinada que este servidor não reconhece\. Informe a CA do serviço na conta\.$/,
    );
  });

  it('says in pt-BR why a request without a certificate was refused', async () => {
    await expect(get(client(['127.0.0.2/32']))).rejects.toThrow(
      /^A conexão segura com 127\.0\.0\.2:\d+ falhou: a cadeia do certificado termina numa autoridade autoassinada/,
    );
  });

  it('follows a redirect to the same origin, and refuses one to another origin with the certificate', async () => {
    const http = client(['127.0.0.2/32', '127.0.0.3/32']);
    const certificate = { ...tls.otherHost, ca: tls.ca };
    const same = await get(http, certificate, '/mesma-origem');
    expect(JSON.parse(new TextDecoder().decode(same.body))).toEqual({ cliente: 'smtp' });
    await expect(get(http, certificate, '/outra-origem')).rejects.toThrow(
      /^127\.0\.0\.2:\d+ redirecionou a requisição para https:\/\/127\.0\.0\.3: com o certificado de cliente \(mTLS\) da conta, o Ponte só segue redirecionamentos para o mesmo endereço de origem\.$/,
    );
  });

  it('does not blame the certificate for a connection dropped after the answer began', async () => {
    const error = await get(client(['127.0.0.2/32']), { ...tls.otherHost, ca: tls.ca }, '/corta')
      .then(() => null)
      .catch((e: Error) => e);
    expect(error?.message).toMatch(/^A conexão com 127\.0\.0\.2:\d+ foi recusada ou encerrada\.$/);
  });

  it('keeps an evicted certificate agent open for the request still using it', async () => {
    const http = client(['127.0.0.2/32']);
    // Distinct texts of the same CA make distinct agents: 33 of them evict the first.
    const certificate = (n: number) => ({ ...tls.otherHost, ca: `${tls.ca}${'\n'.repeat(n)}` });
    const first = get(http, certificate(0), '/redireciona-depois');
    await until(() => held.length === 1, 'a primeira requisição no servidor');
    for (let n = 1; n <= 32; n++) expect((await get(http, certificate(n))).status).toBe(200);
    // The first request's redirect is followed on its agent, evicted meanwhile.
    held.shift()!();
    const answer = await first;
    expect(JSON.parse(new TextDecoder().decode(answer.body))).toEqual({ cliente: 'smtp' });
  });

  it('keeps the network guard: a certificate opens no blocked address', async () => {
    await expect(get(client([]), { ...tls.otherHost, ca: tls.ca })).rejects.toThrow(
      'Endereço bloqueado pela proteção de rede: 127.0.0.2',
    );
  });

  it("opens an encrypted key with 'Senha da chave', and says so when the password is wrong", async () => {
    const key = createPrivateKey(tls.otherHost.key).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'senha-da-chave',
    }) as string;
    const http = client(['127.0.0.2/32']);
    const certificate = { cert: tls.otherHost.cert, key, ca: tls.ca };
    const opened = await get(http, { ...certificate, passphrase: 'senha-da-chave' });
    expect(opened.status).toBe(200);
    await expect(get(http, { ...certificate, passphrase: 'outra' })).rejects.toThrow(
      'Não foi possível usar o certificado ou a chave privada do cliente: confira os textos PEM e a senha da chave.',
    );
  });

  it('says in pt-BR when the key does not match the certificate', async () => {
    await expect(
      get(client(['127.0.0.2/32']), { cert: tls.otherHost.cert, key: tls.valid.key, ca: tls.ca }),
    ).rejects.toThrow(
      'Não foi possível usar o certificado ou a chave privada do cliente: confira os textos PEM e a senha da chave.',
    );
  });
});
