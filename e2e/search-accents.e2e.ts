import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, skipReason, snap } from './support/browser';
import { apiClient, createFlow, type Call } from './support/api';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

const trigger = [{ type: 'core_manual_trigger' }];

describe.skipIf(!hasChromium)('Jornada da busca que perdoa acentos (docs/adr/0079)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;
  let flowId: string;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
    flowId = await createFlow(call, 'Saudação aos clientes', trigger);
    await createFlow(call, 'Saudade', trigger);
    await createFlow(call, 'Logística reversa', trigger);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a lista de flows acha 'Saudação' por 'saudacao', no computador e no celular", async () => {
    await page.goto(`${server.url}/flows`);
    await page.getByText('Saudade', { exact: true }).first().waitFor();
    await page.getByRole('textbox', { name: 'Buscar flows' }).fill('saudacao');
    await page.waitForURL('**/flows?query=saudacao');
    const rows = page.getByRole('table', { name: 'Flows' }).getByRole('row');
    await page.getByText('Saudade', { exact: true }).waitFor({ state: 'detached' });
    await page.getByText('Saudação aos clientes', { exact: true }).first().waitFor();
    expect(await rows.count()).toBe(2); // the header and the one flow
    await snap(page, 'search-accents-01-flows-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('textbox', { name: 'Buscar flows' }).fill('LOGISTICA');
    await page.getByText('Logística reversa', { exact: true }).first().waitFor();
    await page.getByText('Saudação aos clientes', { exact: true }).waitFor({ state: 'detached' });
    await snap(page, 'search-accents-02-flows-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("a paleta do editor acha 'Código' por 'codigo'", async () => {
    await page.goto(`${server.url}/flows/${flowId}`);
    const search = page.getByRole('textbox', { name: 'Buscar conectores' });
    await search.fill('codigo');
    await page.getByRole('button', { name: 'Código', exact: true }).waitFor();
    await snap(page, 'search-accents-03-paleta');
  });
});

if (!hasChromium) {
  describe(`Jornada da busca que perdoa acentos: ${skipReason}`, () => {
    it.skip('pulada', () => {});
  });
}
