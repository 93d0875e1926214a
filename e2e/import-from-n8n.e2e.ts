import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  n8nSample,
  nodeRedSample,
} from '../apps/server/src/modules/flow-import/flow-import-samples';
import { apiClient, type Call } from './support/api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

const fileOf = (name: string, content: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(content)),
});

/** Opens the list's 'Importar' menu, picks `item` and gives the file to the file dialog. */
async function importFromList(page: Page, item: string, file: ReturnType<typeof fileOf>) {
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await page.getByTestId('foreign-import-file').setInputFiles(file);
}

describe.skipIf(!hasChromium)('Jornada da importação do n8n e do Node-RED', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;

  beforeAll(async () => {
    server = await startServer({ ...admin });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
    await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('importa um workflow do n8n pela lista, com o relatório e a conta escolhida, e abre o flow', async () => {
    const account = await call('POST', '/api/v1/service-accounts', {
      name: 'Loja (produção)',
      auth_type: 'http_basic',
      http_basic: { url: 'https://api.exemplo.com.br', username: 'loja', password: 'p4ss' },
    });
    expect(account.status).toBe(201);

    await importFromList(page, 'De n8n (.json)', fileOf('pedidos.json', n8nSample()));
    const dialog = page.getByRole('dialog', { name: 'Importar de n8n' });
    const table = dialog.getByRole('table', { name: 'Relatório de Pedidos do dia' });
    await table
      .getByRole('row', { name: /CRM da Acme/ })
      .getByText('Não traduzido')
      .waitFor();
    await table
      .getByRole('row', { name: /Ao clicar/ })
      .getByText('Traduzido')
      .waitFor();
    await dialog.getByText(/^Total: .*1 não traduzido\.$/).waitFor();
    await dialog.getByRole('combobox', { name: 'Credencial "Loja" (httpBasicAuth)' }).click();
    await page.getByRole('option', { name: 'Loja (produção)' }).click();
    await snap(page, 'import-from-n8n-01-relatorio-1440', { fullPage: false });
    await dialog.getByRole('button', { name: 'Importar 1 flow' }).click();
    await expectToast(page, '1 flow importado, desativado.');

    await page.waitForURL(/\/flows\/(?!new$)[^/]+$/);
    const canvas = page.locator('.react-flow');
    for (const label of ['Ao clicar', 'Buscar pedidos', 'Marcar lido', 'Repetir', 'CRM da Acme']) {
      await canvas.getByText(label, { exact: true }).first().waitFor();
    }
    const id = page.url().split('/').at(-1)!;
    const flow = await call('GET', `/api/v1/flows/${id}`);
    expect(flow.body).toMatchObject({ name: 'Pedidos do dia', enabled: false });
    const http = flow.body.data.nodes.find(
      (node: { type: string }) => node.type === 'core_http_request',
    );
    expect(http.params.service_account).toBe(account.body._id);
  });

  it('mostra o relatório num celular sem nada passando da tela', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    await signInAsAdmin(server, phone);
    await importFromList(phone, 'De n8n (.json)', fileOf('pedidos.json', n8nSample()));
    const dialog = phone.getByRole('dialog', { name: 'Importar de n8n' });
    const cards = dialog.getByRole('list', { name: /^Relatório de Pedidos do dia/ });
    await cards
      .getByRole('listitem')
      .filter({ hasText: 'CRM da Acme' })
      .getByText('Não traduzido')
      .waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await snap(phone, 'import-from-n8n-02-relatorio-390', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await phone.close();
  });

  it('carrega uma aba do Node-RED no editor, sem salvar, e salva como um flow', async () => {
    await page.goto(`${server.url}/flows/new`);
    await page.getByRole('button', { name: 'Importar/Exportar' }).click();
    await page.getByRole('menuitem', { name: 'De Node-RED (.json)' }).click();
    await page
      .getByTestId('foreign-import-file')
      .setInputFiles(fileOf('abas.json', nodeRedSample()));
    const dialog = page.getByRole('dialog', { name: 'Importar de Node-RED' });
    await dialog.getByRole('table', { name: 'Relatório de Sensores' }).waitFor();
    await dialog.getByRole('button', { name: 'Carregar no editor' }).click();
    await expectToast(page, 'Flow carregado no editor. Revise e salve para manter.');
    const canvas = page.locator('.react-flow');
    await canvas.getByText('A cada minuto', { exact: true }).first().waitFor();
    await canvas.getByText('Ver leitura', { exact: true }).first().waitFor();
    await snap(page, 'import-from-n8n-03-editor-node-red');

    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.waitForURL(/\/flows\/(?!new$)[^/]+$/);
    const id = page.url().split('/').at(-1)!;
    const flow = await call('GET', `/api/v1/flows/${id}`);
    expect(flow.body.name).toBe('Sensores');
    // The inject of a date becomes a manual start and the value it injected ('Definir valores').
    expect(flow.body.data.nodes.map((node: { type: string }) => node.type).sort()).toEqual([
      'core_log',
      'core_manual_trigger',
      'core_set',
    ]);
  });
});
