import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { apiClient, createFlow, type Call } from './support/api';

/** Twilio SendGrid's Alerts API document (apps/server/…/openapi/fixtures/README.md). */
const document = gunzipSync(
  readFileSync(
    new URL(
      '../apps/server/src/modules/custom-nodes/openapi/fixtures/sendgrid_alerts_v3.json.gz',
      import.meta.url,
    ),
  ),
);

describe.skipIf(!hasChromium)(
  "Jornada 'Criar a partir de OpenAPI': enviar o documento, escolher operações, criar e usar na paleta",
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let call: Call;

    beforeAll(async () => {
      server = await startServer(admin);
      browser = await launchBrowser();
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'pt-BR',
      });
      page = await context.newPage();
      page.on('pageerror', (error) => {
        throw error;
      });
      call = apiClient(server, await signInAsAdmin(server, page));
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('lê o arquivo, escolhe duas operações e abre o conector criado', async () => {
      await page.goto(`${server.url}/custom-nodes`);
      await page.getByRole('button', { name: 'Criar a partir de OpenAPI' }).click();
      const dialog = page.getByRole('dialog', { name: 'Criar a partir de OpenAPI' });
      await dialog.getByText('Arquivo', { exact: true }).click();
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'tsg_alerts_v3.json',
        mimeType: 'application/json',
        buffer: document,
      });
      await dialog.getByText('tsg_alerts_v3.json').waitFor();
      await dialog.getByRole('button', { name: 'Ler documento' }).click();
      const name = dialog.getByRole('textbox', { name: /Nome do conector/ });
      await name.waitFor();
      expect(await name.inputValue()).toBe('Twilio SendGrid Alerts API');
      await dialog.getByRole('checkbox', { name: /Create a new Alert/ }).check();
      await dialog.getByRole('checkbox', { name: /Retrieve a specific alert/ }).check();
      await dialog.getByText('2 de 5 operações escolhidas').waitFor();
      await snap(page, 'custom-nodes-openapi-01-modal');

      await page.setViewportSize({ width: 390, height: 844 });
      // The screen as the phone shows it: a full-page capture would add the width the scroll
      // lock of the modal reserves for the desktop's scrollbar.
      await snap(page, 'custom-nodes-openapi-02-modal-celular', { fullPage: false });
      // Nothing wider than the phone's screen.
      const width = await page.evaluate(() => window.document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1440, height: 900 });

      await dialog.getByRole('button', { name: 'Criar conector' }).click();
      await page.getByRole('heading', { name: 'Twilio SendGrid Alerts API' }).waitFor();
      expect(page.url()).toMatch(/\/custom-nodes\/[^/]+$/);
      await page.getByRole('tab', { name: 'Funções' }).click();
      await page.getByRole('group', { name: 'Parâmetro 1' }).first().waitFor();
      await snap(page, 'custom-nodes-openapi-03-editor');
    });

    it('mostra o conector na paleta do editor de fluxos', async () => {
      const flowId = await createFlow(call, 'Alertas', [{ type: 'core_manual_trigger' }], {
        enabled: false,
      });
      await page.goto(`${server.url}/flows/${flowId}`);
      await page.getByRole('textbox', { name: 'Buscar conectores' }).fill('SendGrid');
      await page
        .getByRole('button', { name: 'Twilio SendGrid Alerts API', exact: true })
        .first()
        .waitFor();
      await snap(page, 'custom-nodes-openapi-04-paleta');
    });
  },
);
