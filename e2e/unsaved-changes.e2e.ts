import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newWidget } from '@ponte/shared/dashboards.schema';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { apiClient, type Call } from './support/api';
import { typeCode } from './support/flow-editor';

const question = (page: Page) => page.getByRole('dialog', { name: 'Sair do editor?' });

/** The question has finished opening: a screenshot does not catch it half-way. */
async function questionSettled(page: Page) {
  await question(page).waitFor();
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await expect
    .poll(() => question(page).evaluate((dialog) => getComputedStyle(dialog).opacity))
    .toBe('1');
}

/** The question shows (and stays) with its text; 'Continuar editando' takes it away. */
async function keepEditing(page: Page) {
  await questionSettled(page);
  const dialog = question(page);
  await dialog.getByText('Existem alterações não salvas. Deseja sair mesmo assim?').waitFor();
  await dialog.getByRole('button', { name: 'Continuar editando' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function leaveWithoutSaving(page: Page) {
  await questionSettled(page);
  const dialog = question(page);
  await dialog.getByRole('button', { name: 'Sair sem salvar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const sidebarLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: label });

/** Where a person would click a sidebar link: under an open modal, its overlay takes the click. */
async function clickWhereSidebarLinkIs(page: Page, label: string) {
  const box = await sidebarLink(page, label).boundingBox();
  if (!box) throw new Error(`O link "${label}" não está na tela`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const textbox = (page: Page, name: RegExp) => page.getByRole('textbox', { name }).first();

interface PageEditor {
  what: string;
  /** The editor's address (a function: some need an id made in beforeAll). */
  path: () => string;
  /** Waits for the editor, then changes one thing. */
  change: (page: Page) => Promise<void>;
  /** The change is still there. */
  intact: (page: Page) => Promise<void>;
}

async function expectValue(locator: Locator, value: string) {
  await expect.poll(() => locator.inputValue()).toBe(value);
}

describe.skipIf(!hasChromium)('Jornada: sair de um editor com alterações não salvas', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let call: Call;
  let tableId = '';
  let dashboardId = '';

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
    const table = await call('POST', '/api/v1/db/tables', {
      name: 'Clientes',
      fields: [{ name: 'nome', label: 'Nome do cliente', type: 'string', length: 100 }],
    });
    expect(table.status, JSON.stringify(table.body)).toBe(201);
    tableId = table.body._id as string;
    const dashboard = await call('POST', '/api/v1/dashboards', {
      name: 'Operação',
      widgets: [newWidget('text_html')],
    });
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(201);
    dashboardId = dashboard.body._id as string;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const monacoText = () => page.locator('.monaco-editor .view-lines').first().innerText();

  const editors: PageEditor[] = [
    {
      what: 'conector personalizado (configurações)',
      path: () => '/custom-nodes/new',
      change: (p) => textbox(p, /^Nome(?! do)/).fill('Busca CEP'),
      intact: (p) => expectValue(textbox(p, /^Nome(?! do)/), 'Busca CEP'),
    },
    {
      what: 'conector personalizado (handler)',
      path: () => '/custom-nodes/new',
      change: async (p) => {
        await p.getByRole('tab', { name: 'Funções' }).click();
        await typeCode(p, 'async function handler(msg) { return msg; } // versao_nova');
      },
      intact: async () => expect.poll(monacoText).toContain('versao_nova'),
    },
    {
      what: 'estrutura de tabela',
      path: () => '/database/tables/new',
      change: (p) => p.getByRole('button', { name: 'Adicionar campo' }).click(),
      intact: (p) => p.getByRole('listitem', { name: 'Campo 1' }).waitFor(),
    },
    {
      what: 'registro',
      path: () => `/database/entities/new/${tableId}`,
      change: (p) => textbox(p, /^Nome do cliente/).fill('Ana'),
      intact: (p) => expectValue(textbox(p, /^Nome do cliente/), 'Ana'),
    },
    {
      what: 'formulário',
      path: () => '/forms/new',
      change: (p) => textbox(p, /^Nome do form/).fill('Cadastro'),
      intact: (p) => expectValue(textbox(p, /^Nome do form/), 'Cadastro'),
    },
    {
      what: 'dashboard',
      path: () => `/dashboards/edit/${dashboardId}`,
      change: async (p) => {
        await expectValue(textbox(p, /^Nome do dashboard/), 'Operação');
        await textbox(p, /^Nome do dashboard/).fill('Operação diária');
      },
      intact: (p) => expectValue(textbox(p, /^Nome do dashboard/), 'Operação diária'),
    },
    {
      what: 'regra de alerta',
      path: () => '/alert-rules/new',
      change: (p) => textbox(p, /^Nome/).fill('Falhas no ERP'),
      intact: (p) => expectValue(textbox(p, /^Nome/), 'Falhas no ERP'),
    },
    {
      what: 'fila interna',
      path: () => '/queues/new',
      change: (p) => textbox(p, /^Nome da fila/).fill('Pedidos'),
      intact: (p) => expectValue(textbox(p, /^Nome da fila/), 'Pedidos'),
    },
    {
      what: 'grupo',
      path: () => '/groups/new',
      change: (p) => textbox(p, /^Nome do grupo/).fill('Financeiro'),
      intact: (p) => expectValue(textbox(p, /^Nome do grupo/), 'Financeiro'),
    },
  ];

  for (const editor of editors) {
    it(`${editor.what}: o menu lateral pergunta antes; continuar mantém a alteração, sair sai`, async () => {
      await page.goto(`${server.url}${editor.path()}`);
      await editor.change(page);
      await sidebarLink(page, 'Variáveis').click();
      await keepEditing(page);
      expect(new URL(page.url()).pathname).toBe(editor.path());
      await editor.intact(page);

      await sidebarLink(page, 'Variáveis').click();
      await leaveWithoutSaving(page);
      await page.waitForURL('**/variables');
    });
  }

  it('um editor aberto e não alterado sai sem perguntar', async () => {
    await page.goto(`${server.url}/dashboards/edit/${dashboardId}`);
    await expectValue(textbox(page, /^Nome do dashboard/), 'Operação');
    await page.locator('[data-widget-id]').first().waitFor();
    await sidebarLink(page, 'Variáveis').click();
    await page.waitForURL('**/variables');
    expect(await question(page).count()).toBe(0);
  });

  it('salvar e voltar à lista não pergunta', async () => {
    await page.goto(`${server.url}/groups/new`);
    await textbox(page, /^Nome do grupo/).fill('Compras');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/groups');
    await page.getByRole('cell', { name: 'Compras' }).waitFor();
    expect(await question(page).count()).toBe(0);
  });

  it('o botão voltar do navegador também pergunta', async () => {
    await page.goto(`${server.url}/groups`);
    await page.getByRole('link', { name: 'Criar grupo' }).first().click();
    await page.waitForURL('**/groups/new');
    await textbox(page, /^Nome do grupo/).fill('Jurídico');
    await page.goBack({ waitUntil: 'commit' });
    await questionSettled(page);
    await snap(page, 'unsaved-01-pergunta-1440');
    await keepEditing(page);
    await page.waitForURL('**/groups/new');
    await expectValue(textbox(page, /^Nome do grupo/), 'Jurídico');

    await page.goBack({ waitUntil: 'commit' });
    await leaveWithoutSaving(page);
    await page.waitForURL('**/groups');
    expect((await call('GET', '/api/v1/groups?query=Jur')).body.total).toBe(0);
  });

  it('modal de conta de serviço: clicar fora, Esc, X e Cancelar perguntam antes de fechar', async () => {
    await page.goto(`${server.url}/service-accounts`);
    await page.getByRole('button', { name: 'Criar conta de serviço' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Nova conta de serviço' });
    await modal.getByRole('textbox', { name: /^Nome/ }).fill('ERP');
    const name = modal.getByRole('textbox', { name: /^Nome/ });

    await clickWhereSidebarLinkIs(page, 'Grupos');
    await questionSettled(page);
    await snap(page, 'unsaved-02-pergunta-sobre-modal-1440');
    await keepEditing(page);
    await expectValue(name, 'ERP');

    await page.keyboard.press('Escape');
    await questionSettled(page);
    // Esc on the question answers it: the modal stays, with what was typed.
    await page.keyboard.press('Escape');
    await question(page).waitFor({ state: 'detached' });
    await expectValue(name, 'ERP');

    await modal.getByRole('button', { name: 'Fechar' }).click();
    await keepEditing(page);
    await expectValue(name, 'ERP');

    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await leaveWithoutSaving(page);
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/service-accounts');
    expect((await call('GET', '/api/v1/service-accounts')).body.total).toBe(0);
  });

  it('modal de variável: clicar no menu lateral, Esc e Cancelar perguntam antes de fechar', async () => {
    await page.goto(`${server.url}/variables`);
    await page.getByRole('button', { name: 'Criar variável' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Nova variável' });
    const key = modal.getByRole('textbox', { name: /^Chave/ });
    await key.fill('ERP_URL');

    await clickWhereSidebarLinkIs(page, 'Grupos');
    await keepEditing(page);
    await expectValue(key, 'ERP_URL');

    await page.keyboard.press('Escape');
    await keepEditing(page);
    await expectValue(key, 'ERP_URL');

    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await leaveWithoutSaving(page);
    await modal.waitFor({ state: 'detached' });
    expect((await call('GET', '/api/v1/variables')).body.total).toBe(0);

    await page.getByRole('button', { name: 'Criar variável' }).first().click();
    await key.fill('OUTRA');
    await page.keyboard.press('Escape');
    await leaveWithoutSaving(page);
    await modal.waitFor({ state: 'detached' });
  });

  it('fechar a aba com alterações faz o navegador perguntar', async () => {
    const tab = await context.newPage();
    await tab.goto(`${server.url}/queues/new`);
    await textbox(tab, /^Nome da fila/).fill('Pedidos');
    const asked: string[] = [];
    tab.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await tab.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(tab.isClosed()).toBe(false);
    await expectValue(textbox(tab, /^Nome da fila/), 'Pedidos');
    tab.removeAllListeners('dialog');
    tab.on('dialog', (dialog) => void dialog.accept());
    await tab.close({ runBeforeUnload: true });
    await expect.poll(() => tab.isClosed()).toBe(true);
  });

  it('a pergunta num celular (390 px)', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
    });
    const small = await phone.newPage();
    await signInAsAdmin(server, small);
    await small.goto(`${server.url}/alert-rules/new`);
    await textbox(small, /^Nome/).fill('Falhas no ERP');
    await small.getByRole('button', { name: 'Cancelar' }).click();
    await questionSettled(small);
    await snap(small, 'unsaved-03-pergunta-390', { fullPage: false });
    await keepEditing(small);
    await expectValue(textbox(small, /^Nome/), 'Falhas no ERP');
    await phone.close();
  });
});
