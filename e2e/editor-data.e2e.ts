import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiClient, type Call } from './support/api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { typeCode } from './support/flow-editor';
import { dragInto, showAndSelect, showBoth } from './support/editor-canvas';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

/** The order the journey sends to the webhook, and what the code node makes of it. */
const order = {
  cliente: 'Padaria Pão Quente',
  itens: [
    { produto: 'Café torrado', qtd: 2, preco: 12.5 },
    { produto: 'Pão de queijo', qtd: 10, preco: 1.5 },
  ],
};

const totalCode = `const itens = msg.payload.itens;
msg.payload = {
  cliente: msg.payload.cliente,
  total: itens.reduce((soma, item) => soma + item.qtd * item.preco, 0),
};
return msg;`;

/** The code node after the person's edit: the same total, and the order's size. */
const sizedCode = `const itens = msg.payload.itens;
const total = itens.reduce((soma, item) => soma + item.qtd * item.preco, 0);
msg.payload = { cliente: msg.payload.cliente, total, faixa: total > 30 ? 'atacado' : 'varejo' };
return msg;`;

/** Webhook → Código → Condição → (Verdadeiro) Log, as a person would lay it out. */
function orderFlow() {
  const node = (uid: string, type: string, x: number, params: object, label?: string) => ({
    uid,
    type,
    position: { x, y: 120 },
    params,
    ...(label ? { label } : {}),
  });
  const edge = (source: string, output: string, target: string) => ({
    id: `${source}:${output}->${target}`,
    source,
    sourceOutput: output,
    target,
  });
  return {
    version: 1,
    nodes: [
      node('webhook', 'core_webhook_trigger', 0, { path: 'pedidos' }),
      node('codigo', 'core_code', 280, { code: totalCode }),
      node('condicao', 'core_condition', 560, { expression: 'msg.payload.total > 30' }),
      node('log', 'core_log', 840, { label: 'Pedido grande', message: 'Pedido grande de ' }),
    ],
    edges: [
      edge('webhook', 'default', 'codigo'),
      edge('codigo', 'default', 'condicao'),
      edge('condicao', 'true', 'log'),
    ],
  };
}

/** Production executions of the flow among the latest 100 completed ones. */
async function productionRuns(call: Call, flowId: string) {
  const list = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=100');
  return (list.body.items as { data: { flow_id: string; mode: string; status: string } }[])
    .map((item) => item.data)
    .filter((run) => run.flow_id === flowId && run.mode === 'production');
}

describe.skipIf(!hasChromium)('Jornada dos dados no editor: executar, ver, fixar, mapear', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;
  let flowId: string;
  let panel: Locator;

  const node = (uid: string) => page.locator(`.react-flow__node[data-id="${uid}"]`);
  /** Clicks a node; one the open panel pushed out of the canvas is brought back first. */
  const openNode = (uid: string) => showAndSelect(page, uid);
  const runBar = () => page.getByRole('status', { name: 'Execução do editor' });
  const tab = (name: 'Entrada' | 'Saída' | 'Parâmetros') =>
    panel.getByRole('tab', { name, exact: true });
  const tabPanel = () => panel.getByRole('tabpanel');

  /** 'Executar até aqui' in the open node's panel, then waits for the run to end well. */
  async function runToHere(to: string) {
    await panel.getByRole('button', { name: 'Executar até aqui' }).click();
    await runBar()
      .getByText(`Execução do editor concluída até "${to}".`)
      .waitFor({ timeout: 60_000 });
  }

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
    await page.evaluate(() => window.localStorage.setItem('debuggerOpen', 'false'));
    panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    const created = await call('POST', '/api/v1/flows', {
      name: 'Pedidos da padaria',
      enabled: true,
      data: orderFlow(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    flowId = created.body._id as string;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('executa até o Código com a última requisição, vê Entrada e Saída e mapeia um campo arrastando', async () => {
    // One real order reaches the webhook: the flow's last received request.
    const sent = await fetch(`${server.url}/engine/webhook/${flowId}/pedidos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });
    expect(sent.status).toBe(202);
    await until(
      async () => (await productionRuns(call, flowId)).length === 1,
      'a execução do webhook terminar',
    );

    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 4').waitFor();
    await openNode('codigo');
    await runToHereAsking();
    await snap(page, 'editor-data-01-dados-de-inicio', { fullPage: false });
    await page
      .getByRole('dialog', { name: 'Dados de início' })
      .getByRole('button', {
        name: 'Executar',
      })
      .click();
    await runBar().getByText('Execução do editor concluída até "Código".').waitFor({
      timeout: 60_000,
    });

    // 'Entrada': the request as the webhook gave it, as a table.
    await tab('Entrada').click();
    const input = tabPanel();
    await input.getByText('1 item', { exact: true }).waitFor();
    await input.getByRole('button', { name: 'payload.cliente', exact: true }).waitFor();
    expect(await input.getByRole('table', { name: 'Itens em tabela' }).textContent()).toContain(
      'Padaria Pão Quente',
    );
    await snap(page, 'editor-data-02-entrada-do-codigo', { fullPage: false });

    // 'Saída': the total the code computed, as a table, a JSON tree and a schema.
    await tab('Saída').click();
    const output = tabPanel();
    const table = output.getByRole('table', { name: 'Itens em tabela' });
    await output.getByRole('button', { name: 'payload.total 1', exact: true }).waitFor();
    expect(await output.getByRole('button', { name: 'payload.total 1' }).textContent()).toBe('40');
    expect(await table.textContent()).not.toContain('itens');
    await output.getByText('JSON', { exact: true }).click();
    await output.getByRole('button', { name: 'Expandir payload' }).click();
    await output.getByRole('treeitem', { name: 'total' }).getByText('40').waitFor();
    await output.getByText('Esquema', { exact: true }).click();
    const schema = output.getByRole('table', { name: 'Esquema dos itens' });
    await schema.waitFor();
    const totalRow = schema.getByRole('row').filter({ hasText: 'total' });
    expect(await totalRow.textContent()).toContain('número');
    await snap(page, 'editor-data-03-saida-do-codigo-esquema', { fullPage: false });
    await output.getByText('Tabela', { exact: true }).click();

    // The canvas marks what ran: the webhook and the code, one item each.
    expect(await node('codigo').textContent()).toContain('1 item');
    expect(await node('webhook').textContent()).toContain('1 item');

    // On to the log: the run stops there, and the log's 'Entrada' is what the condition let by.
    await openNode('log');
    await runToHere('Log');
    await tab('Entrada').click();
    const logInput = tabPanel();
    const cliente = logInput.getByRole('button', { name: 'payload.cliente', exact: true });
    await cliente.waitFor();
    await openNode('condicao');
    await tab('Saída').click();
    await tabPanel().getByText('Verdadeiro: 1').waitFor();
    await openNode('log');
    await tab('Entrada').click();

    // The field dragged by mouse from 'Entrada' into 'Mensagem', dropped after its text.
    const message = panel.getByRole('textbox', { name: /^Mensagem/ });
    await dragInto(page, cliente, message);
    await until(
      async () => /\{\{ msg\.payload\.cliente \}\}/.test(await message.inputValue()),
      'o campo arrastado chegar à Mensagem',
    );
    expect((await message.inputValue()).replace(/\s+/g, ' ')).toBe(
      'Pedido grande de {{ msg.payload.cliente }}',
    );
    await panel.getByText('Valor: Pedido grande de Padaria Pão Quente').waitFor();
    await snap(page, 'editor-data-04-campo-arrastado', { fullPage: false });

    // The expression editor previews the template over the log's input, before any save.
    await panel.getByRole('button', { name: 'Abrir o editor de expressão de Mensagem' }).click();
    const editor = page.getByRole('dialog', { name: 'Expressão: Mensagem' });
    await editor
      .getByRole('region', { name: 'Resultado' })
      .getByText('Pedido grande de Padaria Pão Quente')
      .waitFor();
    await snap(page, 'editor-data-05-editor-de-expressao', { fullPage: false });
    await editor.getByRole('button', { name: 'Cancelar' }).click();
    await editor.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expectToast(page, 'Fluxo salvo com sucesso');
    const saved = await call('GET', `/api/v1/flows/${flowId}`);
    const log = (saved.body.data.nodes as { uid: string; params: { message: string } }[]).find(
      (each) => each.uid === 'log',
    );
    expect(log?.params.message.replace(/\s+/g, ' ')).toBe(
      'Pedido grande de {{ msg.payload.cliente }}',
    );

    // The README's picture: the condition and the log side by side, the log's input and its
    // message resolved over it.
    await page.getByText('Fluxo salvo com sucesso').waitFor({ state: 'hidden' });
    await showBoth(page, 'condicao', 'log');
    await snap(page, 'editor-data-readme', { fullPage: false });
  });

  it('fixa a saída do Webhook, muda o Código e executa até aqui sem chamar o webhook', async () => {
    await openNode('webhook');
    await tab('Saída').click();
    await tabPanel().getByRole('button', { name: 'Fixar saída' }).click();
    await node('webhook').getByLabel('Saída fixada').waitFor();
    await tabPanel().getByRole('button', { name: 'Remover fixação' }).waitFor();
    const before = (await productionRuns(call, flowId)).length;

    await openNode('codigo');
    await tab('Parâmetros')
      .isVisible()
      .then((narrow) => (narrow ? tab('Parâmetros').click() : undefined));
    await typeCode(page, sizedCode);
    await runToHere('Código');
    await tab('Saída').click();
    const faixa = tabPanel().getByRole('button', { name: 'payload.faixa 1', exact: true });
    await faixa.waitFor();
    expect(await faixa.textContent()).toBe('atacado');

    // The webhook sent its pins instead of running: its 'Saída' says so, and no request ran.
    await openNode('webhook');
    await tab('Saída').click();
    await tabPanel().getByText('Fixado', { exact: true }).waitFor();
    expect((await productionRuns(call, flowId)).length).toBe(before);
    await snap(page, 'editor-data-06-webhook-fixado', { fullPage: false });

    // 'Executar este conector' runs the code alone, on the input it had: a new threshold moves
    // the order to another band, and no node before or after it runs.
    await openNode('codigo');
    await typeCode(page, sizedCode.replace('total > 30', 'total > 50'));
    await panel.getByRole('button', { name: 'Executar este conector' }).click();
    await tab('Saída').click();
    await until(
      async () =>
        (await tabPanel()
          .getByRole('button', { name: 'payload.faixa 1', exact: true })
          .textContent()) === 'varejo',
      'a nova faixa do Código executado sozinho',
    );
    expect(await node('codigo').textContent()).toContain('1 item');
    expect(await node('webhook').textContent()).not.toContain('1 item');
    expect(await node('log').textContent()).not.toContain('1 item');

    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expectToast(
      page,
      'Fluxo salvo com sucesso. Dados fixados em: Webhook — usados só nas execuções do editor.',
    );
  });

  it('abre no editor uma execução que falhou e acha a entrada do conector que falhou', async () => {
    // An order without items: production ignores the pins, and the code node fails on it.
    const sent = await fetch(`${server.url}/engine/webhook/${flowId}/pedidos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cliente: 'Mercearia Sem Itens' }),
    });
    expect(sent.status).toBe(202);
    await until(
      async () => (await productionRuns(call, flowId)).some((run) => run.status === 'error'),
      'a execução com erro terminar',
    );

    await page.goto(`${server.url}/monitoring/completed`);
    await page.getByRole('heading', { name: 'Flows executados' }).waitFor();
    const failed = page.getByRole('row').filter({ hasText: 'Pedidos da padaria' }).filter({
      hasText: 'Erro',
    });
    await failed.first().waitFor();
    // The editor's runs are in the history too, marked as such.
    const editorRuns = page
      .getByRole('row')
      .filter({ hasText: 'Pedidos da padaria' })
      .getByText('Editor', { exact: true });
    expect(await editorRuns.count()).toBeGreaterThan(0);
    await snap(page, 'editor-data-07-historico');
    await failed.first().getByRole('link', { name: 'Abrir no editor' }).click();
    await page.waitForURL(/\/flows\/[^/]+\/execucoes\/[^/]+$/);
    await node('codigo').getByLabel('Falhou').waitFor();
    expect(await node('log').textContent()).not.toMatch(/\d+ ite/);

    await openNode('codigo');
    await tabPanel().getByText('O conector falhou').first().waitFor();
    await tab('Entrada').click();
    await tabPanel().getByText('Mercearia Sem Itens').waitFor();
    await snap(page, 'editor-data-08-execucao-com-erro', { fullPage: false });

    // 'Copiar para o editor': what the webhook sent in that execution becomes its pins.
    await page.getByRole('button', { name: 'Copiar para o editor' }).click();
    await page.waitForURL(new RegExp(`/flows/${flowId}$`));
    await expectToast(page, 'Dados copiados como dados fixados em 1 conector.');
    await openNode('webhook');
    await tab('Saída').click();
    await tabPanel().getByText('Mercearia Sem Itens').first().waitFor();

    // Without pins, and nothing remembered since the page loaded, 'Executar até aqui' asks for
    // the start data: sample data typed as JSON.
    await tabPanel().getByRole('button', { name: 'Remover fixação' }).click();
    await node('webhook').getByLabel('Saída fixada').waitFor({ state: 'detached' });
    await openNode('codigo');
    await panel.getByRole('button', { name: 'Executar até aqui' }).click();
    const start = page.getByRole('dialog', { name: 'Dados de início' });
    await start.getByText('Dados de exemplo', { exact: true }).click();
    const sample = { payload: { cliente: 'Empório Exemplo', itens: [{ qtd: 2, preco: 30 }] } };
    await start
      .getByRole('textbox', { name: /Dados de exemplo/ })
      .fill(JSON.stringify(sample, null, 2));
    await snap(page, 'editor-data-08b-dados-de-exemplo', { fullPage: false });
    await start.getByRole('button', { name: 'Executar' }).click();
    await runBar().getByText('Execução do editor concluída até "Código".').waitFor({
      timeout: 60_000,
    });
    await tab('Saída').click();
    const cliente = tabPanel().getByRole('button', { name: 'payload.cliente 1', exact: true });
    expect(await cliente.textContent()).toBe('Empório Exemplo');

    // Pinned again, now with the sample: the journey on the phone runs on it.
    await openNode('webhook');
    await tab('Saída').click();
    await tabPanel().getByRole('button', { name: 'Fixar saída' }).click();
    await node('webhook').getByLabel('Saída fixada').waitFor();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expectToast(
      page,
      'Fluxo salvo com sucesso. Dados fixados em: Webhook — usados só nas execuções do editor.',
    );
  });

  it('uma saída de 10 MB mostra uma página por vez e a próxima página abre', async () => {
    const created = await call('POST', '/api/v1/flows', {
      name: 'Clientes em massa',
      enabled: false,
      data: {
        version: 1,
        nodes: [
          { uid: 'inicio', type: 'core_manual_trigger', position: { x: 0, y: 120 }, params: {} },
          {
            uid: 'clientes',
            type: 'core_code',
            label: 'Gerar clientes',
            position: { x: 300, y: 120 },
            params: {
              code: `return Array.from({ length: 50000 }, (_, i) => ({
  id: i + 1,
  nome: 'Cliente ' + (i + 1),
  email: 'cliente' + (i + 1) + '@exemplo.com.br',
  cidade: i % 2 ? 'São Paulo' : 'Belo Horizonte',
  observacao: 'Cadastro importado do sistema antigo, conferir endereço e telefone. '.repeat(2),
}));`,
            },
          },
        ],
        edges: [
          {
            id: 'inicio:default->clientes',
            source: 'inicio',
            sourceOutput: 'default',
            target: 'clientes',
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await page.goto(`${server.url}/flows/${created.body._id}`);
    await page.getByText('Total de conectores: 2').waitFor();
    await openNode('clientes');
    await panel.getByRole('button', { name: 'Executar até aqui' }).click();
    await page
      .getByRole('dialog', { name: 'Dados de início' })
      .getByRole('button', {
        name: 'Executar',
      })
      .click();
    await runBar()
      .getByText('Execução do editor concluída até "Gerar clientes".')
      .waitFor({ timeout: 90_000 });

    await tab('Saída').click();
    const output = tabPanel();
    await output.getByText('Linhas de payload', { exact: true }).click();
    await output.getByText('1–50 de 50.000').waitFor({ timeout: 60_000 });
    expect(await output.getByRole('button', { name: 'nome 50', exact: true }).textContent()).toBe(
      'Cliente 50',
    );
    expect(await output.getByRole('button', { name: 'nome 51', exact: true }).count()).toBe(0);
    // All of it was kept: nothing says the data passed the stored limit.
    expect(await output.getByText(/passaram do limite guardado/).count()).toBe(0);
    await snap(page, 'editor-data-09-saida-grande', { fullPage: false });

    await output.getByRole('button', { name: 'Próxima página' }).click();
    await output.getByText('51–100 de 50.000').waitFor();
    expect(await output.getByRole('button', { name: 'nome 51', exact: true }).textContent()).toBe(
      'Cliente 51',
    );
    expect(await output.getByRole('button', { name: 'nome 50', exact: true }).count()).toBe(0);
    // Still answering: another node opens at once.
    await openNode('inicio');
    await panel.getByRole('textbox', { name: 'Nome do conector' }).waitFor();
  });

  it('o painel cabe num celular de 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText(/Total de conectores: 4/).waitFor();
    await openNode('codigo');
    await panel.getByRole('button', { name: 'Executar até aqui' }).click();
    await runBar().getByText('Execução do editor concluída até "Código".').waitFor({
      timeout: 60_000,
    });
    await tab('Saída').click();
    await tabPanel().getByRole('button', { name: 'payload.faixa 1', exact: true }).waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      panel: document
        .querySelector('aside[aria-label="Configuração do conector"]')!
        .getBoundingClientRect().width,
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.panel).toBeLessThanOrEqual(390);
    await snap(page, 'editor-data-10-celular-saida', { fullPage: false });
    await tab('Entrada').click();
    // The start data the flow's editor runs last used: the sample typed before.
    await tabPanel().getByText('Empório Exemplo').first().waitFor();
    await snap(page, 'editor-data-11-celular-entrada', { fullPage: false });
  });

  /** 'Executar até aqui' on a node whose trigger has no start data yet: the choice opens. */
  async function runToHereAsking() {
    await panel.getByRole('button', { name: 'Executar até aqui' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dados de início' });
    await dialog.getByText('Última requisição recebida').waitFor();
    await dialog.getByText(/Recebida em/).waitFor();
  }
});
