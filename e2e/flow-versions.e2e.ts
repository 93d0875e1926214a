import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminToken, apiClient, createFlow, userLogs, type Call } from './support/api';
import { expectToast, hasChromium, launchBrowser } from './support/browser';
import { showAndSelect } from './support/editor-canvas';
import { startServer, type RunningServer } from './support/server';
import { admin, adminPage } from './support/session';
import { until } from './support/until';

// Two people of one workspace edit the same flow (docs/adr/0103): Ana (the owner) and Beatriz,
// each in a browser of her own.
const beatriz = {
  name: 'Beatriz Souza',
  email: 'beatriz@exemplo.com.br',
  password: 'segredo-da-bia',
};
const flowName = 'Pedidos do dia';
const original = 'Pedido recebido';
const anasMessage = 'Pedido recebido pela Ana';

// The screenshots of this journey are looked at, not kept: outside the repository.
const shotDir = '/tmp/ponte-flow-versions';

/** Waits until no CSS transition runs, then saves the viewport as `name`.png. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: `${shotDir}/${name}.png` });
}

async function beatrizToken(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/account/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: beatriz.email, password: beatriz.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A 1440 × 900 pt-BR page signed in as Beatriz, the debugger panel closed. */
async function beatrizPage(server: RunningServer, browser: Browser, token: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${server.url}/auth?token=${token}`);
  await page.waitForURL('**/flows');
  await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
  return page;
}

const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Alterado por outra pessoa' });
const historyDrawer = (page: Page) => page.getByRole('dialog', { name: 'Histórico de versões' });
const versionItem = (drawer: Locator, number: number) =>
  drawer.getByRole('listitem', { name: `Versão ${number}` });

describe.skipIf(!hasChromium)('Jornada das versões de um flow: duas pessoas, um conflito', () => {
  let server: RunningServer;
  let browser: Browser;
  let call: Call;
  let biaCall: Call;
  let ana: Page;
  let bia: Page;
  let flowId: string;

  const openEditor = async (page: Page) => {
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 2').waitFor();
    await page.locator('.react-flow__node').first().waitFor();
  };

  beforeAll(async () => {
    server = await startServer({ ...admin });
    browser = await launchBrowser();
    call = apiClient(server, await adminToken(server));
    expect((await call('PUT', '/api/v1/users/me', { name: 'Ana Lima' })).status).toBe(200);
    const added = await call('POST', '/account/v1/users', beatriz);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    flowId = await createFlow(call, flowName, [
      { type: 'core_manual_trigger' },
      { type: 'core_log', label: 'Aviso', params: { label: 'Aviso', message: original } },
    ]);
    const token = await beatrizToken(server);
    biaCall = apiClient(server, token);
    ana = await adminPage(server, browser);
    bia = await beatrizPage(server, browser, token);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Ana salva uma alteração com uma descrição', async () => {
    await openEditor(ana);
    await openEditor(bia);
    await showAndSelect(ana, 'n1');
    const panel = ana.getByRole('complementary', { name: 'Configuração do conector' });
    await panel.getByRole('textbox', { name: /^Mensagem/ }).fill(anasMessage);

    await ana.getByRole('button', { name: 'Opções da versão' }).click();
    await ana.getByRole('menuitem', { name: 'Salvar com descrição…' }).click();
    const describe = ana.getByRole('dialog', { name: 'Salvar com descrição' });
    await describe
      .getByRole('textbox', { name: 'Descreva a alteração' })
      .fill('Mensagem do aviso com o nome da Ana');
    await describe.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expectToast(ana, 'Fluxo salvo com sucesso');
    await describe.waitFor({ state: 'detached' });
  });

  it('o salvamento de Beatriz, feito sobre a versão antiga, é recusado com quem alterou e quando', async () => {
    await bia.getByLabel('Nome do flow').fill(`${flowName} (Bia)`);
    await bia.getByRole('button', { name: 'Salvar', exact: true }).click();
    const dialog = conflictDialog(bia);
    await dialog.waitFor();
    const text = await dialog.getByRole('alert').textContent();
    expect(text).toMatch(
      /^Este flow foi alterado por Ana Lima às \d\d:\d\d depois que você o abriu\.$/,
    );
    await shot(bia, 'conflito-1440');
  });

  it("'Ver as alterações' mostra a mudança da Ana sem sair do editor", async () => {
    await conflictDialog(bia).getByRole('button', { name: 'Ver as alterações' }).click();
    const changes = bia.getByRole('dialog', { name: 'Alterações de Ana Lima' });
    const list = changes.getByRole('region', { name: 'Conectores' });
    await list.getByRole('button', { name: 'Aviso: Alterado' }).click();
    const detail = changes.getByLabel('Alterações do conector');
    await detail.getByText(anasMessage, { exact: true }).waitFor();
    await detail.getByText(original, { exact: true }).waitFor();
    await changes.locator('.react-flow__node[data-id="n1"] [data-diff="changed"]').waitFor();
    await shot(bia, 'alteracoes-da-ana-1440');
    await changes.getByRole('button', { name: 'Voltar às opções' }).click();
    await changes.waitFor({ state: 'detached' });
    expect(await bia.getByLabel('Nome do flow').inputValue()).toBe(`${flowName} (Bia)`);
  });

  it("'Manter as minhas' salva por cima, e o histórico tem as duas versões", async () => {
    const dialog = conflictDialog(bia);
    await dialog.getByRole('button', { name: 'Manter as minhas' }).click();
    await dialog
      .getByText(
        'Salvar as suas alterações por cima da versão 2? A versão da outra pessoa continua no histórico.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Salvar as minhas' }).click();
    await expectToast(bia, 'Fluxo salvo com sucesso');
    await dialog.waitFor({ state: 'detached' });

    await bia.getByRole('button', { name: 'Histórico de versões' }).click();
    const drawer = historyDrawer(bia);
    const third = versionItem(drawer, 3);
    await third.getByText('Atual', { exact: true }).waitFor();
    await third.getByText(beatriz.name).waitFor();
    const second = versionItem(drawer, 2);
    await second.getByText('Ana Lima').waitFor();
    await second.getByText('Mensagem do aviso com o nome da Ana').waitFor();
    await versionItem(drawer, 1).waitFor();
    await shot(bia, 'historico-1440');

    const versions = await call('GET', `/api/v1/flows/${flowId}/versions`);
    expect(versions.body.items.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    const kept = await call('GET', `/api/v1/flows/${flowId}`);
    expect(kept.body.name).toBe(`${flowName} (Bia)`);
  });

  it('restaura a versão da Ana pelo histórico e a execução roda o que foi restaurado', async () => {
    const drawer = historyDrawer(bia);
    await versionItem(drawer, 2).getByRole('button', { name: 'Restaurar a versão 2' }).click();
    const confirm = bia.getByRole('dialog', { name: 'Restaurar a versão 2?' });
    await confirm
      .getByText(
        'A versão 2 vira a atual como uma versão nova (versão 4). Nenhuma versão é apagada.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Restaurar', exact: true }).click();
    await expectToast(bia, 'Versão 2 restaurada como versão 4.');
    await drawer.waitFor({ state: 'detached' });
    await bia.waitForFunction(
      (name) =>
        (document.querySelector('input[aria-label="Nome do flow"]') as HTMLInputElement | null)
          ?.value === name,
      flowName,
    );

    await bia.getByRole('button', { name: 'Executar', exact: true }).click();
    const run = bia.getByRole('dialog', { name: 'Executar Flow' });
    await run.getByRole('button', { name: 'Executar', exact: true }).click();
    await run.waitFor({ state: 'detached' });
    type Done = { _id: string; data: { flow_id: string; status: string; flow_version: number } };
    const execution = await until(async () => {
      const done = await call('GET', '/api/v1/monitoring/executions/completed');
      return (done.body.items as Done[]).find((item) => item.data.flow_id === flowId) ?? false;
    }, 'a execução do flow restaurado');
    expect(execution.data).toMatchObject({ status: 'success', flow_version: 4 });
    const logs = await userLogs(call);
    expect(logs).toContainEqual(expect.objectContaining({ label: 'Aviso', message: anasMessage }));

    // The execution's page names the version it ran: the restored one, today's.
    await bia.goto(`${server.url}/flows/${flowId}/execucoes/${execution._id}`);
    const version = bia.getByTestId('execution-flow-version');
    await version.getByRole('link', { name: 'Versão 4' }).waitFor();
    await version.getByText('Atual', { exact: true }).waitFor();
    await shot(bia, 'execucao-versao-1440');
  });

  it('a comparação com a versão atual, a 1440 px e a 390 px', async () => {
    await bia.goto(`${server.url}/flows/${flowId}/versoes/1/comparar`);
    const aside = bia.getByRole('complementary', { name: 'Alterações' });
    await aside.getByText('De Versão 1 para Versão 4 (atual)').waitFor();
    await aside.getByRole('button', { name: 'Aviso: Alterado' }).waitFor();
    await bia.locator('.react-flow__node [data-diff="changed"]').waitFor();
    await shot(bia, 'comparacao-1440');
    await aside.getByRole('button', { name: 'Aviso: Alterado' }).click();
    await shot(bia, 'comparacao-conector-1440');

    await bia.setViewportSize({ width: 390, height: 844 });
    await bia.reload();
    await aside.getByRole('button', { name: 'Aviso: Alterado' }).waitFor();
    await shot(bia, 'comparacao-390');
    await bia.getByRole('button', { name: 'Voltar ao editor' }).click();
    await bia.getByText('Total de conectores: 2').waitFor();
    await bia.getByRole('button', { name: 'Mais ações', exact: true }).click();
    await bia.getByRole('menuitem', { name: 'Histórico de versões' }).click();
    await versionItem(historyDrawer(bia), 4).getByText('Atual', { exact: true }).waitFor();
    await versionItem(historyDrawer(bia), 4).getByText('Restaurada da versão 2').waitFor();
    await shot(bia, 'historico-390');
    const scrollWidth = await bia.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await bia.keyboard.press('Escape');
    await historyDrawer(bia).waitFor({ state: 'detached' });

    // A laptop's width: the whole toolbar on one line, 'Histórico de versões' as its icon, no
    // button's words cut.
    await bia.setViewportSize({ width: 1100, height: 800 });
    await bia.getByRole('button', { name: 'Histórico de versões', exact: true }).waitFor();
    const first = await bia.getByRole('button', { name: 'Importar/Exportar' }).boundingBox();
    const run = await bia.getByRole('button', { name: 'Executar', exact: true }).boundingBox();
    expect(run!.x + run!.width).toBeLessThanOrEqual(1100);
    expect(Math.abs(run!.y - first!.y)).toBeLessThan(4);
    const cut = await bia
      .locator('.mantine-Button-label')
      .evaluateAll((labels) =>
        labels
          .filter((label) => label.scrollWidth > label.clientWidth + 1)
          .map((label) => label.textContent),
      );
    expect(cut).toEqual([]);
    await shot(bia, 'barra-1100');
  });

  it('o editor da Ana, parado na versão 2, também é avisado num celular', async () => {
    // Beatriz changes the message again, through the API this time (version 5).
    const now = (await biaCall('GET', `/api/v1/flows/${flowId}`)).body;
    now.data.nodes[1].params.message = 'Pedido conferido';
    const saved = await biaCall('PUT', `/api/v1/flows/${flowId}`, {
      data: now.data,
      version: now.version,
      version_message: 'Mensagem conferida',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await ana.setViewportSize({ width: 390, height: 844 });
    await ana.getByLabel('Nome do flow').fill(`${flowName} (Ana)`);
    await ana.getByRole('button', { name: 'Salvar', exact: true }).click();
    const dialog = conflictDialog(ana);
    await dialog.getByText(/^Este flow foi alterado por Beatriz Souza às \d\d:\d\d/).waitFor();
    await shot(ana, 'conflito-390');
    await dialog.getByRole('button', { name: 'Ver as alterações' }).click();
    const changes = ana.getByRole('dialog', { name: 'Alterações de Beatriz Souza' });
    await changes.getByRole('complementary', { name: 'Alterações' }).waitFor();
    await changes.getByText('De Versão 2 (a que você abriu) para Versão 5 (atual)').waitFor();
    await changes.getByRole('button', { name: 'Aviso: Alterado' }).waitFor();
    await shot(ana, 'alteracoes-390');
    await changes.getByRole('button', { name: 'Aviso: Alterado' }).click();
    await changes.getByText('Pedido conferido', { exact: true }).waitFor();
    await shot(ana, 'alteracoes-conector-390');
  });
});
