import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

const manualFlow = {
  version: 1,
  nodes: [
    {
      uid: 'gatilho',
      type: 'core_manual_trigger',
      position: { x: 0, y: 0 },
      params: { fields: [] },
    },
    {
      uid: 'registro',
      type: 'core_log',
      position: { x: 300, y: 0 },
      params: { label: 'Pedido', message: 'ok' },
    },
  ],
  edges: [{ id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'registro' }],
};

/** Whether the page scrolls sideways (the document wider than the window). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe.skipIf(!hasChromium)('Páginas: telefone, títulos e primeira visita ao editor', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let flowId = '';
  const warnings: string[] = [];

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const token = await signInAsAdmin(server, page);
    const created = await fetch(`${server.url}/api/v1/flows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Importar pedidos do ERP', enabled: true, data: manualFlow }),
    });
    flowId = ((await created.json()) as { _id: string })._id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the flows as cards at 390 px, without sideways scrolling', async () => {
    await page.goto(`${server.url}/flows`);
    const list = page.getByRole('list', { name: 'Flows' });
    await list.getByRole('link', { name: 'Importar pedidos do ERP' }).waitFor();
    await list.getByRole('button', { name: 'Executar' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await page.title()).toBe('Flows — Ponte');
  });

  it('keeps the logs page within 390 px', async () => {
    await page.goto(`${server.url}/monitoring`);
    await page.getByRole('heading', { name: 'Logs de monitoramento' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await page.title()).toBe('Monitoramento — Ponte');
  });

  it('opens the editor address directly without a hydration warning', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 2').waitFor();
    expect(await page.title()).toBe('Editor de flow — Ponte');
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  });
});
