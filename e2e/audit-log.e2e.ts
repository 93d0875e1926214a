import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiClient, chain } from './support/api';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

/** Whether the page scrolls sideways (the document wider than the window). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe.skipIf(!hasChromium)('Registro de auditoria', () => {
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
    // A flow of the first workspace renamed by a program, with an API key.
    const mine = await api('POST', '/api/v1/flows', {
      name: 'Pedidos',
      enabled: false,
      data: chain({ type: 'core_manual_trigger' }),
    });
    const key = await api('POST', '/api/v1/api-tokens', {
      name: 'ERP da loja',
      scopes: ['flows.write'],
    });
    const renamed = await fetch(`${server.url}/api/v1/flows/${mine.body._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key.body.token}` },
      body: JSON.stringify({ name: 'Pedidos do ERP' }),
    });
    expect(renamed.status).toBe(200);
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

  it('shows a flow change made through a key, and the security events, at 1440 px', async () => {
    await page.goto(`${server.url}/conta`);
    await page.getByRole('link', { name: /Auditoria/ }).click();
    const table = page.getByRole('table', { name: 'Auditoria' });
    const change = table
      .getByRole('row')
      .filter({ hasText: 'Token de API "ERP da loja"' })
      .filter({ hasText: 'Alterou' });
    await change.waitFor();
    expect(await change.textContent()).toContain('name: Pedidos → Pedidos do ERP');
    expect(await change.textContent()).toContain('criado por');
    await table.getByText('Acesso negado a outro workspace').waitFor();
    await table.getByText('Falha ao entrar').waitFor();
    expect(await page.title()).toBe('Auditoria — Ponte');
    await snap(page, 'audit-log-1440');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFData e hora;Categoria;Ação;')).toBe(true);
    expect(csv).toContain(';Token de API;');
    expect(csv).toContain('ERP da loja');
  });

  it('filters to the security events, and keeps the page within 390 px, one card per event', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The old address of the security log leads to the audit log, filtered.
    await page.goto(`${server.url}/conta/seguranca`);
    const list = page.getByRole('list', { name: 'Auditoria' });
    await list.getByText('Acesso negado a outro workspace').waitFor();
    expect(await list.getByText('Alterou').count()).toBe(0);
    expect(await overflowsSideways(page)).toBe(false);
    await snap(page, 'audit-log-390');
  });
});
