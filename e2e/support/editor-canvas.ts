// The editor-data journey's gestures on a narrow canvas: bringing nodes into view and dragging a
// field from the data into a parameter, as a hand does it.
import type { Locator, Page } from 'playwright-core';
import { dragByHand, selectNode } from './flow-editor';
import { until } from './until';

/**
 * Selects the node `uid`. With a node's panel open the canvas is narrow: a node outside it is
 * brought back with 'Ajustar à tela', as a person would, before the click.
 */
export async function showAndSelect(page: Page, uid: string) {
  const card = page.locator(`.react-flow__node[data-id="${uid}"]`);
  const inside = async () => {
    const pane = await page.locator('.react-flow').first().boundingBox();
    const box = await card.boundingBox();
    return (
      !!pane &&
      !!box &&
      box.x >= pane.x &&
      box.y >= pane.y &&
      box.x + box.width <= pane.x + pane.width &&
      box.y + box.height <= pane.y + pane.height
    );
  };
  if (!(await inside())) {
    await page.getByRole('button', { name: 'Ajustar à tela' }).click();
    await until(inside, `o conector ${uid} aparecer no editor`);
  }
  await selectNode(page, uid);
}

/**
 * Zooms the narrow canvas a step at a time until the two nodes just fit in it, then drags the
 * empty canvas so they sit in its middle, as a person arranges the view.
 */
export async function showBoth(page: Page, left: string, right: string) {
  const pane = (await page.locator('.react-flow').first().boundingBox())!;
  const span = async () => {
    const a = (await page.locator(`.react-flow__node[data-id="${left}"]`).boundingBox())!;
    const b = (await page.locator(`.react-flow__node[data-id="${right}"]`).boundingBox())!;
    return { from: a.x, to: b.x + b.width, y: a.y };
  };
  const room = pane.width - 48;
  for (let step = 0; step < 10; step++) {
    const { from, to } = await span();
    const before = to - from;
    const zoom = before > room ? 'Afastar' : before * 1.25 < room ? 'Aproximar' : null;
    if (!zoom) break;
    await page.getByRole('button', { name: zoom }).click();
    // Zooming is animated: the next step is decided once the nodes stopped moving.
    let last = before;
    await until(async () => {
      const now = await span();
      const settled =
        Math.abs(now.to - now.from - before) > 1 && Math.abs(now.to - now.from - last) < 0.5;
      last = now.to - now.from;
      if (!settled) await new Promise((resolve) => setTimeout(resolve, 150));
      return settled;
    }, 'o zoom do editor');
  }
  const { from, to } = await span();
  const dx = pane.x + pane.width / 2 - (from + to) / 2;
  const grab = { x: pane.x + pane.width / 2, y: pane.y + 40 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + dx / 2, grab.y, { steps: 4 });
  await page.mouse.move(grab.x + dx, grab.y, { steps: 4 });
  await page.mouse.up();
  await until(async () => {
    const now = await span();
    return now.from >= pane.x && now.to <= pane.x + pane.width;
  }, 'os dois conectores aparecerem no editor');
}

/**
 * Drags `from` by mouse and drops it at the end of `into`'s text, in steps as a hand moves:
 * Chromium's own drag and drop carries the text and inserts it where it falls.
 */
export async function dragInto(page: Page, from: Locator, into: Locator) {
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const target = await into.boundingBox();
  if (!start || !target) throw new Error('Sem posição na tela para arrastar o campo');
  const a = { x: start.x + start.width / 2, y: start.y + start.height / 2 };
  const b = { x: target.x + target.width - 12, y: target.y + target.height - 10 };
  await dragByHand(page, a, b, 12);
}
