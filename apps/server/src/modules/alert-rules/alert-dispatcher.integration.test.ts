import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { createAlertDelivery } from './alerts';
import { createNetworkGuard } from '../../adapters/outbound-http/network-guard';
import { createOutboundHttpClient } from '../../adapters/outbound-http/outbound-http-client';
import { alertFirings, alertRules } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { startHttpReceiver } from '../../test/http-receiver';
import { leafParts, parseMime, startSmtpTestServer } from '../../test/smtp-test-server';
import { testEncryptionKey, useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLogWriter } from '../logs/log-writer';
import { createServiceAccountsService } from '../service-accounts/service-accounts.service';
import { createAlertWatch } from './alert-watch';

const baseUrl = 'https://ponte.exemplo.com.br';
const login = { username: 'alertas@exemplo.com.br', password: 'senha-smtp' };

describeEachDriver('alert delivery', (driver) => {
  // The app's own dispatcher passes once at start; the tests drive theirs with `runOnce`.
  const t = useTestApp(driver, {
    httpAllowedNetworks: ['127.0.0.2/32'],
    alerts: { dispatchIntervalMs: 3_600_000 },
  });
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  const guard = createNetworkGuard(['127.0.0.2/32']);
  const http = createOutboundHttpClient({ guard });
  const errors: unknown[] = [];
  let dispatcher: ReturnType<typeof createAlertDelivery>;
  let watch: ReturnType<typeof createAlertWatch>;
  let writer: ReturnType<typeof createLogWriter>;

  beforeAll(async () => {
    smtp = await startSmtpTestServer(login);
    receiver = await startHttpReceiver();
    const db = t.database.db;
    const accounts = createServiceAccountsService({
      db,
      now: t.clock.now,
      box: createSecretBox(testEncryptionKey),
      http,
    });
    dispatcher = createAlertDelivery({
      db,
      now: t.clock.now,
      http,
      network: { guard },
      accounts,
      smtp: null,
      baseUrl,
      onError: (error) => errors.push(error),
    });
    watch = createAlertWatch(db, { onError: (error) => errors.push(error) });
    writer = createLogWriter(db, { watch, maxBatch: 500 });
  });

  afterAll(async () => {
    await writer.close();
    await dispatcher.stop();
    await http.close();
    await receiver.close();
    await smtp.close();
    expect(errors).toEqual([]);
  });

  async function addRule(workspaceId: string, values: Partial<typeof alertRules.$inferInsert>) {
    const id = randomUUID();
    await t.database.db.insert(alertRules).values({
      id,
      workspaceId,
      name: `Regra ${id.slice(0, 8)}`,
      type: 'match_log',
      action: 'webhook',
      actionWebhookMethod: 'post',
      matchLogType: 'message',
      timewindowSeconds: 60,
      ...values,
    });
    await watch.refresh();
    return id;
  }

  async function writeLogs(workspaceId: string, lines: string[], flowId = 'flow-pedidos') {
    for (const [index, message] of lines.entries()) {
      writer.write({
        workspaceId,
        flowId,
        executionId: `exec-${index}`,
        type: 'user',
        label: 'pedido',
        message,
        createdAt: t.clock.now(),
      });
    }
    await writer.flush();
  }

  const firingsOf = (ruleId: string) =>
    t.database.db
      .select()
      .from(alertFirings)
      .where(eq(alertFirings.ruleId, ruleId))
      .orderBy(alertFirings.openedAt);

  const textOf = (mail: ReturnType<typeof parseMime>) =>
    leafParts(mail)
      .find((part) => part.headers['content-type']?.startsWith('text/plain'))!
      .body.toString('utf8')
      .replace(/\r\n/g, '\n');

  /** The e-mails of one rule (its name heads the text). */
  const mailsAbout = (name: string) =>
    smtp.received
      .map((mail) => parseMime(mail.raw))
      .filter((mail) => textOf(mail).startsWith(`Regra de alerta: ${name}\n`));

  it('sends one e-mail per window counting every match, through the rule SMTP account, and never to another workspace', async () => {
    const mine = await t.createAccount();
    const other = await t.createAccount();
    const account = (
      await t.request(mine.token).post('/api/v1/service-accounts', {
        name: 'SMTP dos alertas',
        auth_type: 'smtp_account',
        smtp_account: { host: smtp.host, port: smtp.port, ...login },
      })
    ).json<{ _id: string }>();
    const ruleId = await addRule(mine.workspaceId, {
      name: 'Timeouts de pedidos',
      action: 'email',
      actionEmailTo: 'ops@exemplo.com.br',
      actionEmailMessage: 'Verifique o gateway de pagamento.',
      actionEmailAccountId: account._id,
      matchLogContent: 'timeout',
    });
    const otherRule = await addRule(other.workspaceId, {
      actionWebhookUrl: `${receiver.url}/outro-workspace`,
      matchLogContent: 'timeout',
    });

    await writeLogs(mine.workspaceId, [
      ...Array.from({ length: 50 }, (_, i) => `pedido ${i}: Timeout no gateway`),
      ...Array.from({ length: 20 }, (_, i) => `pedido ${i}: pago`),
    ]);
    await dispatcher.runOnce();
    // The window is still capturing: nothing goes out before it closes.
    expect(mailsAbout('Timeouts de pedidos')).toHaveLength(0);

    t.clock.advance(61_000);
    await dispatcher.runOnce();
    await dispatcher.runOnce();
    const [first, ...rest] = mailsAbout('Timeouts de pedidos');
    expect(rest).toHaveLength(0);
    const [firing] = await firingsOf(ruleId);
    expect(firing).toMatchObject({ state: 'sent', count: 50, attempts: 1 });
    expect(firing!.resultMessage).toMatch(/^Enviado/);
    expect(first!.headers['message-id']).toBe(`<${firing!.id}@ponte.alert>`);
    expect(first!.headers.from).toContain(login.username);
    const text = textOf(first!);
    expect(text).toContain('Verifique o gateway de pagamento.');
    expect(text).toMatch(/50 ocorrências entre \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d e /);
    expect(text).toContain('pedido 0: Timeout no gateway');
    expect(text).toContain('pedido 9: Timeout no gateway');
    expect(text).not.toContain('pedido 10: Timeout no gateway');
    const link = /Ver nos logs: (\S+)/.exec(text)![1]!;
    expect(link.startsWith(`${baseUrl}/monitoring?filters=`)).toBe(true);
    const filters = JSON.parse(new URL(link).searchParams.get('filters')!);
    expect(filters).toMatchObject({ date_alias: 'custom', search: 'timeout' });

    // After the window, a new match opens a second window and a second e-mail.
    await writeLogs(mine.workspaceId, ['pedido 51: timeout de novo']);
    t.clock.advance(61_000);
    await dispatcher.runOnce();
    const mails = mailsAbout('Timeouts de pedidos');
    expect(mails).toHaveLength(2);
    expect(textOf(mails[1]!)).toMatch(/1 ocorrência entre/);
    expect((await firingsOf(ruleId)).map((row) => [row.state, row.count])).toEqual([
      ['sent', 50],
      ['sent', 1],
    ]);

    expect(await firingsOf(otherRule)).toEqual([]);
    expect(receiver.received.filter((request) => request.url === '/outro-workspace')).toEqual([]);
  });

  it('a rule disabled after its window opened sends nothing', async () => {
    const mine = await t.createAccount();
    const ruleId = await addRule(mine.workspaceId, {
      actionWebhookUrl: `${receiver.url}/desativada`,
      matchLogContent: 'estoque negativo',
    });
    await writeLogs(mine.workspaceId, ['item 7: estoque negativo']);
    await t.database.db.update(alertRules).set({ enabled: false }).where(eq(alertRules.id, ruleId));
    t.clock.advance(61_000);
    await dispatcher.runOnce();
    expect(await firingsOf(ruleId)).toMatchObject([
      { state: 'failed', count: 1, resultMessage: messages.alertRules.ruleDisabled },
    ]);
    expect(receiver.received.filter((request) => request.url === '/desativada')).toEqual([]);
  });

  it('webhook: method, body and Idempotency-Key; a 500 is retried after a wait, then sent', async () => {
    const mine = await t.createAccount();
    const ruleId = await addRule(mine.workspaceId, {
      name: 'Erros do ERP',
      actionWebhookMethod: 'put',
      actionWebhookUrl: `${receiver.url}/ganchos/erp`,
      matchLogType: 'label',
      matchLogContent: '/^erro-erp$/i',
    });
    const onPath = () => receiver.received.filter((request) => request.url === '/ganchos/erp');
    let failures = 1;
    receiver.answerWith((request, response) => {
      if (request.url === '/ganchos/erp' && failures-- > 0) response.writeHead(500).end();
      else response.writeHead(200).end('ok');
    });
    for (const message of ['nota 1 recusada', 'nota 2 recusada']) {
      writer.write({
        workspaceId: mine.workspaceId,
        flowId: 'flow-erp',
        executionId: 'exec-erp',
        type: 'user',
        label: 'ERRO-ERP',
        message,
        createdAt: t.clock.now(),
      });
    }
    await writer.flush();
    t.clock.advance(61_000);
    await dispatcher.runOnce();

    const [firing] = await firingsOf(ruleId);
    expect(firing).toMatchObject({
      state: 'due',
      attempts: 1,
      resultStatus: 500,
      resultMessage: messages.alertRules.webhookStatus(500),
    });
    expect(firing!.nextAttemptAt!.getTime() - t.clock.now().getTime()).toBeGreaterThan(29_000);
    const [request] = onPath();
    expect(request).toMatchObject({ method: 'PUT' });
    expect(request!.headers['idempotency-key']).toBe(firing!.id);
    expect(request!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      rule: { _id: ruleId, name: 'Erros do ERP', type: 'match_log' },
      kind: 'match',
      count: 2,
      summary: null,
    });
    expect(body.lines.map((line: { message: string }) => line.message)).toEqual([
      'nota 1 recusada',
      'nota 2 recusada',
    ]);
    expect(body.monitoring_url.startsWith(`${baseUrl}/monitoring?filters=`)).toBe(true);

    // Before the wait is over, no new try.
    await dispatcher.runOnce();
    expect(onPath()).toHaveLength(1);
    t.clock.advance(30_000);
    await dispatcher.runOnce();
    expect(onPath()).toHaveLength(2);
    expect(onPath()[1]!.headers['idempotency-key']).toBe(firing!.id);
    expect(await firingsOf(ruleId)).toMatchObject([
      { state: 'sent', attempts: 2, resultStatus: 200, resultMessage: 'Enviado' },
    ]);
  });

  it('processes passing at the same time send each window once', async () => {
    const mine = await t.createAccount();
    const paths = Array.from({ length: 10 }, (_, i) => `/concorrencia/${i}`);
    for (const [i, path] of paths.entries()) {
      await addRule(mine.workspaceId, {
        actionWebhookMethod: 'get',
        actionWebhookUrl: `${receiver.url}${path}`,
        matchLogContent: `corrida ${i};`,
      });
    }
    await writeLogs(
      mine.workspaceId,
      paths.map((_, i) => `corrida ${i};`),
    );
    t.clock.advance(61_000);
    const others = Array.from({ length: 3 }, () =>
      createAlertDelivery({
        db: t.database.db,
        now: t.clock.now,
        http,
        network: { guard },
        accounts: { getDecrypted: async () => undefined },
        smtp: null,
        baseUrl,
        onError: (error) => errors.push(error),
      }),
    );
    await Promise.all([dispatcher, ...others].map((each) => each.runOnce()));
    await Promise.all(others.map((each) => each.stop()));
    const received = receiver.received.filter((request) => paths.includes(request.url));
    expect(received.map((request) => request.url).sort()).toEqual([...paths].sort());
    // GET sends no body.
    expect(received.every((request) => request.method === 'GET' && request.body === '')).toBe(true);
  });

  it('an address the network guard refuses fails at once with a pt-BR message', async () => {
    const mine = await t.createAccount();
    const ruleId = await addRule(mine.workspaceId, {
      actionWebhookUrl: 'http://127.0.0.1:9/interno',
      matchLogContent: 'falha grave',
    });
    await writeLogs(mine.workspaceId, ['falha grave no passo 3']);
    t.clock.advance(61_000);
    await dispatcher.runOnce();
    const [firing] = await firingsOf(ruleId);
    expect(firing).toMatchObject({ state: 'failed', attempts: 1 });
    expect(firing!.resultMessage).toContain('Endereço bloqueado pela proteção de rede: 127.0.0.1');
  });

  it('without an account the instance SMTP sends (outside the guard); with none configured the firing fails', async () => {
    const mine = await t.createAccount();
    const noSmtpRule = await addRule(mine.workspaceId, {
      name: 'Sem servidor',
      action: 'email',
      actionEmailTo: 'ops@exemplo.com.br',
      matchLogContent: 'sem smtp',
    });
    await writeLogs(mine.workspaceId, ['sem smtp aqui']);
    t.clock.advance(61_000);
    await dispatcher.runOnce();
    expect(await firingsOf(noSmtpRule)).toMatchObject([
      { state: 'failed', attempts: 1, resultMessage: messages.alertRules.noSmtp },
    ]);

    const instance = createAlertDelivery({
      db: t.database.db,
      now: t.clock.now,
      http,
      // A guard that opens nothing: the instance SMTP is the operator's, not judged by it.
      network: { guard: createNetworkGuard([]) },
      accounts: { getDecrypted: async () => undefined },
      smtp: {
        host: smtp.host,
        port: smtp.port,
        secure: false,
        ...login,
        from: 'ponte@exemplo.com.br',
      },
      baseUrl,
      onError: (error) => errors.push(error),
    });
    const ruleId = await addRule(mine.workspaceId, {
      name: 'SMTP da instalação',
      action: 'email',
      actionEmailTo: 'ops@exemplo.com.br, dev@exemplo.com.br',
      matchLogContent: 'pela instalação',
    });
    await writeLogs(mine.workspaceId, ['enviado pela instalação']);
    t.clock.advance(61_000);
    await instance.runOnce();
    await instance.stop();
    const [mail] = mailsAbout('SMTP da instalação');
    expect(mail!.headers.from).toContain('ponte@exemplo.com.br');
    expect(mail!.headers.to).toContain('dev@exemplo.com.br');
    expect(await firingsOf(ruleId)).toMatchObject([{ state: 'sent' }]);
  });
});
