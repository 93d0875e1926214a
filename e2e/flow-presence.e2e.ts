import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@ponte/shared/messages';
import { hasChromium, launchBrowser } from './support/browser';
import { adminToken, apiClient, createFlow } from './support/api';
import { startServer, type RunningServer } from './support/server';
import { admin } from './support/session';

const m = messages.versions.presence;
const ana = 'Ana Lima';
const bia = { name: 'Beatriz Souza', email: 'beatriz@exemplo.com.br', password: 'senha-da-bia-1' };

/** Screenshots to look at, outside the repository. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(tmpdir(), `flow-presence-${name}.png`) });

/** A 1440 × 900 page of its own browser context, signed in with the e-mail and password. */
async function signedInPage(
  server: RunningServer,
  browser: Browser,
  email: string,
  password: string,
) {
  const response = await fetch(`${server.url}/account/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await response.json()) as { token: string };
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${server.url}/auth?token=${token}`);
  await page.waitForURL('**/flows');
  await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
  return page;
}

const others = (page: Page) => page.getByRole('group', { name: m.label });
const avatar = (page: Page, label: string) => others(page).getByRole('img', { name: label });
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Nome do flow' });

describe.skipIf(!hasChromium)('Jornada: quem mais está com o flow aberto', () => {
  let server: RunningServer;
  let browser: Browser;
  let anaPage: Page;
  let biaPage: Page;
  let flowId: string;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    const call = apiClient(server, await adminToken(server));
    expect((await call('PUT', '/api/v1/users/me', { name: ana })).status).toBe(200);
    expect((await call('POST', '/account/v1/users', bia)).status).toBe(201);
    flowId = await createFlow(call, 'Pedidos da loja de Campinas', [
      { type: 'core_manual_trigger' },
      { type: 'core_log', params: { label: 'Pedido', message: 'ok' } },
    ]);
    anaPage = await signedInPage(
      server,
      browser,
      admin.PONTE_ADMIN_EMAIL,
      admin.PONTE_ADMIN_PASSWORD,
    );
    biaPage = await signedInPage(server, browser, bia.email, bia.password);
    for (const page of [anaPage, biaPage]) {
      await page.goto(`${server.url}/flows/${flowId}`);
      await page.locator('.react-flow__node').first().waitFor();
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('mostra a cada pessoa o avatar da outra', async () => {
    await avatar(anaPage, m.open(bia.name)).waitFor();
    await avatar(biaPage, m.open(ana)).waitFor();
    expect(await avatar(biaPage, m.open(ana)).textContent()).toBe('AL');
    // Nobody sees themselves.
    expect(await others(anaPage).getByRole('img').count()).toBe(1);

    await avatar(biaPage, m.open(ana)).hover();
    await biaPage.getByRole('tooltip', { name: m.open(ana) }).waitFor();
    await shot(biaPage, '1440-avatar');
  });

  it('avisa quem começa a editar quando a outra pessoa tem alterações não salvas', async () => {
    await nameField(anaPage).fill('Pedidos da loja de Campinas (Ana)');
    // Beatriz sees that Ana has unsaved changes, then changes the flow herself.
    await avatar(biaPage, m.unsaved(ana)).waitFor();
    await nameField(biaPage).fill('Pedidos da loja de Campinas (Beatriz)');
    const warning = m.othersUnsaved([ana]);
    await biaPage.getByText(warning, { exact: true }).waitFor();
    await avatar(anaPage, m.unsaved(bia.name)).waitFor();
    await shot(biaPage, '1440-warning');

    await biaPage.setViewportSize({ width: 390, height: 844 });
    await avatar(biaPage, m.unsaved(ana)).waitFor();
    const box = await others(biaPage).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const name = await nameField(biaPage).boundingBox();
    expect(name!.width).toBeGreaterThanOrEqual(150);
    const scrollWidth = await biaPage.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await shot(biaPage, '390-warning');
    await biaPage.locator('.mantine-Notification-closeButton').click();
    await biaPage.getByText(warning, { exact: true }).waitFor({ state: 'detached' });
    await avatar(biaPage, m.unsaved(ana)).click();
    await biaPage.getByRole('tooltip', { name: m.unsaved(ana) }).waitFor();
    await shot(biaPage, '390-avatar');
  });
});
