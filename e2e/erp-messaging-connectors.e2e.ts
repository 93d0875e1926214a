import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startBlingStandIn,
  type BlingStandIn,
} from '../apps/server/src/test/stand-ins/bling-api-v3';
import {
  startSankhyaStandIn,
  type SankhyaStandIn,
} from '../apps/server/src/test/stand-ins/sankhya-gateway';
import {
  startWhatsAppStandIn,
  type WhatsAppStandIn,
} from '../apps/server/src/test/stand-ins/whatsapp-cloud-api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { choose, newFlowWith, runToSelected } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, adminPage, newAccountForm } from './support/session';
import { until } from './support/until';

// The services are stand-ins of their documented contracts, on the addresses the guard opens
// here: Bling's API v3 (https://developer.bling.com.br/referencia) and its OAuth 2.0
// authorisation (https://developer.bling.com.br/aplicativos#autorização) on 127.0.0.20, the
// WhatsApp Business Cloud API
// (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages) on 127.0.0.21,
// Sankhya Om's gateway (https://developer.sankhya.com.br/reference/post_login-1,
// https://developer.sankhya.com.br/reference/get_loadrecords) on 127.0.0.22.
const blingToken = 'token-de-acesso-bling-e2e';
const blingApp = { clientId: 'cliente-bling-e2e', clientSecret: 'segredo-do-app-bling' };
const whatsapp = { token: 'EAAG-token-e2e', phone: '106540352242922' };
const sankhyaKeys = {
  token: 'c0ffee00-token-do-gateway',
  appkey: 'app-key-parceiro',
  username: 'integracao@padaria.com.br',
  password: 'senha-forte',
};

describe.skipIf(!hasChromium)(
  'Jornadas de Bling, WhatsApp e Sankhya: conta, operação, execução',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let bling: BlingStandIn;
    let meta: WhatsAppStandIn;
    let sankhya: SankhyaStandIn;

    beforeAll(async () => {
      bling = await startBlingStandIn('127.0.0.20', blingToken);
      meta = await startWhatsAppStandIn('127.0.0.21', whatsapp.token, whatsapp.phone);
      sankhya = await startSankhyaStandIn('127.0.0.22', sankhyaKeys);
      server = await startServer({
        ...admin,
        PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.20/32,127.0.0.21/32,127.0.0.22/32',
        PONTE_OAUTH_BLING_URL: bling.origin,
      });
      // The app as the company registered it in Bling, with Ponte's return as its redirect link.
      bling.registerApp({
        ...blingApp,
        redirectUri: `${server.url}/account/v1/service-accounts/oauth2/return`,
      });
      browser = await launchBrowser();
      page = await adminPage(server, browser);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await bling?.close();
      await meta?.close();
      await sankhya?.close();
    });

    it('cria a conta OAuth2 do Bling, autoriza no Bling, lista os pedidos de venda e os vê na Saída', async () => {
      const orders = bling.records.get('pedidos/vendas')!;
      orders.set(16219735350, {
        id: 16219735350,
        numero: 4201,
        total: 159.9,
        contato: { nome: 'Padaria Pão Quente' },
      });
      orders.set(16219735351, {
        id: 16219735351,
        numero: 4202,
        total: 89.5,
        contato: { nome: 'Mercado Bom Preço' },
      });

      const form = await newAccountForm(server, page, 'OAuth2');
      await form.getByRole('textbox', { name: /^Nome/ }).fill('Bling da loja');
      await form.getByRole('combobox', { name: /^Serviço/ }).click();
      await page.getByRole('option', { name: 'Bling ERP', exact: true }).click();
      await form.getByRole('textbox', { name: /^ID do cliente/ }).fill(blingApp.clientId);
      await form.getByLabel(/^Segredo do cliente/).fill(blingApp.clientSecret);
      // Bling's addresses, grant and scopes are its own: the form does not ask them.
      for (const custom of ['URL de autorização', 'URL do token', 'Tipo de concessão', 'Escopos'])
        expect(await form.getByText(custom).count()).toBe(0);
      await form.getByRole('textbox', { name: /^URL da API/ }).fill(bling.url);
      await snap(page, 'bling-01-conta');
      await form.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expectToast(page, 'Conta de serviço salva com sucesso');

      const account = page.getByRole('row', { name: /Bling da loja/ });
      await account.getByRole('button', { name: 'Autorizar conta' }).click();
      // The stand-in consents at once and sends the browser back through Ponte's return route.
      await page.waitForURL(/\/oauth2\/callback\?/);
      await page.waitForURL('**/service-accounts');
      await expectToast(page, 'Conta autorizada com sucesso!');
      await account.getByRole('button', { name: 'Reautorizar conta' }).waitFor();
      const consent = bling.calls.find((c) => c.url.startsWith('/Api/v3/oauth/authorize?'));
      const asked = new URL(consent!.url, bling.origin).searchParams;
      expect(asked.get('response_type')).toBe('code');
      expect(asked.get('client_id')).toBe(blingApp.clientId);
      expect(asked.get('state')).toBeTruthy();
      const exchange = bling.calls.find((c) => c.url === '/Api/v3/oauth/token');
      expect(exchange?.authorization).toBe(
        `Basic ${Buffer.from(`${blingApp.clientId}:${blingApp.clientSecret}`).toString('base64')}`,
      );
      expect(exchange?.body).toMatchObject({
        grant_type: 'authorization_code',
        code: 'bling-code-1',
      });

      const panel = await newFlowWith(page, server.url, 'Bling');
      await choose(page, 'Conta de serviço', 'Bling da loja (OAuth2)');
      await expect
        .poll(() => panel.getByRole('combobox', { name: 'Operação' }).inputValue())
        .toBe('Pedido de venda → Listar');
      await snap(page, 'bling-02-painel');

      await runToSelected(page, 'Pedidos do Bling', 'Bling');
      const listed = await until(
        async () => bling.calls.find((c) => c.url.startsWith('/Api/v3/pedidos/vendas')) ?? false,
        'a listagem de pedidos no Bling',
      );
      expect(listed).toMatchObject({
        method: 'GET',
        url: '/Api/v3/pedidos/vendas?pagina=1&limite=100',
        authorization: `Bearer ${blingToken}`,
      });
      await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
      // The list is one message's payload: each order becomes a row of the table.
      const output = panel.getByRole('tabpanel');
      await output.getByText('Linhas de payload', { exact: true }).click();
      await output.getByText('Padaria Pão Quente', { exact: true }).waitFor();
      await output.getByText('4202', { exact: true }).waitFor();
      const customer = output.getByText('Mercado Bom Preço', { exact: true });
      await customer.waitFor();
      await customer.scrollIntoViewIfNeeded();
      await snap(page, 'bling-03-saida');
    });

    it('cria a conta do WhatsApp, testa, envia um texto a um número +55 e vê o wamid na Saída', async () => {
      const form = await newAccountForm(server, page, 'WhatsApp Business (Cloud API)');
      await form.getByRole('textbox', { name: /^Nome/ }).fill('WhatsApp da loja');
      await form.getByLabel(/^Token de acesso/).fill(whatsapp.token);
      await form.getByRole('textbox', { name: /^ID do número de telefone/ }).fill(whatsapp.phone);
      await form.getByLabel(/^Segredo do aplicativo/).fill('segredo-do-app-meta');
      await form.getByRole('textbox', { name: /^URL da API/ }).fill(meta.url);
      await snap(page, 'whatsapp-01-conta');
      await form.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expectToast(page, 'Conta de serviço salva com sucesso');
      const account = page.getByRole('row', { name: /WhatsApp da loja/ });
      await account.getByRole('button', { name: 'Testar conexão' }).click();
      await expectToast(
        page,
        'Conexão bem-sucedida com o WhatsApp: número +55 11 4003-0000 (Loja Exemplo).',
      );
      await account.getByText('Conectada').waitFor();

      const panel = await newFlowWith(page, server.url, 'WhatsApp');
      await choose(page, 'Conta de serviço', 'WhatsApp da loja (WhatsApp Business (Cloud API))');
      await expect
        .poll(() => panel.getByRole('combobox', { name: 'Operação' }).inputValue())
        .toBe('Mensagem → Enviar texto');
      await panel.getByRole('textbox', { name: /^Para/ }).fill('+55 (11) 91234-5678');
      await panel
        .getByRole('textbox', { name: /^Texto/ })
        .fill('Seu pedido 4201 saiu para entrega');
      await snap(page, 'whatsapp-02-painel');

      await runToSelected(page, 'Aviso no WhatsApp', 'WhatsApp');
      const sent = await until(
        async () => meta.calls.find((c) => c.path.endsWith('/messages')) ?? false,
        'a mensagem no WhatsApp',
      );
      expect(sent).toEqual({
        method: 'POST',
        path: `/v23.0/${whatsapp.phone}/messages`,
        authorization: `Bearer ${whatsapp.token}`,
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '5511912345678',
          type: 'text',
          text: { body: 'Seu pedido 4201 saiu para entrega' },
        },
      });
      await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
      // The id is in the table's 'payload.messages' column, past the panel's edge: scrolled to.
      const id = panel.getByRole('tabpanel').getByText('wamid.standin1');
      await id.waitFor();
      await id.scrollIntoViewIfNeeded();
      await snap(page, 'whatsapp-03-saida');
    });

    it('cria a conta de parceiro da Sankhya, testa o login, busca todos os parceiros e os vê na Saída', async () => {
      const form = await newAccountForm(server, page, 'Sankhya (parceiro)');
      await form.getByRole('textbox', { name: /^Nome/ }).fill('Sankhya da padaria');
      await form.getByRole('textbox', { name: /^Chave do aplicativo/ }).fill(sankhyaKeys.appkey);
      await form.getByLabel(/^Token/).fill(sankhyaKeys.token);
      await form.getByRole('textbox', { name: /^Usuário/ }).fill(sankhyaKeys.username);
      await form.getByLabel(/^Senha/).fill(sankhyaKeys.password);
      await form.getByRole('textbox', { name: /^URL da API/ }).fill(sankhya.url);
      await snap(page, 'sankhya-01-conta');
      await form.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expectToast(page, 'Conta de serviço salva com sucesso');
      const account = page.getByRole('row', { name: /Sankhya da padaria/ });
      await account.getByRole('button', { name: 'Testar conexão' }).click();
      await expectToast(page, 'Conexão bem-sucedida com a Sankhya: login aceito.');
      await account.getByText('Conectada').waitFor();

      const panel = await newFlowWith(page, server.url, 'Sankhya');
      await choose(page, 'Conta de serviço', 'Sankhya da padaria (Sankhya (parceiro))');
      await expect
        .poll(() => panel.getByRole('combobox', { name: 'Operação' }).inputValue())
        .toBe('Registro → Buscar');
      await panel.getByRole('textbox', { name: /^Entidade/ }).fill('Parceiro');
      await panel.getByRole('textbox', { name: /^Campos/ }).fill('CODPARC, NOMEPARC');
      await panel.getByRole('switch', { name: 'Buscar todos' }).check();
      await snap(page, 'sankhya-02-painel');

      const logins = sankhya.logins.length;
      await runToSelected(page, 'Parceiros da Sankhya', 'Sankhya');
      // The gateway pages 3 partners at a time: 7 partners are three calls on one session.
      const loads = await until(async () => {
        const made = sankhya.calls.filter((c) => c.service === 'CRUDServiceProvider.loadRecords');
        return made.length === 3 ? made : false;
      }, 'as três páginas de parceiros na Sankhya');
      expect(sankhya.logins.slice(logins)).toEqual([sankhyaKeys]);
      expect(loads.map((c) => c.body.requestBody?.dataSet?.offsetPage)).toEqual(['0', '1', '2']);
      expect(loads[0]!.body.requestBody?.dataSet).toMatchObject({
        rootEntity: 'Parceiro',
        entity: { fieldset: { list: 'CODPARC,NOMEPARC' } },
      });
      expect(new Set(loads.map((c) => c.bearer)).size).toBe(1);
      await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
      const output = panel.getByRole('tabpanel');
      await output.getByText('Linhas de payload', { exact: true }).click();
      await output.getByText('PARCEIRO 1', { exact: true }).waitFor();
      await output.getByText('PARCEIRO 7', { exact: true }).waitFor();
      await snap(page, 'sankhya-03-saida');
    });
  },
);
