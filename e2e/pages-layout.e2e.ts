import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser';
import { truncate } from '@ponte/shared/format';
import { limits } from '@ponte/shared/limits';
import { apiClient, createFlow, type Call } from './support/api';
import { snap } from './support/browser';
import { createLongNamedResources, longName, type LongNamedList } from './support/long-names';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

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

/** How a name shows on the screen: cut with an ellipsis, within the window. */
const nameBox = (page: Page, shown: string) =>
  page
    .getByText(shown, { exact: true })
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return {
        cut: element.scrollWidth > element.clientWidth,
        textOverflow: getComputedStyle(element).textOverflow,
        right: box.right,
        width: box.width,
      };
    });

/** The right edge of the row's (or card's) buttons and links, and the window's width. */
async function actionEdges(page: Page, shown: string) {
  const row = page
    .locator('tr, li')
    .filter({ has: page.getByText(shown, { exact: true }) })
    .last();
  const controls = row.locator('button, a[href]');
  const count = await controls.count();
  const rights: number[] = [];
  for (let index = 0; index < count; index++) {
    const box = await controls.nth(index).boundingBox();
    if (box) rights.push(box.x + box.width);
  }
  return { count, rightmost: Math.max(...rights), window: page.viewportSize()?.width ?? 0 };
}

describe.skipIf(!hasChromium)(
  'Páginas: nomes longos, widgets, seletor de grupo e paginação',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let call: Call;
    let lists: LongNamedList[] = [];
    const logMessage = longName('MensagemDoPedido', 200);

    beforeAll(async () => {
      server = await startServer(admin);
      browser = await launchBrowser();
      page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
      call = apiClient(server, await signInAsAdmin(server, page));
      lists = await createLongNamedResources(call);
      const flowId = await createFlow(call, 'Registrar pedido', [
        { type: 'core_manual_trigger', params: { fields: [] } },
        { type: 'core_log', params: { label: 'Pedido', message: logMessage } },
      ]);
      for (let run = 0; run < 3; run++) {
        const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, {});
        expect(started.status, JSON.stringify(started.body)).toBe(200);
      }
      await until(async () => {
        const logs = await call('GET', '/api/v1/monitoring/logs');
        return (logs.body?.total ?? 0) > 0;
      }, 'os logs do flow');
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    for (const width of [1440, 390]) {
      it(`cuts a 120-character name with an ellipsis and keeps the row's actions in view at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        for (const list of lists) {
          const shown =
            list.path === '/groups' ? truncate(list.name, limits.groupNameDisplay) : list.name;
          await page.goto(`${server.url}${list.path}`);
          await page.getByText(shown, { exact: true }).first().waitFor();
          await snap(page, `long-names${list.path.replaceAll('/', '-')}-${width}`);
          const box = await nameBox(page, shown);
          const where = `${list.path} a ${width} px`;
          if (list.path !== '/groups') {
            expect(box.cut, where).toBe(true);
            expect(box.textOverflow, where).toBe('ellipsis');
          }
          expect(box.right, where).toBeLessThanOrEqual(width);
          const actions = await actionEdges(page, shown);
          expect(actions.count, where).toBeGreaterThan(0);
          expect(actions.rightmost, where).toBeLessThanOrEqual(actions.window);
          expect(await overflowsSideways(page), where).toBe(false);

          await page.getByText(shown, { exact: true }).first().hover();
          await page.getByRole('tooltip').filter({ hasText: list.name }).waitFor();
          await page.mouse.move(0, 0);
        }
      });
    }
  },
);
