import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@ponte/shared/messages';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { apiClient, createFlow, type Call } from './support/api';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

const reason = messages.customNodes.connectorDisabled('Consulta CNPJ');

describe.skipIf(!hasChromium)('Jornada do editor: conectores inativos na paleta', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;
  let flowId: string;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    call = apiClient(server, await signInAsAdmin(server, page));
    for (const [name, enabled] of [
      ['Consulta CEP', true],
      ['Consulta CNPJ', false],
    ] as const) {
      const created = await call('POST', '/api/v1/custom-nodes', {
        name,
        enabled,
        description: `${name} pela Receita e pelos Correios.`,
      });
      expect(created.status).toBe(201);
      ids.set(name, created.body._id as string);
    }
    flowId = await createFlow(call, 'Cadastro de clientes', [{ type: 'core_manual_trigger' }]);
    await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('mostra o conector inativo desativado, com o motivo, e não o adiciona', async () => {
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 1').waitFor();
    await page.getByRole('textbox', { name: 'Buscar conectores' }).fill('consulta');
    const active = page.getByRole('button', { name: 'Consulta CEP', exact: true });
    const inactive = page.getByRole('button', { name: /^Consulta CNPJ/ });
    await active.waitFor();
    await snap(page, 'flow-editor-palette-01-inativo', { fullPage: false });
    expect(await active.isEnabled()).toBe(true);
    expect(await inactive.isDisabled()).toBe(true);
    expect(await inactive.textContent()).toContain(reason);

    await inactive.click({ force: true });
    await active.click();
    await page.getByText('Total de conectores: 2').waitFor();
    expect(await page.locator('.react-flow__node', { hasText: 'Consulta CNPJ' }).count()).toBe(0);
  });

  it('um conector desativado por outra pessoa não segue utilizável ao voltar ao editor', async () => {
    // Ativo ao abrir o editor: a paleta o oferece.
    const connector = `/api/v1/custom-nodes/${ids.get('Consulta CNPJ')}`;
    const description = 'Consulta CNPJ pela Receita e pelos Correios.';
    const enabled = await call('PUT', connector, {
      name: 'Consulta CNPJ',
      description,
      enabled: true,
    });
    expect(enabled.body).toMatchObject({ enabled: true });
    await page.goto(`${server.url}/flows`);
    await page.getByRole('link', { name: 'Cadastro de clientes' }).first().click();
    await page.getByRole('textbox', { name: 'Buscar conectores' }).fill('consulta');
    const cnpj = page.getByRole('button', { name: /^Consulta CNPJ/ });
    await until(async () => cnpj.isEnabled(), 'Consulta CNPJ ativo na paleta');

    // Desativado por outra pessoa: quem volta à lista e ao editor vê o estado de agora.
    const disabled = await call('PUT', connector, {
      name: 'Consulta CNPJ',
      description,
      enabled: false,
    });
    expect(disabled.status).toBe(200);
    // Back to the list inside the app (no reload: the app keeps what it had read).
    await page.goBack();
    await page.waitForURL('**/flows');
    await page.getByRole('link', { name: 'Cadastro de clientes' }).first().click();
    await page.getByRole('textbox', { name: 'Buscar conectores' }).fill('consulta');
    await until(async () => cnpj.isDisabled(), 'Consulta CNPJ desativado na paleta');
    expect(await cnpj.textContent()).toContain(reason);
  });
});
