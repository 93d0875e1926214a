import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { apiClient, createFlow } from './support/api';
import { nodeUid } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

describe.skipIf(!hasChromium)('Jornada do editor: construir seguindo as saídas', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let flowId: string;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    const call = apiClient(server, await signInAsAdmin(server, page));
    flowId = await createFlow(call, 'Pedidos do site', [{ type: 'core_manual_trigger' }]);
    await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("o '+' de uma saída livre e uma conexão solta no vazio adicionam o conector já ligado", async () => {
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 1').waitFor();
    const trigger = await nodeUid(page, 'Manual Trigger');

    // The '+' of the trigger's free output: the palette says where the connector goes.
    await page.getByTestId(`add-after-${trigger}-default`).click();
    await page.getByText('Adicionar após "Manual Trigger"').waitFor();
    await snap(page, 'flow-editor-add-after-01-paleta', { fullPage: false });
    await page.getByRole('textbox', { name: 'Buscar conectores' }).fill('log');
    await page.locator('[data-node-type="core_log"]').click();
    await page.getByText('Total de conectores: 2').waitFor();
    const log = await nodeUid(page, 'Log');
    await page
      .locator(`.react-flow__edge[data-id="${trigger}:default->${log}"]`)
      .waitFor({ state: 'attached' });
    expect(await page.getByTestId(`add-after-${trigger}-default`).count()).toBe(0);

    // A connection dragged from Log's output and dropped on the empty canvas.
    const handle = page.locator(
      `.react-flow__handle.source[data-nodeid="${log}"][data-handleid="default"]`,
    );
    // Opening Log's panel pans the canvas to keep Log in view: the drag starts once it stopped.
    const box = await until(async () => {
      const before = await handle.boundingBox();
      await page.waitForTimeout(150);
      const after = await handle.boundingBox();
      return before && after && before.x === after.x && before.y === after.y ? after : false;
    }, 'a saída do Log parada na tela');
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // The node's panel is open on the right: the drop goes below the nodes, on the empty canvas.
    const drop = { x: from.x - 150, y: from.y + 220 };
    await page.mouse.move(from.x - 60, from.y + 100, { steps: 5 });
    await page.mouse.move(drop.x, drop.y, { steps: 5 });
    await page.mouse.up();
    await page.getByText('Adicionar após "Log"').waitFor();
    await page.getByRole('textbox', { name: 'Buscar conectores' }).fill('log');
    await page.locator('[data-node-type="core_log"]').click();
    await page.getByText('Total de conectores: 3').waitFor();
    expect(await page.locator(`.react-flow__edge[data-id^="${log}:default->"]`).count()).toBe(1);
    await snap(page, 'flow-editor-add-after-02-ligados', { fullPage: false });
  });
});
