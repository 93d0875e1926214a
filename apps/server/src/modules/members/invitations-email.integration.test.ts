import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import type { InstanceSmtp } from '../../adapters/mail/instance-smtp';
import { leafParts, parseMime, startSmtpTestServer } from '../../test/smtp-test-server';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.members;
const login = { username: 'ponte@exemplo.com.br', password: 'senha-do-smtp-1' };

/** A header's MIME encoded words (RFC 2047, as nodemailer writes them) decoded. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeURIComponent(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
    );
}

/** The text and HTML parts of the last message the server received. */
function lastMail(received: { raw: string; recipients: string[] }[]) {
  const mail = received.at(-1)!;
  const parsed = parseMime(mail.raw);
  const parts = leafParts(parsed);
  const partOf = (type: string) =>
    parts
      .find((part) => (part.headers['content-type'] ?? '').startsWith(type))!
      .body.toString('utf8');
  return {
    to: mail.recipients,
    subject: decodeWords(parsed.headers.subject ?? ''),
    text: partOf('text/plain'),
    html: partOf('text/html'),
  };
}

describeEachDriver('invitations by e-mail', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  // Filled in once the SMTP server listens, before the app is built and reads it.
  const instanceSmtp: InstanceSmtp = {
    host: '127.0.0.2',
    port: 1,
    secure: false,
    ...login,
    from: 'Ponte <ponte@exemplo.com.br>',
  };
  beforeAll(async () => {
    smtp = await startSmtpTestServer(login);
    instanceSmtp.port = smtp.port;
  });
  afterAll(() => smtp?.close());
  const t = useTestApp(driver, {
    publicUrl: 'https://ponte.exemplo.com.br',
    alerts: { smtp: instanceSmtp, dispatchIntervalMs: 3_600_000 },
  });

  it('sends the link in pt-BR, escapes the names, and the link accepts', async () => {
    const owner = await t.createAccount({ workspaceName: 'Logística <b>SP</b>' });
    const admin = await t.addMember(owner, 'admin', 'Davi <script>alert(1)</script>');
    const api = t.request(admin.token);
    expect((await api.get('/api/v1/members/invitations')).json()).toMatchObject({
      by_email: true,
    });
    const created = await api.post('/api/v1/members/invitations', {
      role: 'operator',
      expires_in_days: 7,
      email: 'Carla@Exemplo.com.br',
    });
    expect(created.statusCode, created.body).toBe(201);
    const invitation = created.json() as { link: string; email: string; expires_at: string };
    expect(invitation.email).toBe('carla@exemplo.com.br');

    const mail = lastMail(smtp.received);
    expect(mail.to).toEqual(['carla@exemplo.com.br']);
    expect(mail.subject).toBe('Convite para o workspace Logística <b>SP</b> no Ponte');
    expect(mail.text).toContain(invitation.link);
    expect(mail.text).toContain('Davi <script>alert(1)</script> convidou você');
    expect(mail.text).toContain('com o papel Operador');
    // 7 days after the test clock's now, in São Paulo time, to the minute.
    const expiry = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      dateStyle: 'short',
      timeStyle: 'short',
    })
      .format(new Date(invitation.expires_at))
      .replace(',', '');
    expect(mail.text).toContain(`até ${expiry} (horário de Brasília)`);
    expect(mail.html).toContain(`<a href="${invitation.link}">`);
    expect(mail.html).toContain('Davi &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Logística &lt;b&gt;SP&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>SP');

    const listed = (await api.get('/api/v1/members/invitations')).json();
    expect(listed.items).toMatchObject([{ email: 'carla@exemplo.com.br' }]);
    expect(JSON.stringify(listed)).not.toContain(invitation.link);

    const token = /\/convite\/([\w-]+)/.exec(mail.text)![1]!;
    const accepted = await t.request(null).post(`/account/v1/invitations/${token}/accept`, {
      name: 'Carla Dias',
      email: 'carla@exemplo.com.br',
      password: 'senha-da-carla-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const carla = t.request(accepted.json().token as string);
    expect((await carla.get('/api/v1/workspaces/current')).json()).toMatchObject({
      _id: owner.workspaceId,
      role: 'operator',
    });
  });

  it('creates no invitation when the server refuses the message, and says why', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const before = smtp.received.length;
    const saved = instanceSmtp.password;
    instanceSmtp.password = 'senha-errada';
    try {
      const refused = await api.post('/api/v1/members/invitations', {
        role: 'viewer',
        email: 'bruno@exemplo.com.br',
      });
      expect(refused.statusCode).toBe(502);
      const answer = refused.json() as { code: string; message: string };
      expect(answer.code).toBe('invitation_email_failed');
      expect(answer.message).toContain('O e-mail do convite não pôde ser enviado');
      expect(answer.message).not.toContain('senha-errada');
    } finally {
      instanceSmtp.password = saved;
    }
    expect(smtp.received.length).toBe(before);
    expect((await api.get('/api/v1/members/invitations')).json().items).toEqual([]);
  });
});

describeEachDriver('invitations without the instance SMTP', (driver) => {
  const t = useTestApp(driver);

  it('says the e-mail needs PONTE_SMTP_URL and creates nothing', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    expect((await api.get('/api/v1/members/invitations')).json()).toEqual({
      items: [],
      by_email: false,
    });
    const refused = await api.post('/api/v1/members/invitations', {
      role: 'viewer',
      email: 'bruno@exemplo.com.br',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: m.invitationEmailNeedsSmtp });
    expect((await api.get('/api/v1/members/invitations')).json().items).toEqual([]);
  });
});
