import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { startSmtpTestServer } from '../apps/server/src/test/smtp-test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiClient, createFlow, type Call } from './support/api';
import { hasChromium, launchBrowser, snap, expectToast } from './support/browser';
import { choose, connectNodes, dropConnector, selectNode } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

/** Local servers listen on 127.0.0.2; the Ponte under test may reach that address only. */
const localHost = '127.0.0.2';
const smtpLogin = { username: 'financeiro', password: 'senha-do-smtp' };

/** A host of the flow author's own, which the guard also lets through in the journey. */
const otherHost = '127.0.0.3';

/** The service's API on 127.0.0.2 and the author's server on 127.0.0.3: what each was sent. */
async function startReceivers() {
  const seen = { api: [] as string[], collector: [] as string[] };
  const start = (host: string, into: string[]) =>
    new Promise<Server>((resolve) => {
      const server = createServer((request, response) => {
        into.push(request.headers.authorization ?? '');
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      server.listen(0, host, () => resolve(server));
    });
  const api = await start(localHost, seen.api);
  const collector = await start(otherHost, seen.collector);
  const urlOf = (server: Server, host: string) =>
    `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    apiUrl: urlOf(api, localHost),
    collectorUrl: urlOf(collector, otherHost),
    close: () =>
      Promise.all(
        [api, collector].map(
          (server) => new Promise((resolve) => server.close(() => resolve(undefined))),
        ),
      ),
  };
}

/** Waits until no CSS transition runs: a modal opening or closing is not caught half-way. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** Closes the open form with Esc; a form with changes asks first, and is left unsaved. */
async function closeUnsaved(page: Page) {
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Sair do editor?' })
    .getByRole('button', { name: 'Sair sem salvar' })
    .click();
  await settled(page);
}

async function newPage(browser: Browser, width: number, height: number) {
  const page = await browser.newPage({ viewport: { width, height }, locale: 'pt-BR' });
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

async function openNewForm(page: Page, type: string) {
  await page.getByRole('button', { name: 'Criar conta de serviço' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova conta de serviço' });
  await dialog.getByRole('combobox', { name: /^Tipo de autenticação/ }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  return dialog;
}

/** An account's table row, or its card on a phone. */
function row(page: Page, name: string) {
  return page
    .getByRole('row', { name: new RegExp(name) })
    .or(page.getByRole('listitem').filter({ hasText: name }));
}

describe.skipIf(!hasChromium)('Contas de serviço: as telas em 1440 e 390 px', () => {
  let server: RunningServer;
  let browser: Browser;
  let call: Call;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    const page = await newPage(browser, 1440, 900);
    call = apiClient(server, await signInAsAdmin(server, page));
    await page.close();
    const accounts = [
      {
        name: 'SMTP do financeiro',
        auth_type: 'smtp_account',
        smtp_account: { host: 'smtp.exemplo.com.br', port: 587, ...smtpLogin, secure: false },
      },
      {
        name: 'Bling da loja',
        auth_type: 'oauth2',
        oauth2: {
          service_type: 'bling_erp_oauth2',
          client_id: 'cliente-bling',
          client_secret: 'segredo-bling',
          grant_type: 'authorization_code',
        },
      },
      {
        name: 'Chaves do parceiro',
        auth_type: 'gpg_auth',
        gpg_auth: { fingerprint: 'ABCD 1234 EF56 7890', verify_server_signature: true },
      },
      {
        name: 'Banco do ERP',
        auth_type: 'database_uri',
        database_uri: { uri: 'postgres://u:s@db/erp' },
      },
    ];
    for (const body of accounts) {
      const created = await call('POST', '/api/v1/service-accounts', body);
      expect(created.status).toBe(201);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [width, height, size] of [
    [1440, 900, 'desktop'],
    [390, 844, 'celular'],
  ] as const) {
    it(`mostra a lista, os formulários, o token e o erro do retorno (${size})`, async () => {
      const page = await newPage(browser, width, height);
      // On a phone the whole page is long: a modal reads best in the viewport alone.
      const modalShot = { fullPage: size === 'desktop' };
      await signInAsAdmin(server, page);
      await page.goto(`${server.url}/service-accounts`);
      await page.getByText('SMTP do financeiro').first().waitFor();
      await page.getByText('Autorizar conta').first().waitFor();
      await snap(page, `service-accounts-01-lista-${size}`);

      await page.getByRole('button', { name: 'Criar conta de serviço' }).first().click();
      await page
        .getByRole('dialog', { name: 'Nova conta de serviço' })
        .getByRole('combobox', { name: /^Tipo de autenticação/ })
        .click();
      const slack = page.getByRole('option', { name: /^Slack/ });
      await slack.waitFor();
      // Not set up on this server: the option says choosing it shows how to create the app (or
      // what the server's environment takes instead).
      expect(await slack.textContent()).toContain(
        'Precisa de um app OAuth do Slack: ao escolher este tipo, o formulário mostra como criá-lo',
      );
      expect(await slack.textContent()).toContain(
        'defina PONTE_OAUTH_SLACK_CLIENT_ID e PONTE_OAUTH_SLACK_CLIENT_SECRET no servidor do Ponte',
      );
      await settled(page);
      await snap(page, `service-accounts-02-tipos-${size}`, modalShot);
      await page.getByRole('option', { name: 'Conta SMTP', exact: true }).click();
      await page.getByRole('textbox', { name: /^Nome/ }).fill('SMTP de avisos');
      await settled(page);
      await snap(page, `service-accounts-03-form-smtp-${size}`, modalShot);
      await closeUnsaved(page);

      await row(page, 'SMTP do financeiro').getByRole('button', { name: 'Editar' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar conta de serviço' });
      await edit.getByText('Valor salvo — deixe em branco para manter').waitFor();
      await settled(page);
      await snap(page, `service-accounts-04-editar-smtp-${size}`, modalShot);
      await page.keyboard.press('Escape');

      await openNewForm(page, 'OAuth2');
      await settled(page);
      await snap(page, `service-accounts-05-form-oauth2-${size}`, modalShot);
      await closeUnsaved(page);
      await openNewForm(page, 'GPG');
      await settled(page);
      await snap(page, `service-accounts-06-form-gpg-${size}`, modalShot);
      await closeUnsaved(page);
      const bearer = await openNewForm(page, 'Bearer token');
      await bearer.getByRole('textbox', { name: /^Nome/ }).fill('API de pedidos');
      await bearer.getByRole('textbox', { name: /^URL/ }).fill('https://api.exemplo.com.br/v1');
      await bearer
        .getByRole('textbox', { name: /^Domínios$/ })
        .fill('pagamentos.exemplo.com.br, *.erp.com.br');
      await bearer.getByText('Já incluídos: api.exemplo.com.br.', { exact: false }).waitFor();
      await settled(page);
      await snap(page, `service-accounts-06b-form-bearer-dominios-${size}`, modalShot);
      await closeUnsaved(page);

      const form = await openNewForm(page, 'Token da API do Ponte');
      await form.getByRole('textbox', { name: /^Nome/ }).fill(`Painel (${size})`);
      await form.getByRole('button', { name: 'Salvar' }).click();
      const shown = page.getByRole('dialog', { name: 'Token da API criado' });
      await shown.getByText(/^pnt_/).waitFor();
      await page
        .getByRole('dialog', { name: 'Nova conta de serviço' })
        .waitFor({ state: 'hidden' });
      await settled(page);
      await snap(page, `service-accounts-07-token-${size}`, modalShot);
      await shown.getByRole('button', { name: 'Concluir' }).click();

      await page.goto(`${server.url}/oauth2/callback?state=abc_def`);
      await page.waitForURL('**/service-accounts');
      await expectToast(page, 'Erro ao autorizar conta: Dados de retorno inválidos');
      await snap(page, `service-accounts-08-retorno-invalido-${size}`);
      await page.close();
    });
  }
});

describe.skipIf(!hasChromium)('Jornada das contas de serviço: SMTP e OAuth2 de verdade', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let oauth: OAuth2Server;
  let receivers: Awaited<ReturnType<typeof startReceivers>>;

  beforeAll(async () => {
    smtp = await startSmtpTestServer(smtpLogin);
    oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    await oauth.start(0, localHost);
    // The mock names itself 'localhost'; the browser and Ponte reach it at 127.0.0.2.
    oauth.issuer.url = `http://${localHost}:${new URL(oauth.issuer.url ?? '').port}`;
    receivers = await startReceivers();
    server = await startServer({
      ...admin,
      PONTE_HTTP_ALLOWED_NETWORKS: `${localHost}/32,${otherHost}/32`,
    });
    browser = await launchBrowser();
    page = await newPage(browser, 1440, 900);
    call = apiClient(server, await signInAsAdmin(server, page));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await oauth?.stop();
    await receivers?.close();
  });

  it('cria uma conta SMTP, testa, e um flow Manual Trigger → Enviar e-mail entrega a mensagem', async () => {
    await page.goto(`${server.url}/service-accounts`);
    await page.getByText('Nenhuma conta de serviço criada ainda.').waitFor();
    const form = await openNewForm(page, 'Conta SMTP');
    await form.getByRole('textbox', { name: /^Nome/ }).fill('SMTP de testes');
    await form.getByRole('textbox', { name: /^Servidor \(host\)/ }).fill(localHost);
    await form.getByRole('textbox', { name: /^Porta/ }).fill(String(smtp.port));
    await form.getByRole('textbox', { name: /^Usuário/ }).fill(smtpLogin.username);
    await form.getByLabel(/^Senha/).fill(smtpLogin.password);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Conta de serviço salva com sucesso');

    await row(page, 'SMTP de testes').getByRole('button', { name: 'Testar conexão' }).click();
    await row(page, 'SMTP de testes').getByText('Conectada').waitFor();
    await snap(page, 'service-accounts-10-smtp-testada');

    // The guard still refuses every other local address: a server at 127.0.0.1 is not reached.
    const blocked = await call('POST', '/api/v1/service-accounts', {
      name: 'SMTP bloqueado',
      auth_type: 'smtp_account',
      smtp_account: { host: '127.0.0.1', port: smtp.port, ...smtpLogin, secure: false },
    });
    expect(blocked.status).toBe(201);
    await page.reload();
    await row(page, 'SMTP bloqueado').getByRole('button', { name: 'Testar conexão' }).click();
    await row(page, 'SMTP bloqueado').getByText('Falhou').waitFor();

    await page.goto(`${server.url}/flows/new`);
    await page.getByText('Total de conectores: 0').waitFor();
    const trigger = await dropConnector(page, 'Manual Trigger', { x: 140, y: 220 });
    const mail = await dropConnector(page, 'Enviar e-mail', { x: 420, y: 220 });
    await connectNodes(page, trigger, 'default', mail);
    await selectNode(page, mail);
    await choose(page, 'Conta SMTP', 'SMTP de testes (Conta SMTP)');
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await panel.getByRole('textbox', { name: /^Para/ }).fill('cliente@exemplo.com.br');
    await panel.getByRole('textbox', { name: /^Assunto/ }).fill('Boleto de novembro');
    await panel.getByRole('textbox', { name: /^Corpo em texto/ }).fill('Segue o boleto.');
    await snap(page, 'service-accounts-11-flow-enviar-email');
    await page.getByLabel('Nome do flow').fill('Aviso de boleto');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Fluxo salvo com sucesso');
    // A new flow's first save moves the editor to the flow's address; the same editor goes on.
    await page.waitForURL(/fromNew=true/);
    await page.getByText('Total de conectores: 2').waitFor();
    await page.getByRole('button', { name: 'Executar', exact: true }).click();
    const run = page.getByRole('dialog', { name: 'Executar Flow' });
    await run.getByRole('button', { name: 'Executar' }).click();
    const message = await until(
      async () => smtp.received[0]?.raw ?? false,
      'o e-mail no servidor SMTP',
    );
    expect(message).toContain('Subject: Boleto de novembro');
    expect(message).toContain('Segue o boleto.');

    // The list now counts the flow that uses the account.
    await page.goto(`${server.url}/service-accounts`);
    await row(page, 'SMTP de testes').getByRole('cell', { name: '1', exact: true }).waitFor();
  });

  let bearerTry = 0;
  it('uma conta Bearer só vai ao próprio endereço até a pessoa listar outro domínio', async () => {
    // A name of its own on each try: a retry starts from what the first try left behind.
    const name = `API de pedidos ${++bearerTry}`;
    receivers.seen.collector.length = 0;
    const secret = 'tok-e2e-da-api-de-pedidos';
    await page.goto(`${server.url}/service-accounts`);
    const form = await openNewForm(page, 'Bearer token');
    await form.getByRole('textbox', { name: /^Nome/ }).fill(name);
    await form.getByLabel(/^Token/).fill(secret);
    await form.getByRole('textbox', { name: /^URL/ }).fill(receivers.apiUrl);
    await form.getByText(`Já incluídos: ${localHost}.`, { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Conta de serviço salva com sucesso');

    const listed = await call('GET', '/api/v1/service-accounts?limit=1000');
    const account = (listed.body.items as { _id: string; name: string }[]).find(
      (item) => item.name === name,
    )!;
    const flowId = await createFlow(call, `Coleta ${bearerTry}`, [
      { type: 'core_manual_trigger' },
      {
        type: 'core_http_request',
        params: { url: `${receivers.collectorUrl}/coleta`, service_account: account._id },
      },
    ]);
    const runToEnd = async () => {
      const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, {});
      expect(started.status).toBe(200);
      return until(
        async () => {
          const list = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=50');
          const items = list.body.items as {
            data: { execution_id: string; status: string; error: string | null };
          }[];
          return (
            items.find((item) => item.data.execution_id === started.body.execution_id)?.data ??
            false
          );
        },
        'a execução terminar',
        60_000,
      );
    };
    const refused = await runToEnd();
    expect(refused.status).toBe('error');
    expect(refused.error).toContain(`A conta de serviço "${name}" só pode ser usada com`);
    expect(receivers.seen.collector).toEqual([]);

    await row(page, name).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar conta de serviço' });
    await edit.getByRole('textbox', { name: /^Domínios$/ }).fill(otherHost);
    await settled(page);
    await snap(page, 'service-accounts-12b-bearer-outro-dominio');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Conta de serviço salva com sucesso');

    expect((await runToEnd()).status).toBe('success');
    expect(receivers.seen.collector).toEqual([`Bearer ${secret}`]);
  });

  it("autoriza uma conta OAuth2 no servidor local e volta com 'Reautorizar conta'", async () => {
    await page.goto(`${server.url}/service-accounts`);
    const form = await openNewForm(page, 'OAuth2');
    await form.getByRole('textbox', { name: /^Nome/ }).fill('API do parceiro');
    await form.getByRole('combobox', { name: /^Serviço/ }).click();
    await page.getByRole('option', { name: 'Personalizado', exact: true }).click();
    await form
      .getByRole('textbox', { name: /^URL de autorização/ })
      .fill(`${oauth.issuer.url}/authorize`);
    await form.getByRole('textbox', { name: /^URL do token/ }).fill(`${oauth.issuer.url}/token`);
    await form.getByRole('textbox', { name: /^ID do cliente/ }).fill('cliente-ponte');
    await form.getByLabel(/^Segredo do cliente/).fill('segredo-do-cliente');
    await form.getByRole('combobox', { name: /^Tipo de concessão/ }).click();
    await page.getByRole('option', { name: 'authorization_code', exact: true }).click();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Conta de serviço salva com sucesso');

    await row(page, 'API do parceiro').getByRole('button', { name: 'Autorizar conta' }).click();
    // The local server consents at once and sends the browser back through Ponte's return route.
    await page.waitForURL(/\/oauth2\/callback\?/);
    await page.waitForURL('**/service-accounts');
    await expectToast(page, 'Conta autorizada com sucesso!');
    await row(page, 'API do parceiro').getByRole('button', { name: 'Reautorizar conta' }).waitFor();
    await snap(page, 'service-accounts-12-oauth2-autorizada');
  });
});
