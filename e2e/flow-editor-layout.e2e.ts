import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const logNode = (uid: string, x: number, y: number) => ({
  uid,
  type: 'core_log',
  position: { x, y },
  params: { label: uid, message: 'ok' },
});

/** A wide flow whose last node sits at the bottom right, where the minimap and panels go. */
const data = {
  version: 1,
  nodes: [
    { uid: 'inicio', type: 'core_manual_trigger', position: { x: 0, y: 0 }, params: {} },
    logNode('passo-1', 300, 0),
    logNode('passo-2', 600, 0),
    logNode('passo-3', 900, 0),
    logNode('ultimo', 1200, 760),
  ],
  edges: [
    { id: 'inicio:default->passo-1', source: 'inicio', sourceOutput: 'default', target: 'passo-1' },
    {
      id: 'passo-1:default->passo-2',
      source: 'passo-1',
      sourceOutput: 'default',
      target: 'passo-2',
    },
    {
      id: 'passo-2:default->passo-3',
      source: 'passo-2',
      sourceOutput: 'default',
      target: 'passo-3',
    },
    { id: 'passo-3:default->ultimo', source: 'passo-3', sourceOutput: 'default', target: 'ultimo' },
  ],
};

const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

/** The node cards that are not wholly in the graph pane, or that the minimap covers. */
async function hiddenNodes(page: Page): Promise<string[]> {
  const pane = await page.locator('.react-flow').boundingBox();
  const minimap = await page.locator('.react-flow__minimap').boundingBox();
  const cards = await page.locator('.react-flow__node').evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { id: (element as HTMLElement).dataset.id ?? '', x, y, width, height };
    }),
  );
  return cards
    .filter((card) => !pane || !inside(card, pane) || (minimap && overlap(card, minimap)))
    .map((card) => card.id);
}

/** Waits until no node is hidden (animations settle), else reports the hidden ones. */
async function expectWholeFlowInView(page: Page) {
  await until(async () => (await hiddenNodes(page)).length === 0, 'o fluxo inteiro à vista').catch(
    () => undefined,
  );
  expect(await hiddenNodes(page)).toEqual([]);
}

describe.skipIf(!hasChromium)('Jornada do editor: o fluxo sempre à vista', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    const token = await signInAsAdmin(server, page);
    const response = await fetch(`${server.url}/api/v1/flows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Pedidos', enabled: true, data }),
    });
    const flow = (await response.json()) as { _id: string };
    await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
    await page.goto(`${server.url}/flows/${flow._id}`);
    await page.locator('.react-flow__node[data-id="ultimo"]').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('abre o flow com todos os conectores à vista, sem o minimapa por cima', async () => {
    await expectWholeFlowInView(page);
  });

  it('ao abrir o painel do conector, o conector selecionado continua à vista', async () => {
    await page.locator('.react-flow__node[data-id="ultimo"]').click();
    await page.getByRole('complementary', { name: 'Configuração do conector' }).waitFor();
    const shown = async () => {
      const pane = await page.locator('.react-flow').boundingBox();
      const card = await page.locator('.react-flow__node[data-id="ultimo"]').boundingBox();
      return !!pane && !!card && inside(card, pane);
    };
    await until(shown, 'o conector selecionado à vista').catch(() => undefined);
    expect(await shown()).toBe(true);
    await page.getByRole('button', { name: 'Fechar painel' }).click();
  });

  it('ao abrir e ao fechar o debugger, o flow se reajusta à área que sobra', async () => {
    await page.getByRole('button', { name: 'Debugger' }).click();
    await page.getByRole('region', { name: 'Live Debugger' }).waitFor();
    await expectWholeFlowInView(page);

    await page.getByRole('button', { name: 'Fechar o debugger' }).click();
    await page.getByRole('region', { name: 'Live Debugger' }).waitFor({ state: 'detached' });
    await expectWholeFlowInView(page);
  });
});
