import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser';
import { truncate } from '@ponte/shared/format';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
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

const dashboardTexts = messages.dashboards;

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
async function actionEdges(page: Page, shown: string | RegExp) {
  const row = page
    .locator('tr, li')
    .filter({ has: page.getByText(shown, { exact: true }) })
    .last();
  const controls = row.locator('button, a[href]');
  const count = await controls.count();
  const rights: number[] = [];
  const clipped: string[] = [];
  for (let index = 0; index < count; index++) {
    const control = controls.nth(index);
    const box = await control.boundingBox();
    if (box) rights.push(box.x + box.width);
    // A button whose label its box cuts ('Executa' for 'Executar') is as lost as one off screen.
    const cut = await control.evaluate(
      (element) =>
        element.matches('button, .mantine-Button-root') &&
        !element.hasAttribute('data-truncate') &&
        [element, ...Array.from(element.querySelectorAll<HTMLElement>('span'))].some(
          (part) => part.clientWidth > 0 && part.scrollWidth > part.clientWidth + 1,
        ),
    );
    if (cut) clipped.push((await control.textContent()) ?? '');
  }
  return {
    count,
    clipped,
    rightmost: Math.max(...rights),
    window: page.viewportSize()?.width ?? 0,
  };
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
          expect(actions.clipped, where).toEqual([]);
          expect(await overflowsSideways(page), where).toBe(false);

          await page.getByText(shown, { exact: true }).first().hover();
          await page.getByRole('tooltip').filter({ hasText: list.name }).waitFor();
          await page.mouse.move(0, 0);
        }
      });
    }

    for (const width of [1440, 390]) {
      it(`keeps the executions and records lists within ${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        const tables = await call('GET', '/api/v1/db/tables');
        const tableId = (tables.body.items as { _id: string }[])[0]?._id ?? '';
        const value = longName('ClienteDaTabela', 100);
        if (width === 1440) {
          const created = await call('POST', '/api/v1/db/entities', {
            table: tableId,
            data: { nome: value },
          });
          expect(created.status, JSON.stringify(created.body)).toBe(201);
        }
        const pages = [
          { path: `/database/entities/${tableId}`, row: new RegExp(value.slice(0, 30)) },
          { path: '/monitoring/completed', row: /Registrar pedido/ },
        ];
        for (const target of pages) {
          await page.goto(`${server.url}${target.path}`);
          const row = page.locator('tbody tr, li').filter({ hasText: target.row }).first();
          await row.waitFor();
          await snap(page, `lists${target.path.split('/').slice(0, 3).join('-')}-${width}`);
          const where = `${target.path} a ${width} px`;
          expect(await overflowsSideways(page), where).toBe(false);
          const buttons = row.locator('button, a[href]');
          for (let index = 0; index < (await buttons.count()); index++) {
            const box = await buttons.nth(index).boundingBox();
            expect((box?.x ?? 0) + (box?.width ?? 0), where).toBeLessThanOrEqual(width);
          }
        }
      });
    }

    it('gives the logs message the room, not the execution id', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${server.url}/monitoring`);
      const table = page.getByRole('table', { name: 'Logs' });
      await table.getByText(logMessage.slice(0, 40)).first().waitFor();
      await snap(page, 'long-names-monitoring-1440');
      const widthOf = async (header: string) =>
        (await table.getByRole('columnheader', { name: header }).boundingBox())?.width ?? 0;
      const message = await widthOf('Mensagem');
      const execution = await widthOf('ID da execução');
      expect(message).toBeGreaterThan(2 * execution);
      const row = table
        .getByRole('row')
        .filter({ hasText: logMessage.slice(0, 40) })
        .first();
      const details = await row.getByRole('button', { name: 'Detalhes' }).boundingBox();
      expect((details?.x ?? 0) + (details?.width ?? 0)).toBeLessThanOrEqual(1440);
      expect(await overflowsSideways(page)).toBe(false);
    });

    it('starts a new list and a new chart at 4×4 grid units at least', async () => {
      await page.goto(`${server.url}/dashboards/new`);
      await page.getByRole('textbox', { name: /^Nome/ }).first().fill('Painel de tamanhos');
      for (const type of ['log_list', 'execution_histogram'] as const) {
        await page.getByRole('button', { name: 'Adicionar widget' }).click();
        await page
          .getByRole('menuitem', { name: dashboardTexts.widgetTypes[type], exact: true })
          .click();
        const dialog = page.getByRole('dialog');
        const search = dialog.getByRole('textbox', { name: /^Termo de busca/ });
        if (await search.count()) await search.first().fill('pedido');
        await dialog.getByRole('button', { name: 'Salvar' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      await snap(page, 'dashboard-new-widgets-1440');
      // On the screen: 4 of the 12 columns and 4 rows of 50 px, at least.
      const grid = await page.locator('.react-grid-layout').first().boundingBox();
      const boxes = await page
        .locator('[data-widget-id]')
        .evaluateAll((widgets) =>
          widgets.map((widget) => widget.getBoundingClientRect().toJSON() as DOMRect),
        );
      expect(boxes).toHaveLength(2);
      for (const box of boxes) {
        expect(box.width).toBeGreaterThanOrEqual(((grid?.width ?? 0) * 4) / 12 - 20);
        expect(box.height).toBeGreaterThanOrEqual(4 * 50);
      }
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await page.waitForURL('**/dashboards/view/*');
      const saved = await call('GET', `/api/v1/dashboards/${page.url().split('/').pop() ?? ''}`);
      for (const widget of saved.body.widgets as { w: number; h: number }[]) {
        expect(widget.w).toBeGreaterThanOrEqual(4);
        expect(widget.h).toBeGreaterThanOrEqual(4);
      }
    });

    it('reads the header group selector whole at 390 px', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/flows`);
      const select = page.getByRole('combobox', { name: 'Grupo selecionado' });
      await select.waitFor();
      await snap(page, 'header-group-selector-390', { fullPage: false });
      expect(await select.inputValue()).toBe('Todos os grupos');
      const fits = await select.evaluate(
        (input: HTMLInputElement) => input.scrollWidth <= input.clientWidth,
      );
      expect(fits).toBe(true);
      const box = await select.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      const group = lists.find((list) => list.path === '/groups')?.name ?? '';
      await select.click();
      await page.getByRole('option', { name: truncate(group, limits.groupNameDisplay) }).click();
      await snap(page, 'header-group-selector-long-390', { fullPage: false });
      expect(await select.inputValue()).toBe(truncate(group, limits.groupNameDisplay));
      expect(await overflowsSideways(page)).toBe(false);
      await select.click();
      await page.getByRole('option', { name: 'Todos os grupos' }).click();
    });

    it('rewrites ?page=-3 to the first page, as ?page=99 is rewritten to the last', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${server.url}/flows?page=99`);
      await page.waitForURL((url) => url.search === '');
      for (const written of ['-3', '0', 'abc']) {
        await page.goto(`${server.url}/queues?page=${written}`);
        await page.waitForURL((url) => url.search === '');
        await page.getByText(lists[2]?.name ?? '', { exact: true }).waitFor();
      }
      const api = await call('GET', '/api/v1/flows?page=-3&limit=10');
      expect(api.status).toBe(200);
      expect(api.body.total).toBeGreaterThan(0);
      expect(api.body.items.length).toBe(api.body.total);
    });
  },
);
