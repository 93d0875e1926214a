import type { Locator, Page } from 'playwright-core';
import { expectToast, snap } from './browser';

/** Helpers for driving the flow editor (React Flow) like a person with a mouse. */

/** The uid of the node whose card shows `text`. */
export async function nodeUid(page: Page, text: string): Promise<string> {
  const id = await page
    .locator('.react-flow__node', { hasText: text })
    .first()
    .getAttribute('data-id');
  if (!id) throw new Error(`Conector não encontrado no editor: ${text}`);
  return id;
}

async function centre(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`Sem posição na tela: ${selector}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags from a node's named output to another node's input. A drag that made no edge (the
 * canvas still settling after a drop moved a handle under the pointer) is made again from the
 * handles' new places, twice at most, as a person would.
 */
export async function connectNodes(page: Page, source: string, output: string, target: string) {
  const edge = page.locator(`.react-flow__edge[data-id="${source}:${output}->${target}"]`);
  for (let attempt = 1; ; attempt++) {
    const from = await centre(
      page,
      `.react-flow__handle.source[data-nodeid="${source}"][data-handleid="${output}"]`,
    );
    const to = await centre(page, `.react-flow__handle.target[data-nodeid="${target}"]`);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    try {
      await edge.waitFor({ state: 'attached', timeout: attempt < 3 ? 5_000 : 30_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function selectNode(page: Page, uid: string) {
  await page.locator(`.react-flow__node[data-id="${uid}"]`).click();
}

/** Replaces the text of the Monaco editor inside `scope` (no auto-closing of quotes). */
export async function typeCode(page: Page, code: string) {
  const editor = page.locator('.monaco-editor').first();
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/**
 * Finds a connector in the palette by its pt-BR name (through 'Buscar conectores'), drags it
 * onto the canvas at `at` (relative to the canvas) and gives the uid of the node it became.
 *
 * The drag is made of mouse steps, as a hand makes it: Playwright's one-call `dragTo` now and
 * then ends without a `drop` in Chromium (the pointer reaches the target in one move, before
 * the browser has started the drag). A drop that still did not take is dragged again once,
 * as a person would.
 */
export async function dropConnector(page: Page, label: string, at: { x: number; y: number }) {
  const nodes = page.locator('.react-flow__node');
  const before = new Set(
    await nodes.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-id'))),
  );
  const search = page.getByRole('textbox', { name: 'Buscar conectores' });
  await search.fill(label);
  const item = page.getByRole('button', { name: label, exact: true });
  for (let attempt = 0; ; attempt += 1) {
    await dragWithMouse(page, item, at);
    const arrived = await nodes
      .nth(before.size)
      .waitFor({ timeout: attempt === 0 ? 5_000 : 30_000 })
      .then(() => true)
      .catch(() => false);
    if (arrived) break;
    if (attempt > 0) throw new Error(`O conector ${label} não chegou ao editor`);
  }
  await search.fill('');
  const after = await nodes.evaluateAll((cards) =>
    cards.map((card) => card.getAttribute('data-id')),
  );
  const uid = after.find((id) => id && !before.has(id));
  if (!uid) throw new Error(`O conector ${label} não chegou ao editor`);
  return uid;
}

async function dragWithMouse(page: Page, item: Locator, at: { x: number; y: number }) {
  await item.scrollIntoViewIfNeeded();
  const from = await item.boundingBox();
  const pane = await page.locator('.react-flow__pane').boundingBox();
  if (!from || !pane) throw new Error('Sem posição na tela para arrastar o conector');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await dragByHand(page, start, { x: pane.x + at.x, y: pane.y + at.y }, 10);
}

/**
 * Presses at `start`, moves a little (so the drag begins), then to `end` in `steps` as a hand
 * moves, one pixel more, and releases.
 */
export async function dragByHand(
  page: Page,
  start: { x: number; y: number },
  end: { x: number; y: number },
  steps: number,
) {
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 5, { steps: 3 });
  await page.mouse.move(end.x, end.y, { steps });
  await page.mouse.move(end.x + 1, end.y + 1);
  await page.mouse.up();
}

/** Picks `option` in the select labelled `label` of the node's side panel. */
export async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('complementary', { name: 'Configuração do conector' })
    .getByRole('combobox', { name: label })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Opens an item of the editor's 'Configurações' menu ('Opções do Flow', 'Variáveis'…); on a
 * narrow screen the same item is in 'Mais ações'.
 */
export async function openEditorSetting(page: Page, item: string) {
  const settings = page.getByRole('button', { name: 'Configurações', exact: true });
  const menu = (await settings.isVisible())
    ? settings
    : page.getByRole('button', { name: 'Mais ações', exact: true });
  await menu.click();
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Saves the new flow under `name`, runs it to the selected node with 'Executar até aqui' and
 * waits for the editor's run to end there (a screenshot named after the flow when it does not).
 */
export async function runToSelected(page: Page, name: string, node: string) {
  await page.getByLabel('Nome do flow').fill(name);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Fluxo salvo com sucesso');
  await page.waitForURL(/fromNew=true/);
  const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
  await panel.getByRole('button', { name: 'Executar até aqui' }).click();
  await page
    .getByRole('dialog', { name: 'Dados de início' })
    .getByRole('button', { name: 'Executar' })
    .click();
  await page
    .getByRole('status', { name: 'Execução do editor' })
    .getByText(`Execução do editor concluída até "${node}".`)
    .waitFor({ timeout: 60_000 })
    .catch(async (error: unknown) => {
      await snap(page, `falha-${name}`);
      throw error;
    });
}

/** A new flow Manual Trigger → `connector` (its palette label), the connector's panel open. */
export async function newFlowWith(page: Page, baseUrl: string, connector: string) {
  await page.goto(`${baseUrl}/flows/new`);
  await page.getByText('Total de conectores: 0').waitFor();
  const trigger = await dropConnector(page, 'Manual Trigger', { x: 140, y: 220 });
  const node = await dropConnector(page, connector, { x: 420, y: 220 });
  await connectNodes(page, trigger, 'default', node);
  await selectNode(page, node);
  return page.getByRole('complementary', { name: 'Configuração do conector' });
}
