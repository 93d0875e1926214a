import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startTelegramStandIn,
  type TelegramStandIn,
} from '../apps/server/src/test/stand-ins/telegram-bot-api';
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

// The Telegram Bot API is a stand-in of its documented contract
// (https://core.telegram.org/bots/api) on 127.0.0.2, the one address the guard opens here.
const token = '123456789:AAF-token-e2e';

describe.skipIf(!hasChromium)('Jornada do conector Telegram: conta, operação, execução', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let telegram: TelegramStandIn;

  beforeAll(async () => {
    telegram = await startTelegramStandIn('127.0.0.2', token);
    server = await startServer({ ...admin, PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.2/32' });
    browser = await launchBrowser();
    page = await adminPage(server, browser);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await telegram?.close();
  });

  it('cria a conta do bot, testa, monta Manual Trigger → Telegram e vê a mensagem enviada na Saída', async () => {
    const form = await newAccountForm(server, page, 'Bot do Telegram');
    await form.getByRole('textbox', { name: /^Nome/ }).fill('Bot da loja');
    await form.getByLabel(/^Token do bot/).fill(token);
    await form.getByRole('textbox', { name: /^URL da API/ }).fill(telegram.url);
    await snap(page, 'telegram-01-conta');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Conta de serviço salva com sucesso');
    const account = page.getByRole('row', { name: /Bot da loja/ });
    await account.getByRole('button', { name: 'Testar conexão' }).click();
    await account.getByText('Conectada').waitFor();

    await page.goto(`${server.url}/flows/new`);
    await page.getByText('Total de conectores: 0').waitFor();
    const trigger = await dropConnector(page, 'Manual Trigger', { x: 140, y: 220 });
    const bot = await dropConnector(page, 'Telegram', { x: 420, y: 220 });
    await connectNodes(page, trigger, 'default', bot);
    await selectNode(page, bot);
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await choose(page, 'Conta de serviço', 'Bot da loja (Bot do Telegram)');
    await panel.getByRole('textbox', { name: /^ID do chat/ }).fill('-1001234');
    await panel.getByRole('textbox', { name: /^Texto/ }).fill('Pedido 42 aprovado');

    // Another operation shows its own params; coming back finds the text as typed.
    await choose(page, 'Operação', 'Documento → Enviar');
    await panel.getByRole('textbox', { name: /^Documento/ }).waitFor();
    expect(await panel.getByRole('textbox', { name: /^Texto/ }).count()).toBe(0);
    await choose(page, 'Operação', 'Mensagem → Enviar');
    expect(await panel.getByRole('textbox', { name: /^Texto/ }).inputValue()).toBe(
      'Pedido 42 aprovado',
    );
    await snap(page, 'telegram-02-painel');

    await runToSelected(page, 'Aviso no Telegram', 'Telegram');
    const sent = await until(
      async () => telegram.calls.find((c) => c.method === 'sendMessage') ?? false,
      'a mensagem no Telegram',
    );
    expect(sent.body).toEqual({ chat_id: '-1001234', text: 'Pedido 42 aprovado' });
    await panel.getByRole('tab', { name: 'Saída', exact: true }).click();
    await panel.getByRole('tabpanel').getByText('Pedido 42 aprovado').first().waitFor();
    await snap(page, 'telegram-03-saida');
  });
});
