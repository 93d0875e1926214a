import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { executions, logs } from '../../db/schema';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { leafParts, parseMime, startSmtpTestServer } from '../../test/smtp-test-server';
import { useTestApp, type Requester } from '../../test/test-app';
import { until } from '../../test/until';
import { describeEachDriver } from '../../test/test-database';

const password = 'senha-do-smtp-9f3a';
const pdf = Buffer.from('%PDF-1.4\n\u0000\u00ff fim');

/** A code node that puts the attachment on the message, as a flow would after a download. */
const attach = `return { ...msg, attachments: [{ filename: 'pedido.pdf', contentType: 'application/pdf', content: ${JSON.stringify(pdf.toString('base64'))} }] };`;

describeEachDriver('Enviar e-mail through an SMTP account, end to end', (driver) => {
  const t = useTestApp(driver, { httpAllowedNetworks: ['127.0.0.2/32'] });
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  beforeAll(async () => {
    smtp = await startSmtpTestServer({ username: 'vendas@loja.example', password });
  });
  afterAll(() => smtp.close());

  const createSmtpAccount = async (api: Requester, secret: string) => {
    const res = await api.post('/api/v1/service-accounts', {
      name: 'SMTP da loja',
      auth_type: 'smtp_account',
      smtp_account: {
        host: smtp.host,
        port: smtp.port,
        username: 'vendas@loja.example',
        password: secret,
        secure: false,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };

  const mailFlow = (accountId: string) =>
    chain(
      { type: 'core_manual_trigger' },
      { type: 'core_code', params: { code: attach } },
      {
        type: 'core_send_email',
        params: {
          service_account: accountId,
          to: 'Cliente Souza <cliente@exemplo.com.br>',
          cc: '"Loja, Gerente" <gerente@loja.example>',
          bcc: 'arquivo@loja.example',
          subject: 'Seu pedido',
          html: '<p>Obrigado pela compra!</p><script>document.cookie</script>',
          text: 'Obrigado pela compra!',
          attachments: '{{ msg.attachments }}',
        },
      },
    );

  it('tests the account, runs Manual Trigger → Enviar e-mail and the message arrives', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const accountId = await createSmtpAccount(api, password);
    const test = await api.post(`/api/v1/service-accounts/${accountId}/test`);
    expect(test.json()).toMatchObject({
      status: 'ok',
      message: `Conectado ao servidor SMTP 127.0.0.2:${smtp.port} e autenticado.`,
    });

    const before = smtp.received.length;
    const flowId = await createFlow(t, account, mailFlow(accountId));
    const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(run.statusCode, run.body).toBe(200);
    const [execution] = await finished(t, flowId);
    expect(execution?.error).toBeNull();
    expect(execution?.status).toBe('success');

    const mail = smtp.received[before]!;
    expect(mail.recipients).toEqual([
      'cliente@exemplo.com.br',
      'gerente@loja.example',
      'arquivo@loja.example',
    ]);
    const message = parseMime(mail.raw);
    expect(message.headers.subject).toBe('Seu pedido');
    expect(message.headers.to).toBe('Cliente Souza <cliente@exemplo.com.br>');
    expect(message.headers.cc).toBe('"Loja, Gerente" <gerente@loja.example>');
    expect(message.headers).not.toHaveProperty('bcc');
    const leaves = leafParts(message);
    const part = (type: string) => leaves.find((p) => p.headers['content-type']?.startsWith(type));
    expect(part('text/html')?.body.toString()).toBe('<p>Obrigado pela compra!</p>');
    expect(part('text/plain')?.body.toString()).toBe('Obrigado pela compra!');
    expect(part('application/pdf')?.body.equals(pdf)).toBe(true);
  });

  it('fails the execution in pt-BR on a refused login, with no password in the logs', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const wrong = 'senha-errada-77c1';
    const accountId = await createSmtpAccount(api, wrong);
    const flowId = await createFlow(t, account, mailFlow(accountId));
    await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    const [execution] = await finished(t, flowId);
    expect(execution?.status).toBe('error');
    expect(execution?.error?.message).toBe(
      `O servidor SMTP 127.0.0.2:${smtp.port} recusou o usuário ou a senha. Resposta do servidor: 535 Invalid username or password`,
    );
    // The log writer batches: wait for the execution's last line (its end, with the error).
    const rows = await until(async () => {
      const found = await t.database.db.select().from(logs).where(eq(logs.flowId, flowId));
      return found.some((row) => row.message.includes('recusou o usuário')) && found;
    }, 'os logs da execução');
    const stored =
      JSON.stringify(rows) +
      JSON.stringify(
        await t.database.db.select().from(executions).where(eq(executions.flowId, flowId)),
      );
    expect(stored).not.toContain(wrong);
    expect(stored).not.toContain(Buffer.from(wrong).toString('base64'));
  });
});
