import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { apiClient, createFlow, type Call } from './support/api';
import { until } from './support/until';

async function toast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** Every byte value, twice, and a pt-BR text: what goes up must come down unchanged. */
const report = Buffer.concat([
  Buffer.from('Relatório de vendas — novembro\n', 'utf8'),
  Buffer.from(Array.from({ length: 512 }, (_, index) => index % 256)),
]);
/** The same report corrected: it replaces the first one after the question. */
const corrected = Buffer.concat([report, Buffer.from('Revisado em dezembro.\n', 'utf8')]);

describe.skipIf(!hasChromium)(
  'Jornada do storage: pastas, upload, busca, download, exclusão',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let call: Call;

    const table = () => page.getByRole('table', { name: 'Arquivos e pastas' });

    beforeAll(async () => {
      server = await startServer(admin);
      browser = await launchBrowser();
      context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'pt-BR',
        acceptDownloads: true,
      });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
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

    it('cria uma pasta e envia um arquivo para dentro dela', async () => {
      await page.goto(`${server.url}/storage`);
      await page.getByRole('heading', { name: 'Storage' }).waitFor();
      await page.getByText('Esta pasta está vazia.').waitFor();

      await page.getByRole('button', { name: 'Criar pasta', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'Criar pasta' });
      await create.getByRole('textbox', { name: /Nome ou caminho/ }).fill('relatorios');
      await create.getByRole('button', { name: 'Criar' }).click();
      await toast(page, 'Pasta criada com sucesso');
      await create.waitFor({ state: 'detached' });

      await table().getByRole('button', { name: 'relatorios', exact: true }).click();
      await page.waitForURL('**/storage?path=%2Frelatorios');
      await page.getByText('Esta pasta está vazia.').waitFor();

      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const upload = page.getByRole('dialog', { name: 'Upload' });
      await upload.locator('input[type="file"]').setInputFiles({
        name: 'vendas-novembro.bin',
        mimeType: 'application/octet-stream',
        buffer: report,
      });
      await upload.getByRole('button', { name: 'Enviar' }).click();
      await toast(page, 'Arquivo enviado com sucesso');
      const row = table().getByRole('row', { name: /vendas-novembro\.bin/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('/relatorios/vendas-novembro.bin');
      expect(await row.textContent()).toContain('546 B');
    });

    it('pergunta antes de substituir um arquivo que já existe', async () => {
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const upload = page.getByRole('dialog', { name: 'Upload' });
      await upload.locator('input[type="file"]').setInputFiles({
        name: 'vendas-novembro.bin',
        mimeType: 'application/octet-stream',
        buffer: corrected,
      });
      await upload.getByRole('button', { name: 'Enviar' }).click();
      const question = page.getByRole('dialog', { name: 'Arquivo já existe' });
      await question.getByText('Substituir o arquivo existente?').waitFor();
      await snap(page, 'storage-replace-1440', { fullPage: false });
      await question.getByRole('button', { name: 'Confirmar' }).click();
      await toast(page, 'Arquivo enviado com sucesso');
      await question.waitFor({ state: 'detached' });
      const row = table().getByRole('row', { name: /vendas-novembro\.bin/ });
      await row.getByText(`${corrected.length} B`).waitFor();
      expect(await table().getByRole('row').count()).toBe(2);
    });

    it('busca o arquivo, copia o caminho e baixa os mesmos bytes', async () => {
      await page.goto(`${server.url}/storage`);
      await table().getByRole('button', { name: 'relatorios', exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Buscar pastas e arquivos' }).fill('novembro');
      await page.waitForURL('**/storage?search=novembro');
      const row = table().getByRole('row', { name: /vendas-novembro\.bin/ });
      await row.waitFor();
      expect(await table().getByRole('row').count()).toBe(2);

      await row.getByRole('button', { name: /^Copiar caminho/ }).click();
      await toast(page, 'Caminho copiado para a área de transferência');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe('/relatorios/vendas-novembro.bin');

      const download = page.waitForEvent('download');
      await row.getByRole('button', { name: 'Baixar vendas-novembro.bin' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('vendas-novembro.bin');
      expect(readFileSync((await file.path())!).equals(corrected)).toBe(true);
      await toast(page, 'Arquivo baixado com sucesso');
      await snap(page, 'storage-search-1440');
    });

    it('um flow grava um relatório que aparece na lista', async () => {
      const flowId = await createFlow(call, 'Relatório mensal', [
        { type: 'core_manual_trigger' },
        {
          type: 'core_storage_write',
          params: {
            path: '/relatorios/vendas-{{ msg.payload.mes }}.csv',
            source: 'text',
            content: 'mes;total\n{{ msg.payload.mes }};42\n',
            if_exists: 'replace',
          },
        },
      ]);
      const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, { mes: 'nov' });
      expect(started.status).toBe(200);
      await until(async () => {
        const listed = await call('GET', '/api/v1/storage?path=%2Frelatorios');
        return (listed.body as { name: string }[]).some((item) => item.name === 'vendas-nov.csv');
      }, 'o flow gravar o relatório');

      await page.goto(`${server.url}/storage?path=/relatorios`);
      const row = table().getByRole('row', { name: /vendas-nov\.csv/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('17 B');
      await snap(page, 'storage-folder-1440');
    });

    it('envia um arquivo solto sobre a página para a pasta atual', async () => {
      await page.evaluate(async () => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['solto na página'], 'solto.txt', { type: 'text/plain' }));
        const init = { bubbles: true, cancelable: true, dataTransfer: transfer };
        document.dispatchEvent(new DragEvent('dragenter', init));
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const zone = document.querySelector('[aria-label="Soltar arquivos"]')!;
        zone.dispatchEvent(new DragEvent('dragenter', init));
        zone.dispatchEvent(new DragEvent('dragover', init));
        zone.dispatchEvent(new DragEvent('drop', init));
      });
      await toast(page, 'Arquivo enviado com sucesso');
      await table()
        .getByRole('row', { name: /solto\.txt/ })
        .waitFor();
    });

    it('cabe numa tela de celular', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/storage?path=/relatorios`);
      await page.getByRole('list', { name: 'Arquivos e pastas' }).waitFor();
      await page.getByText('vendas-novembro.bin').first().waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await snap(page, 'storage-folder-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('exclui a pasta com tudo dentro depois da confirmação', async () => {
      await page.goto(`${server.url}/storage`);
      await table().getByRole('button', { name: 'Excluir relatorios', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Excluir pasta' });
      await dialog
        .getByText('Deseja realmente excluir este pasta? Esta ação não poderá ser revertida.')
        .waitFor();
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await toast(page, 'Pasta excluída com sucesso');
      await page.getByText('Esta pasta está vazia.').waitFor();
      const listed = await call('GET', '/api/v1/storage/search?filter.searchTerm=vendas');
      expect(listed.body.total).toBe(0);
    });
  },
);
