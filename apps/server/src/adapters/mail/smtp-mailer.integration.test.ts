import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetworkGuard } from '../outbound-http/network-guard';
import { leafParts, parseMime, startSmtpTestServer } from '../../test/smtp-test-server';
import { sendSmtpMail, verifySmtpAccount, type SmtpAccount } from './smtp-mailer';

const password = 's3nh@-SMTP-secreta';
const open = { guard: createNetworkGuard(['127.0.0.2/32']) };
const signal = () => new AbortController().signal;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let account: SmtpAccount;

beforeAll(async () => {
  smtp = await startSmtpTestServer({ username: 'relatorios@ponte.example', password });
  account = {
    host: smtp.host,
    port: smtp.port,
    secure: false,
    username: 'relatorios@ponte.example',
    password,
  };
});
afterAll(() => smtp.close());

describe('SMTP mailer against a real SMTP server', () => {
  it('delivers to, cc and bcc with the subject, sanitised HTML, text and the attachment bytes', async () => {
    const bytes = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80]);
    const before = smtp.received.length;
    const sent = await sendSmtpMail(
      account,
      {
        to: ['ana@cliente.example'],
        cc: ['bia@cliente.example'],
        bcc: ['auditoria@ponte.example'],
        subject: 'Relatorio de vendas',
        html: '<h1>Vendas</h1><script>alert("x")</script><p onclick="x()">Total: 10</p>',
        text: 'Vendas: total 10',
        attachments: [{ filename: 'vendas.bin', content: bytes, contentType: 'application/pdf' }],
      },
      { ...open, signal: signal() },
    );
    expect(sent.messageId).toMatch(/@/);
    const mail = smtp.received[before]!;
    expect(mail.from).toBe('relatorios@ponte.example');
    expect(mail.recipients).toEqual([
      'ana@cliente.example',
      'bia@cliente.example',
      'auditoria@ponte.example',
    ]);
    const message = parseMime(mail.raw);
    expect(message.headers.to).toBe('ana@cliente.example');
    expect(message.headers.cc).toBe('bia@cliente.example');
    expect(message.headers).not.toHaveProperty('bcc');
    expect(message.headers.subject).toBe('Relatorio de vendas');
    const leaves = leafParts(message);
    const byType = (type: string) =>
      leaves.find((p) => p.headers['content-type']?.startsWith(type));
    expect(byType('text/plain')?.body.toString()).toBe('Vendas: total 10');
    expect(byType('text/html')?.body.toString()).toBe('<h1>Vendas</h1><p>Total: 10</p>');
    const attachment = byType('application/pdf')!;
    expect(attachment.headers['content-disposition']).toContain('filename=vendas.bin');
    expect([...attachment.body]).toEqual([...bytes]);
  });

  it('answers a refused login in pt-BR without the password', async () => {
    const wrong = { ...account, password: 'senha-errada-123' };
    const failure = sendSmtpMail(
      wrong,
      { to: ['ana@cliente.example'], subject: 'x', text: 'x' },
      { ...open, signal: signal() },
    );
    await expect(failure).rejects.toThrow(
      `O servidor SMTP 127.0.0.2:${smtp.port} recusou o usuário ou a senha.`,
    );
    const message = await failure.catch((error: Error) => error.message);
    expect(message).not.toContain('senha-errada-123');
    expect(message).not.toContain(Buffer.from('senha-errada-123').toString('base64'));
  });

  it('verifies an account (connect, greet, log in) and names a refused one', async () => {
    await expect(verifySmtpAccount(account, { ...open, signal: signal() })).resolves.toBe(
      `Conectado ao servidor SMTP 127.0.0.2:${smtp.port} e autenticado.`,
    );
    await expect(
      verifySmtpAccount({ ...account, password: 'outra' }, { ...open, signal: signal() }),
    ).rejects.toThrow('recusou o usuário ou a senha');
  });

  it('does not connect to an address the network guard refuses', async () => {
    const logins = smtp.logins.length;
    const closed = { guard: createNetworkGuard([]), signal: signal() };
    await expect(verifySmtpAccount(account, closed)).rejects.toThrow('PONTE_HTTP_ALLOWED_NETWORKS');
    await expect(
      verifySmtpAccount({ ...account, host: 'localhost' }, { ...closed, signal: signal() }),
    ).rejects.toThrow('PONTE_HTTP_ALLOWED_NETWORKS');
    expect(smtp.logins.length).toBe(logins);
  });
});

describe('SMTP mailer against a server that never greets', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let port = 0;
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.2', resolve));
    port = (silent.address() as AddressInfo).port;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up after its timeout with a pt-BR message', async () => {
    const target = { ...account, port };
    await expect(
      verifySmtpAccount(target, { ...open, signal: signal(), timeoutMs: 300 }),
    ).rejects.toThrow(`O servidor SMTP 127.0.0.2:${port} não respondeu a tempo.`);
  });

  it('stops when the execution is stopped, closing the connection', async () => {
    const controller = new AbortController();
    const before = sockets.length;
    const pending = verifySmtpAccount({ ...account, port }, { ...open, signal: controller.signal });
    await new Promise<void>((resolve) => silent.once('connection', () => resolve()));
    controller.abort(new Error('Execução interrompida.'));
    await expect(pending).rejects.toThrow('Execução interrompida.');
    const socket = sockets[before]!;
    await new Promise<void>((resolve) =>
      socket.closed || socket.destroyed ? resolve() : socket.once('close', () => resolve()),
    );
    expect(socket.destroyed).toBe(true);
  });
});
