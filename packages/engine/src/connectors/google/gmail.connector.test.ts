import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { gmailConnector } from './gmail.connector';
import { decodeWords } from './gmail-message';
import { googleErrorBody, googlePorts, testLookup } from './google-test-ports';

// Answers as the Gmail API reference documents them
// (https://developers.google.com/gmail/api/reference/rest/v1/users.messages and
// https://developers.google.com/gmail/api/guides/handle-errors).
const base = 'https://gmail.googleapis.com/gmail/v1/users/me';

/** The message a send carried: `raw` decoded from base64url. */
const sent = (body: unknown) =>
  Buffer.from((JSON.parse(String(body)) as { raw: string }).raw, 'base64url').toString('utf8');

const run = (ports: ReturnType<typeof googlePorts>, params: Record<string, unknown>) =>
  runNode(gmailConnector, { ports, params: { service_account: 'google', ...params } });

describe('svc_gmail', () => {
  it('sends an RFC 5322 message with UTF-8 headers and both bodies, with the bearer token', async () => {
    const ports = googlePorts();
    ports.httpHandler = () => jsonResponse(200, { id: 'm1', threadId: 't1', labelIds: ['SENT'] });
    const { emitted } = await run(ports, {
      operation: 'send',
      to: 'ana@exemplo.com.br, José Araújo <jose@exemplo.com.br>',
      cc: 'Financeiro <fin@exemplo.com.br>',
      bcc: 'auditoria@exemplo.com.br',
      subject: 'Relatório de março: ação necessária até sexta-feira, às 18h, por favor',
      text: 'Olá, segue o relatório.',
      html: '<p>Olá, segue o <b>relatório</b>.</p>',
    });
    const call = ports.httpCalls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe(`${base}/messages/send`);
    expect(call.headers?.authorization).toBe('Bearer ya29.token-google');
    const message = sent(call.body);
    const [head, ...rest] = message.split('\r\n\r\n');
    expect(message.endsWith(`--\r\n`)).toBe(true);
    expect(head).toContain('To: ana@exemplo.com.br,\r\n =?UTF-8?B?');
    expect(head).toContain('Cc: "Financeiro" <fin@exemplo.com.br>');
    expect(head).toContain('Bcc: auditoria@exemplo.com.br');
    expect(head).toMatch(/Content-Type: multipart\/alternative; boundary="ponte-[0-9a-f-]+"/);
    // Every encoded word fits in 75 characters and the subject reads back whole.
    for (const word of head!.match(/=\?UTF-8\?B\?[^?]*\?=/g)!)
      expect(word.length).toBeLessThanOrEqual(75);
    const subject = /Subject: ((?:.*)(?:\r\n .*)*)/.exec(head!)![1]!.replace(/\r\n /g, ' ');
    expect(decodeWords(subject)).toBe(
      'Relatório de março: ação necessária até sexta-feira, às 18h, por favor',
    );
    expect(decodeWords(/To: ((?:.*)(?:\r\n .*)*)/.exec(head!)![1]!)).toContain(
      'José Araújo <jose@exemplo.com.br>',
    );
    const bodies = [
      ...rest.join('\r\n\r\n').matchAll(/base64\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--ponte-/g),
    ].map((match) => Buffer.from(match[1]!, 'base64').toString('utf8'));
    expect(bodies).toEqual(['Olá, segue o relatório.', '<p>Olá, segue o <b>relatório</b>.</p>']);
    expect(emitted[0]!.msg.payload).toEqual({ id: 'm1', threadId: 't1', labelIds: ['SENT'] });
  });

  it('keeps a line break in the subject from starting a header, and sends HTML alone', async () => {
    const ports = googlePorts();
    ports.httpHandler = () => jsonResponse(200, { id: 'm2' });
    await run(ports, {
      operation: 'send',
      to: 'ana@exemplo.com.br',
      subject: 'Oi\r\nBcc: intruso@exemplo.com',
      html: '<p>Oi</p>',
    });
    const message = sent(ports.httpCalls[0]!.body);
    expect(message).toContain('Subject: Oi Bcc: intruso@exemplo.com\r\n');
    expect(message).not.toContain('\r\nBcc:');
    expect(message).toContain('Content-Type: text/html; charset=UTF-8');
    expect(message).not.toContain('multipart');
  });

  it('refuses an address that is not one before any call, naming the field', async () => {
    const ports = googlePorts();
    const error = await run(ports, {
      operation: 'send',
      to: 'ana@exemplo.com.br',
      cc: 'financeiro',
      subject: 'Oi',
      text: 'Oi',
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      'Gmail: "financeiro" em "Cc" não é um endereço de e-mail.',
    );
    expect(ports.httpCalls).toHaveLength(0);
  });

  it("says Gmail's refusal of a recipient in pt-BR, naming the fields", async () => {
    const ports = googlePorts();
    ports.httpHandler = () =>
      jsonResponse(
        400,
        googleErrorBody(400, 'INVALID_ARGUMENT', 'invalidArgument', 'Invalid To header'),
      );
    const error = await run(ports, {
      operation: 'send',
      to: 'ana@exemplo.com.br',
      subject: 'Oi',
      text: 'Oi',
    }).catch((failure: Error) => failure);
    expect((error as Error).message).toBe(
      'O Gmail recusou a chamada: um destinatário em "Para", "Cc" ou "Cco" não é válido (Invalid To header).',
    );
  });

  it('says a missing Gmail scope and a disabled API in pt-BR', async () => {
    const ports = googlePorts();
    ports.httpHandler = () =>
      jsonResponse(
        403,
        googleErrorBody(
          403,
          'PERMISSION_DENIED',
          'insufficientPermissions',
          'Request had insufficient authentication scopes.',
        ),
      );
    const scope = await run(ports, { operation: 'read', message_id: 'm1' }).catch((e: Error) => e);
    expect((scope as Error).message).toBe(
      'A conta de serviço não autorizou o Ponte a usar o Gmail: autorize a conta de novo, aceitando o acesso ao Gmail.',
    );
    ports.httpHandler = () =>
      jsonResponse(
        403,
        googleErrorBody(
          403,
          'PERMISSION_DENIED',
          'accessNotConfigured',
          'Gmail API has not been used in project 123 before or it is disabled.',
        ),
      );
    const disabled = await run(ports, { operation: 'read', message_id: 'm1' }).catch(
      (e: Error) => e,
    );
    expect((disabled as Error).message).toMatch(
      /^A API do Gmail não está ativada no projeto do Google Cloud da conta de serviço: ative-a na Biblioteca de APIs do console \(Gmail API has not been used/,
    );
  });

  it('searches across three pages with the query and label, waiting out a 429 and a 403 rate limit', async () => {
    const ports = googlePorts();
    const times: number[] = [];
    ports.httpHandler = (request) => {
      times.push(ports.time);
      if (times.length === 1)
        return jsonResponse(
          429,
          googleErrorBody(429, 'RESOURCE_EXHAUSTED', 'rateLimitExceeded', 'Too many requests'),
        );
      if (times.length === 3)
        return jsonResponse(
          403,
          googleErrorBody(
            403,
            'PERMISSION_DENIED',
            'userRateLimitExceeded',
            'User-rate limit exceeded',
          ),
        );
      const token = new URL(request.url).searchParams.get('pageToken');
      const page = token ? Number(token.slice(1)) : 1;
      return jsonResponse(200, {
        messages: [
          { id: `m${page}a`, threadId: `t${page}` },
          { id: `m${page}b`, threadId: `t${page}` },
        ],
        ...(page < 3 ? { nextPageToken: `p${page + 1}` } : {}),
        resultSizeEstimate: 6,
      });
    };
    const { emitted } = await run(ports, {
      operation: 'search',
      query: 'from:financeiro@exemplo.com.br is:unread',
      label_id: 'INBOX',
      return_all: true,
    });
    const q = 'q=from%3Afinanceiro%40exemplo.com.br+is%3Aunread&labelIds=INBOX&maxResults=100';
    expect(ports.httpCalls.map((call) => call.url)).toEqual([
      `${base}/messages?${q}`,
      `${base}/messages?${q}`,
      `${base}/messages?${q}&pageToken=p2`,
      `${base}/messages?${q}&pageToken=p2`,
      `${base}/messages?${q}&pageToken=p3`,
    ]);
    expect(times[1]! - times[0]!).toBe(1_000);
    expect(times[3]! - times[2]!).toBe(1_000);
    const payload = emitted[0]!.msg.payload as { id: string }[];
    expect(payload.map((m) => m.id)).toEqual(['m1a', 'm1b', 'm2a', 'm2b', 'm3a', 'm3b']);
  });

  it('reads a message: headers, text and HTML bodies decoded in their charset, attachments listed', async () => {
    const ports = googlePorts();
    const b64 = (text: string, charset: BufferEncoding = 'utf8') =>
      Buffer.from(text, charset).toString('base64url');
    ports.httpHandler = () =>
      jsonResponse(200, {
        id: 'm1',
        threadId: 't1',
        labelIds: ['INBOX', 'UNREAD'],
        snippet: 'Segue a nota',
        internalDate: '1780761600000',
        payload: {
          mimeType: 'multipart/mixed',
          headers: [
            { name: 'From', value: 'Financeiro <fin@exemplo.com.br>' },
            { name: 'To', value: 'ana@exemplo.com.br' },
            { name: 'Subject', value: '=?ISO-8859-1?Q?Nota_fiscal_de_mar=E7o?=' },
            { name: 'Date', value: 'Sat, 6 Jun 2026 09:00:00 -0300' },
          ],
          parts: [
            {
              mimeType: 'multipart/alternative',
              parts: [
                {
                  mimeType: 'text/plain',
                  headers: [{ name: 'Content-Type', value: 'text/plain; charset="ISO-8859-1"' }],
                  body: { size: 20, data: b64('Segue a nota de março.', 'latin1') },
                },
                {
                  mimeType: 'text/html',
                  body: { size: 30, data: b64('<p>Segue a nota de março.</p>') },
                },
              ],
            },
            {
              mimeType: 'application/pdf',
              filename: 'nota.pdf',
              body: { attachmentId: 'a1', size: 1234 },
            },
          ],
        },
      });
    const { emitted } = await run(ports, { operation: 'read', message_id: 'm1' });
    expect(ports.httpCalls[0]!.url).toBe(`${base}/messages/m1?format=full`);
    expect(emitted[0]!.msg.payload).toMatchObject({
      id: 'm1',
      threadId: 't1',
      from: 'Financeiro <fin@exemplo.com.br>',
      to: 'ana@exemplo.com.br',
      subject: 'Nota fiscal de março',
      date: 'Sat, 6 Jun 2026 09:00:00 -0300',
      receivedAt: '2026-06-06T16:00:00.000Z',
      text: 'Segue a nota de março.',
      html: '<p>Segue a nota de março.</p>',
      attachments: [
        { filename: 'nota.pdf', mimeType: 'application/pdf', size: 1234, attachmentId: 'a1' },
      ],
    });
  });

  it('says a message it cannot find in pt-BR', async () => {
    const ports = googlePorts();
    ports.httpHandler = () =>
      jsonResponse(
        404,
        googleErrorBody(404, 'NOT_FOUND', 'notFound', 'Requested entity was not found.'),
      );
    const error = await run(ports, { operation: 'read', message_id: 'nada' }).catch(
      (e: Error) => e,
    );
    expect((error as Error).message).toBe(
      'O Gmail recusou a chamada: o Gmail não encontrou o e-mail de "ID do e-mail" (Requested entity was not found.).',
    );
  });

  it("lists the account's labels for the 'Marcador' picker, system ones in Portuguese", async () => {
    const ports = googlePorts();
    ports.httpHandler = () =>
      jsonResponse(200, {
        labels: [
          { id: 'INBOX', name: 'INBOX', type: 'system' },
          { id: 'Label_1', name: 'Clientes', type: 'user' },
        ],
      });
    const options = await gmailConnector.lookupOptions!('labels', {
      ...testLookup,
      ports,
      params: {},
    });
    expect(ports.httpCalls[0]!.url).toBe(`${base}/labels`);
    expect(options).toEqual([
      { value: 'INBOX', label: 'Caixa de entrada', description: 'Marcador do sistema' },
      { value: 'Label_1', label: 'Clientes', description: 'Marcador seu' },
    ]);
    expect(gmailConnector.manifest.params.label_id).toMatchObject({ lookup: { name: 'labels' } });
  });
});
