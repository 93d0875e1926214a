import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { apiClient, createFlow } from './support/api';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { nodeUid, selectNode } from './support/flow-editor';

const panelOf = (page: Page) =>
  page.getByRole('complementary', { name: 'Configuração do conector' });

/** The fullscreen code editor (a dialog titled by the param's label). */
const fullscreenOf = (page: Page) => page.getByRole('dialog', { name: 'Código' });

/** Types at the end of the Monaco editor inside `scope`. */
async function typeAtEnd(page: Page, scope: ReturnType<Page['locator']>, text: string) {
  await scope.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
}

describe.skipIf(!hasChromium)(
  'Jornada do editor: as teclas ficam no editor em que se digita',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let codeUid: string;

    beforeAll(async () => {
      server = await startServer(admin);
      browser = await launchBrowser();
      page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
      const token = await signInAsAdmin(server, page);
      const call = apiClient(server, token);
      const flowId = await createFlow(call, 'Teclas no editor', [
        { type: 'core_manual_trigger' },
        { type: 'core_code', params: { code: 'return msg;' } },
      ]);
      await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
      await page.goto(`${server.url}/flows/${flowId}`);
      await page.getByText('Total de conectores: 2').waitFor();
      codeUid = await nodeUid(page, 'Código');
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('Backspace e Delete digitados no editor de código não removem o conector selecionado', async () => {
      await selectNode(page, codeUid);
      const panel = panelOf(page);
      await panel.locator('.monaco-editor').waitFor();
      await typeAtEnd(page, panel, '// oi');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Delete');
      await panel.locator('.monaco-editor').getByText('// ', { exact: true }).waitFor();
      expect(await page.locator(`.react-flow__node[data-id="${codeUid}"]`).count()).toBe(1);
      expect(await panel.count()).toBe(1);
    });

    it('Backspace num campo de texto do painel não remove o conector', async () => {
      const label = panelOf(page).getByRole('textbox', { name: 'Nome do conector' });
      await label.fill('Calcular');
      await label.press('Backspace');
      expect(await label.inputValue()).toBe('Calcula');
      expect(await page.locator(`.react-flow__node[data-id="${codeUid}"]`).count()).toBe(1);
    });

    it('Backspace com o foco num botão do painel não remove o conector', async () => {
      await panelOf(page).getByRole('button', { name: 'Copiar identificador' }).focus();
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Delete');
      await panelOf(page).getByRole('button', { name: 'Copiar identificador' }).waitFor();
      expect(await page.locator(`.react-flow__node[data-id="${codeUid}"]`).count()).toBe(1);
    });

    it('na tela cheia, Esc fecha só a lista de sugestões e a busca, nunca o editor', async () => {
      await panelOf(page).getByRole('button', { name: 'Tela cheia' }).click();
      const dialog = fullscreenOf(page);
      await dialog.locator('.monaco-editor').waitFor();
      await typeAtEnd(page, dialog, 'getV');
      const suggestions = page.locator('.suggest-widget.visible');
      await suggestions.waitFor();
      await snap(page, 'flow-editor-keys-01-sugestoes', { fullPage: false });
      await page.keyboard.press('Escape');
      await suggestions.waitFor({ state: 'hidden' });
      // The next keys still reach the fullscreen editor.
      await page.keyboard.type('Um');
      await dialog.locator('.view-lines', { hasText: 'getVUm' }).waitFor();

      await page.keyboard.press('ControlOrMeta+F');
      const find = dialog.locator('.find-widget.visible');
      await find.waitFor();
      await page.keyboard.press('Escape');
      await find.waitFor({ state: 'hidden' });
      await page.keyboard.press('End');
      await page.keyboard.type('Dois');
      await dialog.locator('.view-lines', { hasText: 'getVUmDois' }).waitFor();

      // With nothing left to close, Esc still leaves the editor open: its button closes it.
      await page.keyboard.press('Escape');
      await page.keyboard.press('End');
      await page.keyboard.type('Tres');
      await dialog.locator('.view-lines', { hasText: 'getVUmDoisTres' }).waitFor();
      await dialog.getByRole('button', { name: 'Sair da tela cheia' }).click();
      await dialog.waitFor({ state: 'detached' });
      await panelOf(page).locator('.view-lines', { hasText: 'getVUmDoisTres' }).waitFor();
    });

    it('F1 abre a paleta de comandos em português, sem o menu e a paleta em inglês do Monaco', async () => {
      await panelOf(page).getByRole('button', { name: 'Tela cheia' }).click();
      const dialog = fullscreenOf(page);
      await dialog.locator('.view-lines', { hasText: 'getVUmDoisTres' }).click();
      await page.keyboard.press('F1');
      const palette = page.getByRole('dialog', { name: 'Paleta de comandos' });
      await palette.getByRole('option', { name: /Localizar/ }).waitFor();
      expect(await page.locator('.quick-input-widget').isVisible()).toBe(false);
      await snap(page, 'flow-editor-keys-02-paleta', { fullPage: false });
      // Esc closes the palette only.
      await page.keyboard.press('Escape');
      await palette.waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(true);

      await page.keyboard.press('F1');
      await palette.getByRole('textbox', { name: 'Buscar comando' }).fill('coment');
      await page.keyboard.press('Enter');
      await palette.waitFor({ state: 'detached' });
      await dialog.locator('.view-lines', { hasText: '// getVUmDoisTres' }).waitFor();

      // Monaco's own menu (in English) does not open; the browser's menu is left to the browser.
      await dialog.locator('.view-lines').click({ button: 'right' });
      expect(await page.locator('.monaco-menu').count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Sair da tela cheia' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    it('a tecla seguinte, depois de fechar a tela cheia, não remove o conector', async () => {
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Delete');
      await panelOf(page).getByRole('button', { name: 'Tela cheia' }).waitFor();
      expect(await page.locator(`.react-flow__node[data-id="${codeUid}"]`).count()).toBe(1);
    });

    it('fora dos editores, Delete ainda remove o conector selecionado', async () => {
      await selectNode(page, codeUid);
      await page.locator(`.react-flow__node[data-id="${codeUid}"]`).focus();
      await page.keyboard.press('Delete');
      await page.locator(`.react-flow__node[data-id="${codeUid}"]`).waitFor({ state: 'detached' });
    });
  },
);
