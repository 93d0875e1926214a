import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiClient, chain } from './support/api';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

/** Whether the page scrolls sideways (the document wider than the window). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe.skipIf(!hasChromium)('Registro de segurança', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    const token = await signInAsAdmin(server, page);
    const api = apiClient(server, token);
    // A flow of a second workspace, asked for with the first workspace's session.
    const other = await api('POST', '/account/v1/workspaces', { name: 'Financeiro' });
    const switched = await api('POST', '/account/v1/workspaces/switch', {
      workspace_id: other.body._id,
    });
    const otherApi = apiClient(server, switched.body.token);
    const flow = await otherApi('POST', '/api/v1/flows', {
      name: 'Conciliação',
      enabled: false,
      data: chain({ type: 'core_manual_trigger' }),
    });
    expect((await api('GET', `/api/v1/flows/${flow.body._id}`)).status).toBe(404);
    // A wrong password for the owner.
    await fetch(`${server.url}/account/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.PONTE_ADMIN_EMAIL, password: 'senha-errada' }),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the events for the owner at 1440 px, linked from the account panel', async () => {
    await page.goto(`${server.url}/conta`);
    await page.getByRole('link', { name: /Segurança/ }).click();
    const table = page.getByRole('table', { name: 'Registro de segurança' });
    await table.getByText('Acesso negado a outro workspace').waitFor();
    await table.getByText('Falha ao entrar').waitFor();
    expect(await page.title()).toBe('Registro de segurança — Ponte');
    await snap(page, 'security-log-1440');
  });

  it('keeps the page within 390 px, one card per event', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/conta/seguranca`);
    const list = page.getByRole('list', { name: 'Registro de segurança' });
    await list.getByText('Acesso negado a outro workspace').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await snap(page, 'security-log-390');
  });
});
