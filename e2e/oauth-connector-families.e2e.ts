import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startGoogleStandIn,
  type GoogleStandIn,
} from '../apps/server/src/test/stand-ins/google-apis';
import {
  startTrelloStandIn,
  type TrelloStandIn,
} from '../apps/server/src/test/stand-ins/trello-api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { choose, newFlowWith, runToSelected } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, adminPage, newAccountForm } from './support/session';
import { until } from './support/until';

// The OAuth families whose consent is a page of the vendor, each a stand-in of its documented
// contract, on the only addresses the guard opens here:
// - Trello on 127.0.0.10: the authorize page that answers the token in the URL fragment
//   (https://developer.atlassian.com/cloud/trello/guides/rest-api/authorization/) and the REST
//   API (https://developer.atlassian.com/cloud/trello/rest/), key and token on every call;
// - Google on 127.0.0.11: OAuth 2.0 for web server apps
//   (https://developers.google.com/identity/protocols/oauth2/web-server), Drive v3 files.list and
//   Sheets v4 (https://developers.google.com/sheets/api/reference/rest), a Bearer token.
// No vendor client in the environment: each workspace app is created in the account form.
const trelloKey = 'chave-do-power-up';
const trelloToken = 'token-do-membro-e2e';
const googleToken = 'ya29.token-e2e';

describe.skipIf(!hasChromium)(
  'Jornadas dos conectores OAuth: Trello e Google Sheets, do app à Saída',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let trello: TrelloStandIn;
    let google: GoogleStandIn;

    beforeAll(async () => {
      trello = await startTrelloStandIn('127.0.0.10', trelloKey, trelloToken);
      google = await startGoogleStandIn('127.0.0.11', googleToken);
      const trelloRoot = new URL(trello.url).origin;
      server = await startServer({
        ...admin,
        PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.10/32,127.0.0.11/32',
        PONTE_OAUTH_TRELLO_URL: trelloRoot,
        PONTE_TRELLO_API_URL: trelloRoot,
        PONTE_OAUTH_GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
        PONTE_OAUTH_GOOGLE_TOKEN_URL: `${google.url}/token`,
        PONTE_GOOGLE_API_URL: google.url,
      });
      browser = await launchBrowser();
      page = await adminPage(server, browser);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await trello?.close();
      await google?.close();
    });

    it('cria o app do Trello e a conta, autoriza com o token no fragmento, escolhe quadro e lista e vê o cartão na Saída', async () => {
      const form = await newAccountForm(server, page, /^Trello \(OAuth\)/);

      const guide = form.getByRole('region', { name: 'Configurar app do Trello' });
      // Trello's Power-Up lists this Ponte as an allowed origin, not a redirect address.
      await guide.getByText('Origem permitida', { exact: true }).waitFor();
      await guide.getByText(server.url, { exact: true }).waitFor();
      await guide.getByLabel(/^Chave de API/).fill(trelloKey);
      await snap(page, 'trello-01-app');
      await guide.getByRole('button', { name: 'Salvar app do Trello' }).click();
      await expectToast(
        page,
        'App OAuth do Trello salvo. Salve a conta e use "Autorizar conta" na lista.',
      );
      await form.getByText(trelloKey, { exact: true }).waitFor();

      await form.getByRole('textbox', { name: /^Nome/ }).fill('Trello da loja');
      await form.getByRole('textbox', { name: /^URL da API/ }).fill(trello.url);
      await form.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expectToast(page, 'Conta de serviço salva com sucesso');

      const account = page.getByRole('row', { name: /Trello da loja/ });
      await account.getByRole('button', { name: 'Autorizar conta' }).click();
      // The stand-in allows at once and sends the browser to the callback page with the token
      // in the fragment, which only the page reads.
      await page.waitForURL(/\/oauth2\/callback\?.*#token=/);
      await page.waitForURL('**/service-accounts');
      await expectToast(page, 'Conta autorizada com sucesso!');
      await account.getByRole('button', { name: 'Reautorizar conta' }).waitFor();
      const consent = trello.calls.find((c) => c.path === '/1/authorize');
      expect(consent?.query).toMatchObject({
        key: trelloKey,
        callback_method: 'fragment',
        response_type: 'token',
        scope: 'read,write',
        expiration: 'never',
        name: 'Ponte',
      });
      expect(consent?.query.return_url).toMatch(`${server.url}/oauth2/callback?data=`);

      const panel = await newFlowWith(page, server.url, 'Trello');
      await choose(page, 'Conta de serviço', 'Trello da loja (Trello (OAuth))');
      await expect
        .poll(() => panel.getByRole('combobox', { name: 'Operação' }).inputValue())
        .toBe('Cartão → Criar');

      // The member's boards, then the lists of the board chosen: Trello's, through the account.
      await panel.getByRole('button', { name: 'Escolher Quadro da lista' }).click();
      await page.getByRole('option', { name: /Compras/ }).waitFor();
      await page.getByRole('option', { name: /Pedidos da loja/ }).click();
      expect(await panel.getByRole('textbox', { name: /^Quadro/ }).inputValue()).toBe('B1');
      await panel.getByText('Escolhido: Pedidos da loja').waitFor();
      await panel.getByRole('button', { name: 'Escolher Lista da lista' }).click();
      const picked = page.getByRole('option', { name: /A fazer/ });
      await page.getByRole('option', { name: /Feito/ }).waitFor();
      expect(await page.getByRole('option', { name: /Cotações/ }).count()).toBe(0);
      await snap(page, 'trello-02-listas');
      await picked.click();
      expect(await panel.getByRole('textbox', { name: /^Lista/ }).inputValue()).toBe('L1');
      await panel.getByText(/Escolhido: A fazer$/).waitFor();
      await panel.getByRole('textbox', { name: 'Nome', exact: true }).fill('Pedido 42 — separar');

      await runToSelected(page, 'Cartão no Trello', 'Trello');
      const created = await until(
        async () => trello.calls.find((c) => c.method === 'POST' && c.path === '/1/cards') ?? false,
        'o cartão no Trello',
      );
      expect(created).toMatchObject({
        key: trelloKey,
        token: trelloToken,
        query: { idList: 'L1', name: 'Pedido 42 — separar' },
      });
      await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
      const output = panel.getByRole('tabpanel');
      await output.getByText('Pedido 42 — separar').first().waitFor();
      await output.getByText('https://trello.com/c/aaaaaaa1').first().waitFor();
      await snap(page, 'trello-03-saida');
    });

    it('cria o app do Google e a conta, consente no Google, escolhe planilha e aba e vê a linha na Saída', async () => {
      const rows: unknown[][] = [['Cliente', 'Cidade', 'Total']];
      google.spreadsheets.set('planilha-vendas', new Map([['Vendas 2026', rows]]));
      google.spreadsheets.set('planilha-estoque', new Map([['Estoque', [['Item']]]]));
      const spreadsheet = 'application/vnd.google-apps.spreadsheet';
      google.files.push(
        { id: 'planilha-vendas', name: 'Vendas da loja', mimeType: spreadsheet },
        { id: 'planilha-estoque', name: 'Estoque', mimeType: spreadsheet },
        { id: 'contrato', name: 'Contrato.pdf', mimeType: 'application/pdf' },
      );

      const form = await newAccountForm(server, page, /^Google \(OAuth2\)/);
      const guide = form.getByRole('region', { name: 'Configurar app do Google' });
      await guide
        .getByText(`${server.url}/account/v1/service-accounts/oauth2/return`, { exact: true })
        .waitFor();
      await guide.getByLabel(/^ID do cliente/).fill('cliente-google.apps.googleusercontent.com');
      await guide.getByLabel(/^Chave secreta do cliente/).fill('segredo-google');
      await guide.getByRole('button', { name: 'Salvar app do Google' }).click();
      await expectToast(
        page,
        'App OAuth do Google salvo. Salve a conta e use "Autorizar conta" na lista.',
      );
      await form.getByText('cliente-google.apps.googleusercontent.com', { exact: true }).waitFor();

      await form.getByRole('textbox', { name: /^Nome/ }).fill('Google da loja');
      await form.getByRole('textbox', { name: /^URL da API/ }).fill(google.url);
      await form.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expectToast(page, 'Conta de serviço salva com sucesso');

      const account = page.getByRole('row', { name: /Google da loja/ });
      await account.getByRole('button', { name: 'Autorizar conta' }).click();
      await page.waitForURL(/\/oauth2\/callback\?/);
      await page.waitForURL('**/service-accounts');
      await expectToast(page, 'Conta autorizada com sucesso!');
      await account.getByRole('button', { name: 'Reautorizar conta' }).waitFor();
      const consent = new URL(
        google.calls.find((c) => c.url.startsWith('/o/oauth2/v2/auth'))!.url,
        google.url,
      ).searchParams;
      expect(Object.fromEntries(consent)).toMatchObject({
        client_id: 'cliente-google.apps.googleusercontent.com',
        redirect_uri: `${server.url}/account/v1/service-accounts/oauth2/return`,
        response_type: 'code',
        access_type: 'offline',
      });
      expect(consent.get('scope')).toContain('https://www.googleapis.com/auth/spreadsheets');
      const exchange = new URLSearchParams(google.calls.find((c) => c.url === '/token')!.body);
      expect(exchange.get('client_secret')).toBe('segredo-google');

      const panel = await newFlowWith(page, server.url, 'Google Sheets');
      await choose(page, 'Conta de serviço', 'Google da loja (Google (OAuth2))');
      await expect
        .poll(() => panel.getByRole('combobox', { name: 'Operação' }).inputValue())
        .toBe('Linha → Adicionar');

      // The spreadsheets are Drive's (not the PDF), then the sheets of the one chosen.
      await panel.getByRole('button', { name: 'Escolher Planilha da lista' }).click();
      await page.getByRole('option', { name: /Estoque/ }).waitFor();
      expect(await page.getByRole('option', { name: /Contrato/ }).count()).toBe(0);
      await page.getByRole('option', { name: /Vendas da loja/ }).click();
      expect(await panel.getByRole('textbox', { name: /^Planilha/ }).inputValue()).toBe(
        'planilha-vendas',
      );
      await panel.getByText('Escolhido: Vendas da loja').waitFor();
      await panel.getByRole('button', { name: 'Escolher Aba da lista' }).click();
      await page.getByRole('option', { name: /Vendas 2026/ }).click();
      expect(await panel.getByRole('textbox', { name: /^Aba/ }).inputValue()).toBe('Vendas 2026');
      await panel.getByText(/Escolhido: Vendas 2026$/).waitFor();

      const values = panel.getByRole('table', { name: 'Valores' });
      for (const [index, [column, value]] of [
        ['Cliente', 'Padaria Pão Quente'],
        ['Total', '1.234,56'],
      ].entries()) {
        await panel.getByRole('button', { name: 'Adicionar linha' }).click();
        await values.getByRole('textbox', { name: `Coluna (linha ${index + 1})` }).fill(column!);
        await values.getByRole('textbox', { name: `Valor (linha ${index + 1})` }).fill(value!);
      }
      await panel.getByRole('switch', { name: 'Converter números e datas do Brasil' }).check();
      await snap(page, 'google-sheets-01-valores');

      await runToSelected(page, 'Venda na planilha', 'Google Sheets');
      const appended = await until(
        async () => google.calls.find((c) => c.url.includes(':append')) ?? false,
        'a linha na planilha',
      );
      expect(appended).toMatchObject({
        method: 'POST',
        url: "/v4/spreadsheets/planilha-vendas/values/'Vendas 2026'!A1:append?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS",
        authorization: `Bearer ${googleToken}`,
      });
      expect(JSON.parse(appended.body)).toEqual({
        majorDimension: 'ROWS',
        values: [['Padaria Pão Quente', '', 1234.56]],
      });
      expect(rows[1]).toEqual(['Padaria Pão Quente', '', 1234.56]);
      await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
      const output = panel.getByRole('tabpanel');
      await output.getByText("'Vendas 2026'!A2").first().waitFor();
      await snap(page, 'google-sheets-02-saida');
    });
  },
);
