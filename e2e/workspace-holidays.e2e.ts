import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiClient } from './support/api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

/** Whether the page scrolls sideways (the document wider than the window). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe.skipIf(!hasChromium)('Feriados do workspace', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    const token = await signInAsAdmin(server, page);
    const api = apiClient(server, token);
    for (const holiday of [
      { date: '2020-01-25', name: 'Aniversário de São Paulo', recurring: true },
      { date: '2026-12-24', name: 'Recesso de fim de ano', recurring: false },
    ]) {
      expect((await api('POST', '/api/v1/holidays', holiday)).status).toBe(201);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("adds a holiday typed as DD/MM/AAAA in the 'Feriados' tab of /variables, at 1440 px", async () => {
    await page.goto(`${server.url}/variables`);
    await page.getByRole('tab', { name: 'Feriados' }).click();
    const table = page.getByRole('table', { name: 'Feriados' });
    await table.getByText('Aniversário de São Paulo').waitFor();
    expect(page.url()).toContain('aba=feriados');

    await page.getByRole('button', { name: 'Criar feriado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo feriado' });
    await dialog.getByLabel('Data').fill('20/11/2027');
    await dialog.getByLabel('Nome').fill('Consciência Negra');
    await dialog.getByRole('checkbox', { name: 'Todo ano' }).check();
    await snap(page, 'workspace-holidays-form-1440');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Feriado salvo com sucesso');
    const row = table.getByRole('row').filter({ hasText: 'Consciência Negra' });
    expect(await row.textContent()).toContain('20/11/2027');
    expect(await row.textContent()).toContain('Sim');

    // The same day again: the server's message, the form kept.
    await page.getByRole('button', { name: 'Criar feriado' }).click();
    await dialog.getByLabel('Data').fill('20/11/2031');
    await dialog.getByLabel('Nome').fill('Outro');
    await dialog.getByRole('checkbox', { name: 'Todo ano' }).check();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Já existe um feriado de todo ano neste dia e mês neste workspace.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Sair sem salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'Buscar feriados' }).fill('consciencia');
    await table.getByText('Aniversário de São Paulo').waitFor({ state: 'detached' });
    expect(await table.getByRole('row').count()).toBe(2);
    await page.getByRole('textbox', { name: 'Buscar feriados' }).fill('');
    await table.getByText('Recesso de fim de ano').waitFor();
    await snap(page, 'workspace-holidays-1440');
  });

  it('imports a CSV saved by Excel in Portuguese, keeping the days already there', async () => {
    // Windows-1252, as 'CSV (separado por vírgulas)' of a Brazilian Excel: 'ç' 0xE7, 'ã' 0xE3.
    const csv = Buffer.concat([
      Buffer.from('Data;Nome;Todo ano\r\n07/09/2020;Independ'),
      Buffer.from([0xea]),
      Buffer.from('ncia;sim\r\n15/03/2027;Funda'),
      Buffer.from([0xe7, 0xe3]),
      Buffer.from('o da empresa;n'),
      Buffer.from([0xe3]),
      Buffer.from('o\r\n24/12/2026;Recesso de fim de ano;\r\n'),
    ]);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'feriados.csv', mimeType: 'text/csv', buffer: csv });
    await expectToast(page, '2 feriados importados; 1 já existia e foi mantido.');
    const table = page.getByRole('table', { name: 'Feriados' });
    await table.getByText('Fundação da empresa').waitFor();
    await table.getByText('Independência').waitFor();
  });

  it('keeps the tab within 390 px, one card per holiday, and removes one after asking', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/variables?aba=feriados`);
    const list = page.getByRole('list', { name: 'Feriados' });
    await list.getByText('Recesso de fim de ano').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(5);
    expect(await overflowsSideways(page)).toBe(false);
    await snap(page, 'workspace-holidays-390');

    const card = list.getByRole('listitem').filter({ hasText: 'Recesso de fim de ano' });
    await card.getByRole('button', { name: 'Remover' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Deseja realmente remover' });
    expect(await confirm.textContent()).toContain('24/12/2026 — Recesso de fim de ano');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expectToast(page, 'Feriado removido com sucesso');
    await list.getByText('Recesso de fim de ano').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Criar feriado' }).click();
    await page.getByRole('dialog', { name: 'Novo feriado' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await snap(page, 'workspace-holidays-form-390', { fullPage: false });
  });
});
