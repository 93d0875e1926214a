import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { apiClient, createFlow } from './support/api';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

/** The buttons of the editor's top card and toolbar on a computer (spec 1 §2.6). */
const buttons = [
  'Voltar',
  'Salvar',
  'Importar/Exportar',
  'Configurações',
  'Notas',
  'Histórico de versões',
  'Desfazer',
  'Refazer',
  'Atalhos de teclado',
  'Debugger',
  'Executar com Debug',
  'Executar',
];

/** Every action behind them, each of which a phone must reach too. */
const actions = [
  'Voltar',
  'Salvar',
  'Importar da galeria de templates',
  'Importar de arquivo',
  'De n8n (.json)',
  'De Node-RED (.json)',
  'Exportar para arquivo',
  'Variáveis',
  'Opções do Flow',
  'Notas',
  'Histórico de versões',
  'Desfazer',
  'Refazer',
  'Atalhos de teclado',
  'Debugger',
  'Executar com Debug',
  'Executar',
];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const onScreen = (box: Box | null, width: number) =>
  !!box && box.width > 0 && box.x >= 0 && box.x + box.width <= width + 0.5;

/** The action is a button on the screen, or an item of the 'Mais ações' menu. */
async function reachable(page: Page, name: string, width: number): Promise<boolean> {
  const button = page.getByRole('button', { name, exact: true });
  for (const candidate of await button.all()) {
    if ((await candidate.isVisible()) && onScreen(await candidate.boundingBox(), width)) {
      return true;
    }
  }
  const more = page.getByRole('button', { name: 'Mais ações', exact: true });
  if (!(await more.isVisible())) return false;
  await more.click();
  // An item may end with a count ('Variáveis 2').
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const item = page.getByRole('menuitem', { name: new RegExp(`^${escaped}( \\d+)?$`) });
  const found = await item
    .waitFor({ timeout: 2_000 })
    .then(() => true)
    .catch(() => false);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  return found;
}

const viewportTransform = (page: Page) =>
  page.locator('.react-flow__viewport').evaluate((element) => getComputedStyle(element).transform);

describe.skipIf(!hasChromium)('Jornada do editor num celular (390 px)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let flowId: string;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const token = await signInAsAdmin(server, page);
    flowId = await createFlow(apiClient(server, token), 'Pedidos da loja de Campinas', [
      { type: 'core_manual_trigger' },
      { type: 'core_code', params: { code: 'return msg;' } },
      { type: 'core_log', params: { label: 'Pedido', message: 'ok' } },
    ]);
    await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 3').waitFor();
    await page.locator('.react-flow__node').first().waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('mostra o nome do flow e não rola para o lado', async () => {
    await snap(page, 'flow-editor-phone-01-390', { fullPage: false });
    const name = page.getByRole('textbox', { name: 'Nome do flow' });
    const box = await name.boundingBox();
    expect(onScreen(box, 390)).toBe(true);
    expect(box!.width).toBeGreaterThanOrEqual(150);
    expect(await name.inputValue()).toBe('Pedidos da loja de Campinas');
    const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });

  it('alcança cada ação da barra: um botão com nome na tela ou um item do menu', async () => {
    const missing: string[] = [];
    for (const action of actions) {
      if (!(await reachable(page, action, 390))) missing.push(action);
    }
    expect(missing).toEqual([]);
    await page.getByRole('button', { name: 'Mais ações', exact: true }).click();
    await page.getByRole('menu').waitFor();
    await snap(page, 'flow-editor-phone-02-menu', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });

  it('arrastar no editor move a vista do fluxo', async () => {
    const pane = await page.locator('.react-flow__pane').boundingBox();
    expect(pane).not.toBeNull();
    expect(pane!.width).toBeGreaterThanOrEqual(300);
    expect(pane!.height).toBeGreaterThanOrEqual(300);
    const before = await viewportTransform(page);
    // From an empty corner of the graph, away from the nodes and the zoom buttons.
    const start = { x: pane!.x + pane!.width - 30, y: pane!.y + 30 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x - 60, start.y + 40, { steps: 5 });
    await page.mouse.move(start.x - 120, start.y + 80, { steps: 5 });
    await page.mouse.up();
    expect(await viewportTransform(page)).not.toBe(before);
  });

  it("'Conectores' abre a paleta numa gaveta; um toque adiciona o conector e a fecha", async () => {
    await page.getByRole('button', { name: 'Conectores', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Conectores' });
    await drawer.getByRole('textbox', { name: 'Buscar conectores' }).fill('log');
    await snap(page, 'flow-editor-phone-04-paleta', { fullPage: false });
    await drawer.getByRole('button', { name: 'Log', exact: true }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByText('Total de conectores: 4').waitFor();
    const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await page.getByRole('complementary', { name: 'Configuração do conector' }).waitFor();
    await snap(page, 'flow-editor-phone-05-painel', { fullPage: false });
    // The new Log has required params left empty: the status bar's button stays on the screen.
    const issues = page.getByRole('button', { name: /^Erros encontrados no fluxo/ });
    expect(onScreen(await issues.boundingBox(), 390)).toBe(true);
    expect((await issues.boundingBox())!.width).toBeGreaterThanOrEqual(150);
  });

  it('na largura de um computador, a barra continua com todos os botões à vista', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Importar/Exportar', exact: true }).waitFor();
    for (const action of buttons) {
      const button = page.getByRole('button', { name: action, exact: true }).first();
      expect(onScreen(await button.boundingBox(), 1440), action).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Mais ações', exact: true }).isVisible()).toBe(
      false,
    );
    await snap(page, 'flow-editor-phone-03-1440', { fullPage: false });
  });
});
