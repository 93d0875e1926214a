import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { WidgetType } from '@ponte/shared/dashboards.schema';
import { widgetTypes } from '@ponte/shared/dashboards.schema';
import { messages } from '@ponte/shared/messages';
import { apiClient, createFlow, type Call } from './support/api';
import { hasChromium, launchBrowser, skipReason, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

const m = messages.dashboards;
const runs = 7;
const dashboardName = 'Operação diária';

/** The grid item of a widget, found by a text it shows (its legend). */
const widget = (page: Page, text: string | RegExp): Locator =>
  page.locator('[data-widget-id]').filter({ hasText: text }).first();

/** Fills the settings a widget type requires (spec 2 §5), then saves the modal. */
async function configure(dialog: Locator, type: WidgetType, label: string) {
  const legend = dialog.getByRole('textbox', { name: /^Legenda|^Rótulo da legenda|^Título/ });
  if (await legend.count()) await legend.first().fill(label);
  if (type === 'text_html') {
    await dialog
      .getByRole('textbox', { name: /HTML|Conteúdo/ })
      .first()
      .fill('<h3>Turno da manhã</h3><img src=x onerror="alert(1)">');
  }
  if (type === 'log_count' || type === 'log_list' || type === 'log_histogram') {
    await dialog
      .getByRole('textbox', { name: /^Termo de busca/ })
      .first()
      .fill('timeout');
  }
  if (type === 'log_list') {
    await dialog
      .getByRole('textbox', { name: /^Por página|^Itens por página|^Registros por página/ })
      .first()
      .fill('5');
  }
  if (type === 'database_list') {
    await dialog
      .getByRole('combobox', { name: /^Tabela/ })
      .first()
      .click();
    await dialog.page().getByRole('option', { name: 'Pedidos', exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Drags from one point to another with the mouse steps of a hand. */
async function drag(page: Page, handle: Locator, dx: number, dy: number, at: 'start' | 'center') {
  const box = await handle.boundingBox();
  if (!box) throw new Error('O elemento a arrastar não está visível');
  // A widget's header holds its icons on the right: it is taken by its left end, as a hand does.
  const x = at === 'start' ? box.x + 4 : box.x + box.width / 2;
  const start = { x, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 5, start.y + 5, { steps: 3 });
  await page.mouse.move(start.x + dx, start.y + dy, { steps: 10 });
  await page.mouse.up();
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

const labels: Record<WidgetType, string> = {
  text_html: 'Aviso',
  execution_count: m.defaultLabels.execution_count,
  execution_histogram: 'Execuções no período',
  execution_time: m.defaultLabels.execution_time,
  log_count: 'Timeouts',
  log_list: 'Últimos timeouts',
  log_histogram: 'Timeouts no período',
  database_list: 'Últimos pedidos',
  ai_tokens: 'Gasto de IA',
  ai_tokens_histogram: 'IA no período',
};

describe.skipIf(!hasChromium)('Jornada dos dashboards: montar, ver, exportar e remover', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;
  let dashboardId = '';
  let exported = '';

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({
      viewport: { width: 1440, height: 900 },
      locale: 'pt-BR',
      acceptDownloads: true,
    });
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('roda um flow de verdade algumas vezes e prepara a tabela Pedidos', async () => {
    const flowId = await createFlow(call, 'Pedidos do turno', [
      {
        type: 'core_manual_trigger',
        params: { fields: [{ name: 'pedido', label: 'Pedido', type: 'text', required: true }] },
      },
      {
        type: 'core_log',
        params: { label: 'Pedido', message: 'timeout no pedido {{ msg.payload.pedido }}' },
      },
    ]);
    for (let index = 1; index <= runs; index++) {
      const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, {
        pedido: `P${index}`,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
    }
    await until(async () => {
      const list = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=50');
      return list.body.total >= runs;
    }, 'as execuções terminarem');
    const filters = encodeURIComponent(JSON.stringify({ type: 'user', date_alias: '1h' }));
    await until(async () => {
      const logs = await call('GET', `/api/v1/monitoring/logs?filters=${filters}`);
      return logs.body.total >= runs;
    }, 'os logs das execuções serem gravados');

    const table = await call('POST', '/api/v1/db/tables', {
      name: 'Pedidos',
      fields: [
        { name: 'codigo', label: 'Código', type: 'string', length: 10, is_required: true },
        { name: 'cliente', label: 'Cliente', type: 'string', length: 100, is_required: true },
      ],
    });
    expect(table.status, JSON.stringify(table.body)).toBe(201);
    for (const [codigo, cliente] of [
      ['P1', 'Ana'],
      ['P2', 'Bruno'],
      ['P3', 'Carla'],
    ]) {
      const record = await call('POST', '/api/v1/db/entities', {
        table: table.body._id,
        data: { codigo, cliente },
      });
      expect(record.status, JSON.stringify(record.body)).toBe(201);
    }
  });

  it('monta no editor um widget de cada tipo, move, redimensiona e salva', async () => {
    await page.goto(`${server.url}/dashboards/new`);
    await page.getByRole('heading', { name: m.editorTitle }).waitFor();
    await page.getByText(m.emptyGrid).waitFor();
    await page.getByRole('textbox', { name: /^Nome/ }).first().fill(dashboardName);
    for (const type of widgetTypes) {
      await page.getByRole('button', { name: 'Adicionar widget' }).click();
      await page.getByRole('menuitem', { name: m.widgetTypes[type], exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await configure(dialog, type, labels[type]);
    }
    await expect(page.locator('[data-widget-id]').count()).resolves.toBe(widgetTypes.length);
    await widget(page, m.defaultLabels.execution_count).getByText(String(runs)).first().waitFor();

    // Move the count to the right and make the log list wider and taller.
    const count = widget(page, m.defaultLabels.execution_count);
    await drag(page, count.locator('.dashboard-widget-handle').first(), 500, 0, 'start');
    const list = widget(page, labels.log_list);
    await drag(page, list.locator('.react-resizable-handle').first(), 400, 250, 'center');
    await snap(page, 'dashboards-01-editor-1440');

    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText(m.saved).first().waitFor();
    await page.waitForURL('**/dashboards/view/*');
    dashboardId = page.url().split('/').pop() ?? '';
    const saved = await call('GET', `/api/v1/dashboards/${dashboardId}`);
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe(dashboardName);
    const byType = new Map(
      (saved.body.widgets as { type: WidgetType; x: number; w: number; h: number }[]).map((w) => [
        w.type,
        w,
      ]),
    );
    expect([...byType.keys()].sort()).toEqual([...widgetTypes].sort());
    expect(byType.get('execution_count')?.x).toBeGreaterThan(0);
    expect(byType.get('log_list')?.w).toBeGreaterThan(2);
    expect(byType.get('log_list')?.h).toBeGreaterThan(2);
    for (const saved of byType.values()) expect(saved).not.toHaveProperty('content');
  });

  it('mostra no view as figuras do que rodou, para Hoje e 7 dias, e pagina a lista de logs', async () => {
    await page.goto(`${server.url}/dashboards/view/${dashboardId}`);
    await page.getByRole('heading', { name: dashboardName }).waitFor();
    for (const period of [m.periods.today, m.periods['7_day']]) {
      await page.getByText(period, { exact: true }).first().click();
      await page.getByText(m.loadingWidgets).waitFor({ state: 'detached' });
      await widget(page, m.defaultLabels.execution_count)
        .getByText(String(runs), { exact: true })
        .waitFor();
      await widget(page, labels.log_count).getByText(String(runs), { exact: true }).waitFor();
      await widget(page, labels.database_list).getByText('Carla').waitFor();
      await widget(page, labels.execution_time)
        .getByText(/\d\s?(ms|s)/)
        .first()
        .waitFor();
      await widget(page, labels.execution_histogram).locator('.recharts-surface').first().waitFor();
      await widget(page, labels.log_histogram).locator('.recharts-surface').first().waitFor();
    }
    const html = widget(page, 'Turno da manhã');
    await expect(html.locator('img[onerror]').count()).resolves.toBe(0);

    const logList = widget(page, labels.log_list);
    // 5 per page of 7 lines: the second page holds the 2 oldest.
    const lines = logList.getByText(/^timeout no pedido P\d$/);
    await expect.poll(() => lines.count()).toBe(5);
    const firstPage = await lines.allTextContents();
    await logList.getByRole('button', { name: 'Página 2' }).click();
    await expect.poll(() => lines.count()).toBe(2);
    const secondPage = await lines.allTextContents();
    expect(new Set([...firstPage, ...secondPage]).size).toBe(runs);
    await snap(page, 'dashboards-02-view-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await widget(page, m.defaultLabels.execution_count)
      .getByText(String(runs), { exact: true })
      .waitFor();
    await noHorizontalScroll(page);
    await snap(page, 'dashboards-03-view-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('duplica e exporta pela lista', async () => {
    await page.goto(`${server.url}/dashboards`);
    const row = page.getByRole('row', { name: new RegExp(dashboardName) }).first();
    await row.waitFor();
    await row.getByRole('button', { name: 'Mais ações' }).click();
    await page.getByRole('menuitem', { name: 'Duplicar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Duplicar dashboard' });
    await confirm.getByText(m.duplicateConfirm).waitFor();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(m.duplicated).first().waitFor();
    await confirm.waitFor({ state: 'detached' });
    await until(async () => {
      const list = await call('GET', '/api/v1/dashboards');
      return list.body.total === 2;
    }, 'a cópia aparecer');
    await expect(page.getByRole('row', { name: new RegExp(dashboardName) }).count()).resolves.toBe(
      2,
    );
    await snap(page, 'dashboards-04-list-1440');

    const original = page.getByRole('row', { name: new RegExp(`^${dashboardName}\\b`) }).first();
    await original.getByRole('button', { name: 'Mais ações' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Exportar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('operacao-diaria.dashboard.json');
    exported = `${server.dataDir}/operacao-diaria.dashboard.json`;
    await download.saveAs(exported);
    const file = JSON.parse(readFileSync(exported, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(file).sort()).toEqual(['name', 'widgets']);
    expect(file.name).toBe(dashboardName);
    expect((file.widgets as unknown[]).length).toBe(widgetTypes.length);
  });

  it('importa o arquivo num novo dashboard com " (importado)" no nome', async () => {
    await page.goto(`${server.url}/dashboards/new`);
    await page.getByRole('heading', { name: m.editorTitle }).waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: /^Importar/ }).click(),
    ]);
    await chooser.setFiles(exported);
    const name = page.getByRole('textbox', { name: /^Nome/ }).first();
    await expect.poll(() => name.inputValue()).toBe(`${dashboardName}${m.importedSuffix}`);
    await expect(page.locator('[data-widget-id]').count()).resolves.toBe(widgetTypes.length);
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText(m.saved).first().waitFor();
    await page.waitForURL('**/dashboards/view/*');
    const list = await call('GET', '/api/v1/dashboards?query=importado');
    expect(list.body.items.map((item: { name: string }) => item.name)).toEqual([
      `${dashboardName}${m.importedSuffix}`,
    ]);
  });

  it('remove o dashboard pelo nome', async () => {
    await page.goto(`${server.url}/dashboards/delete/${dashboardId}`);
    const typed = page.getByLabel('Digite o nome para confirmar');
    await typed.fill('Operação');
    await page.getByRole('button', { name: 'Remover o dashboard' }).click();
    await page.getByText(m.removeNameMismatch).first().waitFor();
    expect((await call('GET', `/api/v1/dashboards/${dashboardId}`)).status).toBe(200);

    await typed.fill(dashboardName);
    await page.getByRole('button', { name: 'Remover o dashboard' }).click();
    await page.getByText(m.removed).first().waitFor();
    await page.waitForURL('**/dashboards');
    expect((await call('GET', `/api/v1/dashboards/${dashboardId}`)).status).toBe(404);
  });
});

if (!hasChromium) {
  describe(`Jornada dos dashboards no navegador: ${skipReason}`, () => {
    it.skip('puladas', () => {});
  });
}
