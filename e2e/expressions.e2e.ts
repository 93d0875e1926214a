import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, snap, expectToast } from './support/browser';
import { apiClient, createFlow, type Call } from './support/api';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

/** Waits until the toast has slid fully into view and faded in (for the screenshot). */
async function settledToast(page: Page) {
  await page.waitForFunction(() => {
    const toast = document.querySelector('.mantine-Notification-root');
    if (!toast) return false;
    const box = toast.getBoundingClientRect();
    const style = getComputedStyle(toast);
    return box.right <= window.innerWidth && box.left >= 0 && style.opacity === '1';
  });
}

describe.skipIf(!hasChromium)('Jornada das expressões: um {{ }} que não pode ser lido', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('ao ativar o flow, o editor diz qual conector, qual parâmetro e por quê, em pt-BR', async () => {
    const flowId = await createFlow(
      call,
      'Pedido',
      [
        { type: 'core_manual_trigger' },
        {
          type: 'core_log',
          label: 'Registrar',
          params: { label: 'Pedido', message: 'Total: {{ $substring("abc" x) }}' },
        },
      ],
      { enabled: false },
    );
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByRole('switch', { name: 'Ativo' }).check({ force: true });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(
      page,
      'Ocorreu um erro ao salvar o fluxo: O fluxo possui erros e não pode ser ativado. ' +
        'Corrija-os ou salve-o desativado. O conector "Registrar": o parâmetro "Mensagem" tem ' +
        'uma expressão que não pode ser lida: S0202: Esperava ")", mas encontrou "x" (posição 18)',
    );
    await settledToast(page);
    await snap(page, 'expressions-01-ativar-com-expressao-ilegivel', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await settledToast(page);
    await snap(page, 'expressions-02-ativar-com-expressao-ilegivel-390', { fullPage: false });
    const stored = await call('GET', `/api/v1/flows/${flowId}`);
    expect(stored.body.enabled).toBe(false);
  });
});
