import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, skipReason, snap } from './support/browser';
import { apiClient, createFlow, userLogs, type Call, type ChainStep } from './support/api';
import { connectNodes, dropConnector, nodeUid, selectNode, typeCode } from './support/flow-editor';
import { waitForLogLine } from './support/monitoring';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

/** Manual Trigger (field 'nome') → Código (greeting) → Log labelled `label`. */
const greeting = (label: string): ChainStep[] => [
  {
    type: 'core_manual_trigger',
    params: { fields: [{ name: 'nome', label: 'Nome', type: 'text', required: true }] },
  },
  { type: 'core_code', params: { code: "msg.payload.saudacao = 'Olá ' + msg.payload.nome" } },
  { type: 'core_log', label, params: { label, message: '{{ msg.payload.saudacao }}' } },
];

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

async function launchPage(browser: Browser) {
  const page = await browser.newPage({
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

describe.skipIf(!hasChromium)('Jornada dos flows: editor, lista, execução, importação', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await launchPage(browser);
    call = apiClient(server, await signInAsAdmin(server, page));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('monta do zero Manual Trigger → Código → Log, salva e vê o flow na lista', async () => {
    await page.getByText('Nenhum Flow criado ainda.').waitFor();
    await page.getByRole('link', { name: 'Criar Flow' }).first().click();
    await page.waitForURL('**/flows/new');
    await page.getByText('Total de conectores: 0').waitFor();

    const trigger = await dropConnector(page, 'Manual Trigger', { x: 140, y: 220 });
    const code = await dropConnector(page, 'Código', { x: 380, y: 220 });
    const log = await dropConnector(page, 'Log', { x: 620, y: 220 });
    await page.getByText('Total de conectores: 3').waitFor();
    await connectNodes(page, trigger, 'default', code);
    await connectNodes(page, code, 'default', log);

    await selectNode(page, trigger);
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await panel.getByRole('button', { name: 'Adicionar linha' }).click();
    await panel.getByRole('textbox', { name: 'Nome (linha 1)' }).fill('nome');
    await panel.getByRole('textbox', { name: 'Rótulo (linha 1)' }).fill('Nome');

    await selectNode(page, code);
    await typeCode(page, "msg.payload.saudacao = 'Olá ' + msg.payload.nome");

    await selectNode(page, log);
    await panel.getByRole('textbox', { name: /^Rótulo/ }).fill('Saudação');
    await panel.getByRole('textbox', { name: /^Mensagem/ }).fill('{{ msg.payload.saudacao }}');
    await page.getByLabel('Nome do flow').fill('Saudação');
    await page.getByText('Existem alterações não salvas no fluxo').waitFor();
    await snap(page, 'flows-01-editor-novo-flow');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Fluxo salvo com sucesso');
    await page.waitForURL(/\/flows\/[^/]+\?fromNew=true$/);
    await page.getByText('Existem alterações não salvas no fluxo').waitFor({ state: 'detached' });
    const saved = (await call('GET', '/api/v1/flows?status=all')).body.items as {
      name: string;
      data: { nodes: unknown[]; edges: unknown[] };
      thumbnailData: string | null;
    }[];
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ name: 'Saudação' });
    expect(saved[0]?.data.nodes).toHaveLength(3);
    expect(saved[0]?.data.edges).toHaveLength(2);
    expect(saved[0]?.thumbnailData).toMatch(/^data:image\/svg\+xml;base64,/);

    await page.getByRole('main').getByRole('button', { name: 'Voltar' }).click();
    await page.waitForURL('**/flows');
    const row = page.getByRole('row', { name: /Saudação/ });
    await row.getByRole('img', { name: /Saudação/ }).waitFor();
    await row.getByText('Manual Trigger', { exact: true }).waitFor();
    await snap(page, 'flows-02-lista');
  });

  it('executa o flow pela lista com nome = Ana e o log aparece na API', async () => {
    await createFlow(call, 'Saudação pela lista', greeting('Saudação pela lista'));
    await page.goto(`${server.url}/flows`);
    await page
      .getByRole('row', { name: /Saudação pela lista/ })
      .getByRole('button', { name: 'Executar' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Executar Flow' });
    await dialog.getByLabel('Nome').fill('Ana');
    await snap(page, 'flows-03-executar');
    await dialog.getByRole('button', { name: 'Executar' }).click();
    await dialog
      .getByText('Flow iniciado! Verifique os logs de monitoramento para detalhes da execução.')
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    const messages = await until(async () => {
      const logs = await userLogs(call);
      return logs.length > 0 && logs;
    }, 'o log da execução');
    expect(messages).toContainEqual(
      expect.objectContaining({ label: 'Saudação pela lista', message: 'Olá Ana' }),
    );
  });

  it('exporta o flow para um arquivo e importa o arquivo num flow novo', async () => {
    const flowId = await createFlow(call, 'Saudação', greeting('Saudação'));
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 3').waitFor();
    await page.getByRole('button', { name: 'Importar/Exportar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Exportar para arquivo' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('saudacao.json');
    const exportedFile = `${server.dataDir}/saudacao.json`;
    await download.saveAs(exportedFile);
    expect(JSON.parse(readFileSync(exportedFile, 'utf8')).data.nodes).toHaveLength(3);

    await page.goto(`${server.url}/flows/new`);
    await page.getByText('Total de conectores: 0').waitFor();
    await page.getByRole('button', { name: 'Importar/Exportar' }).click();
    await page.getByRole('menuitem', { name: 'Importar de arquivo' }).click();
    await page.getByText('Selecione a posição no editor para importar o fluxo').waitFor();
    await snap(page, 'flows-04-importar-posicao');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator('.react-flow__pane').click({ position: { x: 200, y: 200 } }),
    ]);
    await chooser.setFiles(exportedFile);
    await toast(page, 'Arquivo importado com sucesso');
    await page.getByText('Total de conectores: 3').waitFor();
    await page.getByLabel('Nome do flow').fill('Saudação importada');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Fluxo salvo com sucesso');
    await page.waitForURL(/fromNew=true/);
    const imported = (await call('GET', '/api/v1/flows?status=all&query=importada')).body.items;
    expect(imported).toHaveLength(1);
    expect(imported[0].data.nodes).toHaveLength(3);
  });

  it('importa um template da galeria e salva', async () => {
    await page.goto(`${server.url}/flows/new`);
    await page.getByRole('button', { name: 'Importar/Exportar' }).click();
    await page.getByRole('menuitem', { name: 'Importar da galeria de templates' }).click();
    const gallery = page.getByRole('dialog', { name: 'Galeria de templates de Flows' });
    await gallery.getByText('Todos').first().waitFor();
    const card = gallery.getByRole('article', { name: 'Consulta de CEP (ViaCEP)' });
    await card.waitFor();
    await snap(page, 'flows-05-galeria');
    await card.getByRole('button', { name: 'Importar para o editor' }).click();
    await gallery.waitFor({ state: 'detached' });
    await page.getByText(/Total de conectores: [1-9]/).waitFor();
    await page.getByLabel('Nome do flow').fill('Consulta de CEP');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Fluxo salvo com sucesso');
    await page.waitForURL(/fromNew=true/);
    await snap(page, 'flows-06-template-importado');
    const flows = (await call('GET', '/api/v1/flows?status=all&query=CEP')).body.items;
    expect(flows).toHaveLength(1);
  });

  it('edita pelo teclado, mostra os erros do fluxo e as variáveis do flow', async () => {
    const flowId = await createFlow(call, 'Endereço de entrega', greeting('Registrar endereço'));
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 3').waitFor();
    const logNode = await nodeUid(page, 'Registrar endereço');
    await selectNode(page, logNode);
    await page.keyboard.press('Control+d');
    await page.getByText('Total de conectores: 4').waitFor();
    await page.keyboard.press('Control+z');
    await page.getByText('Total de conectores: 3').waitFor();
    await page.keyboard.press('Control+Shift+z');
    await page.getByText('Total de conectores: 4').waitFor();
    await page.keyboard.press('Control+z');
    await page.getByText('Total de conectores: 3').waitFor();
    await selectNode(page, logNode);
    await page.keyboard.press('Control+c');
    await toast(page, '1 conector copiado.');
    await page.keyboard.press('Control+v');
    await page.getByText('Total de conectores: 4').waitFor();
    // The pasted copy is selected and unconnected: the validator flags it at once.
    await page.getByRole('button', { name: /Erros encontrados no fluxo/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Erros encontrados no fluxo' });
    await viewer.getByRole('listitem').first().waitFor();
    await snap(page, 'flows-07-erros-do-fluxo');
    // 'Selecionar conector' closes the viewer and selects the pasted copy: Delete removes it.
    await viewer.getByRole('button', { name: 'Selecionar conector' }).first().click();
    await viewer.waitFor({ state: 'detached' });
    await page.locator('.react-flow__node.selected').waitFor();
    await expect(page.locator('.react-flow__node.selected').count()).resolves.toBe(1);
    await page.keyboard.press('Delete');
    await page.getByText('Total de conectores: 3').waitFor();
    await page
      .getByRole('button', { name: /Erros encontrados no fluxo/ })
      .waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Configurações' }).click();
    await page.getByRole('menuitem', { name: /Variáveis/ }).click();
    const variables = page.getByRole('dialog', { name: 'Variáveis' });
    await variables.getByRole('button', { name: 'Adicionar variável' }).click();
    await variables.getByRole('textbox', { name: 'Chave' }).last().fill('UF_PADRAO');
    await variables.getByRole('textbox', { name: 'Valor' }).last().fill('SP');
    await snap(page, 'flows-08-variaveis-do-flow');
    await variables.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('button', { name: 'Configurações' }).click();
    await expect(
      page.getByRole('menuitem', { name: /Variáveis/ }).textContent(),
    ).resolves.toContain('1');
    await page.keyboard.press('Escape');
  });

  it('executa pelo editor e o log da execução aparece em /monitoring', async () => {
    const flowId = await createFlow(call, 'Saudação pelo editor', greeting('Saudação pelo editor'));
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 3').waitFor();
    await page.getByRole('button', { name: 'Executar', exact: true }).click();
    const run = page.getByRole('dialog', { name: 'Executar Flow' });
    await run.getByLabel('Nome').fill('Bia');
    await snap(page, 'flows-09-executar-pelo-editor');
    await run.getByRole('button', { name: 'Executar' }).click();
    await run
      .getByText('Flow iniciado! Verifique os logs de monitoramento para detalhes da execução.')
      .waitFor();
    await run.waitFor({ state: 'detached' });

    const line = await waitForLogLine(page, server, flowId, 'Olá Bia');
    expect(line).toContain('Saudação pelo editor');
    await snap(page, 'flows-10-log-da-execucao-pelo-editor');
  });

  it('avisa ao sair do editor com alterações não salvas', async () => {
    const flowId = await createFlow(call, 'Consulta de endereço', greeting('Registrar consulta'));
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 3').waitFor();
    await page.getByLabel('Nome do flow').fill('Consulta de endereço (editado)');
    await page.getByRole('main').getByRole('button', { name: 'Voltar' }).click();
    const warning = page.getByRole('dialog', { name: 'Sair do editor?' });
    await warning
      .getByText('Existem alterações não salvas no fluxo. Deseja sair mesmo assim?')
      .waitFor();
    await snap(page, 'flows-11-aviso-alteracoes');
    await warning.getByRole('button', { name: 'Continuar editando' }).click();
    expect(page.url()).toMatch(/\/flows\/[^/]+/);
    await expect(page.getByLabel('Nome do flow').inputValue()).resolves.toBe(
      'Consulta de endereço (editado)',
    );

    // Closing or reloading the tab: the page asks the browser to confirm.
    const asked = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(asked).toBe(true);

    await page.getByRole('main').getByRole('button', { name: 'Voltar' }).click();
    await warning.getByRole('button', { name: 'Sair sem salvar' }).click();
    await page.waitForURL('**/flows');
    await page.getByRole('row', { name: /Consulta de endereço/ }).waitFor();
    expect((await call('GET', '/api/v1/flows?status=all&query=editado')).body.total).toBe(0);
  });

  it('remove um flow só quando o nome digitado confere', async () => {
    const flowId = await createFlow(call, 'Saudação antiga', greeting('Saudação antiga'));
    await page.goto(`${server.url}/flows`);
    await page
      .getByRole('row', { name: /Saudação antiga/ })
      .getByRole('button', { name: 'Opções' })
      .click();
    await page.getByRole('menuitem', { name: 'Remover' }).click();
    await page.waitForURL('**/flows/delete/**');
    await page.getByLabel('Digite o nome para confirmar').fill('Saudação');
    await page.getByRole('button', { name: 'Remover o flow' }).click();
    await toast(page, 'O nome do flow não confere com o nome digitado!');
    await snap(page, 'flows-12-remover-nome-errado');
    expect((await call('GET', `/api/v1/flows/${flowId}`)).status).toBe(200);
    await page.getByLabel('Digite o nome para confirmar').fill('Saudação antiga');
    await page.getByRole('button', { name: 'Remover o flow' }).click();
    await toast(page, 'Flow removido com sucesso!');
    await page.waitForURL('**/flows');
    expect((await call('GET', `/api/v1/flows/${flowId}`)).status).toBe(404);
  });
});

describe.skipIf(!hasChromium)('Limite de conectores Action/Trigger do cliente', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ ...admin, PONTE_NODE_LIMIT: '2' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('mostra a mensagem do 429 com o limite 2 e não salva', async () => {
    const page = await launchPage(browser);
    const call = apiClient(server, await signInAsAdmin(server, page));
    await page.goto(`${server.url}/flows/new`);
    await dropConnector(page, 'Manual Trigger', { x: 140, y: 220 });
    await dropConnector(page, 'Log', { x: 380, y: 220 });
    await dropConnector(page, 'Código', { x: 620, y: 220 });
    await page.getByText('Action/Trigger: 3 / 2').waitFor();
    await page.getByLabel('Nome do flow').fill('Grande demais');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(
      page,
      'Você atingiu o limite de conectores do tipo Action/Trigger (2) para o mesmo fluxo! Entre em contato com o suporte para saber mais.',
    );
    await snap(page, 'flows-13-limite-de-conectores');
    expect(page.url()).toMatch(/\/flows\/new$/);
    expect((await call('GET', '/api/v1/flows?status=all')).body.total).toBe(0);
  });
});

if (!hasChromium) {
  describe(`Jornadas dos flows no navegador: ${skipReason}`, () => {
    it.skip('puladas', () => {});
  });
}
