import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startSlackStandIn,
  type SlackStandIn,
} from '../apps/server/src/test/stand-ins/slack-web-api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import {
  choose,
  connectNodes,
  dropConnector,
  runToSelected,
  selectNode,
} from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, adminPage, newAccountForm } from './support/session';
import { until } from './support/until';

// Slack is a stand-in of its documented Web API and OAuth v2 (https://api.slack.com/methods,
// https://api.slack.com/authentication/oauth-v2) on 127.0.0.8, the one address the guard opens
// here. No Slack client in the environment: the workspace's app is created in the form.
const token = 'xoxb-token-e2e';

describe.skipIf(!hasChromium)(
  'Jornada do conector Slack: app, autorização, canal, execução',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let slack: SlackStandIn;

    beforeAll(async () => {
      slack = await startSlackStandIn('127.0.0.8', token);
      server = await startServer({
        ...admin,
        PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.8/32',
        PONTE_OAUTH_SLACK_URL: slack.url,
      });
      browser = await launchBrowser();
      page = await adminPage(server, browser);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await slack?.close();
    });

    it('cria o app e a conta, autoriza no Slack, escolhe o canal da lista e vê a mensagem na Saída', async () => {
      const form = await newAccountForm(server, page, /^Slack \(OAuth2\)/);

      const guide = form.getByRole('region', { name: 'Configurar app do Slack' });
      await guide
        .getByText(`${server.url}/account/v1/service-accounts/oauth2/return`, { exact: true })
        .waitFor();
      await guide.getByLabel(/^Client ID/).fill('123.456');
      await guide.getByLabel(/^Client secret/).fill('segredo-do-app');
      await snap(page, 'slack-01-app');
      await guide.getByRole('button', { name: 'Salvar app do Slack' }).click();
      await expectToast(
        page,
        'App OAuth do Slack salvo. Salve a conta e use "Autorizar conta" na lista.',
      );
      await form.getByText('123.456', { exact: true }).waitFor();

      await form.getByRole('textbox', { name: /^Nome/ }).fill('Slack da loja');
      await form.getByLabel(/^Segredo de assinatura/).fill('8f742231b10e8888abcd99yyyzzz85a5');
      await form.getByRole('textbox', { name: /^URL da API/ }).fill(`${slack.url}/api`);
      await form.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expectToast(page, 'Conta de serviço salva com sucesso');

      const account = page.getByRole('row', { name: /Slack da loja/ });
      await account.getByRole('button', { name: 'Autorizar conta' }).click();
      // The stand-in consents at once and sends the browser back through Ponte's return route.
      await page.waitForURL(/\/oauth2\/callback\?/);
      await page.waitForURL('**/service-accounts');
      await expectToast(page, 'Conta autorizada com sucesso!');
      await account.getByRole('button', { name: 'Reautorizar conta' }).waitFor();
      const consent = slack.calls.find((c) => c.path === '/oauth/v2/authorize');
      expect(consent?.body).toMatchObject({
        client_id: '123.456',
        redirect_uri: `${server.url}/account/v1/service-accounts/oauth2/return`,
      });
      expect(slack.calls.find((c) => c.path === '/api/oauth.v2.access')?.body).toMatchObject({
        code: 'slack-code',
      });

      await page.goto(`${server.url}/flows/new`);
      await page.getByText('Total de conectores: 0').waitFor();
      const trigger = await dropConnector(page, 'Manual Trigger', { x: 140, y: 220 });
      const node = await dropConnector(page, 'Slack', { x: 420, y: 220 });
      await connectNodes(page, trigger, 'default', node);
      await selectNode(page, node);
      const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
      await choose(page, 'Conta de serviço', 'Slack da loja (Slack (OAuth2))');
      await expect
        .poll(() => panel.getByRole('combobox', { name: 'Operação' }).inputValue())
        .toBe('Mensagem → Enviar');

      // The list is Slack's, through the account: its three pages, with the second one's channel.
      await panel.getByRole('button', { name: 'Escolher Canal da lista' }).click();
      const picked = page.getByRole('option', { name: /#canal-2/ });
      await page.getByRole('option', { name: /#canal-3/ }).waitFor();
      await snap(page, 'slack-02-canais');
      await picked.click();
      const channel = panel.getByRole('textbox', { name: /^Canal/ });
      expect(await channel.inputValue()).toBe('C2');
      await panel.getByText('Escolhido: #canal-2').waitFor();
      await panel.getByRole('textbox', { name: /^Texto/ }).fill('Pedido 42 aprovado');

      await runToSelected(page, 'Aviso no Slack', 'Slack');
      const sent = await until(
        async () => slack.calls.find((c) => c.path === '/api/chat.postMessage') ?? false,
        'a mensagem no Slack',
      );
      expect(sent.authorization).toBe(`Bearer ${token}`);
      expect(sent.body).toEqual({ channel: 'C2', text: 'Pedido 42 aprovado' });
      await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
      const output = panel.getByRole('tabpanel');
      await output.getByText('1764000001.000100').first().waitFor();
      await output.getByText('Pedido 42 aprovado').first().waitFor();
      await snap(page, 'slack-03-saida');
    });
  },
);
