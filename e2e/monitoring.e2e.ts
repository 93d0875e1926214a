import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiClient, createFlow, type Call } from './support/api';
import { hasChromium, launchBrowser, skipReason, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

const node = (uid: string, type: string, x: number, params: object, extra: object = {}) => ({
  uid,
  type,
  position: { x, y: 0 },
  params,
  ...extra,
});
const edge = (source: string, target: string) => ({
  id: `${source}:default->${target}`,
  source,
  sourceOutput: 'default',
  target,
});

describe.skipIf(!hasChromium)('Jornada do debugger e do monitoramento', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;
  let debugFlow = '';

  /** Runs a flow through its Manual Trigger and waits for the execution to finish. */
  const runToEnd = async (flowId: string, input: object = {}) => {
    const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, input);
    expect(started.status).toBe(200);
    const executionId = started.body.execution_id as string;
    return until(async () => {
      const list = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=50');
      const done = (list.body.items as { data: { execution_id: string; status: string } }[]).find(
        (item) => item.data.execution_id === executionId,
      );
      return done?.data ?? false;
    }, 'a execução terminar');
  };

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
    const created = await call('POST', '/api/v1/flows', {
      name: 'Saudação com debug',
      enabled: true,
      data: {
        version: 1,
        nodes: [
          node('gatilho', 'core_manual_trigger', 0, {
            fields: [{ name: 'nome', label: 'Nome', type: 'text', required: true }],
          }),
          node('codigo', 'core_code', 300, {
            code: "msg.payload.saudacao = 'Olá ' + msg.payload.nome",
          }),
          node(
            'registro',
            'core_log',
            600,
            { label: 'Saudação', message: '{{ msg.payload.saudacao }}' },
            { breakpoint: true },
          ),
        ],
        edges: [edge('gatilho', 'codigo'), edge('codigo', 'registro')],
      },
    });
    expect(created.status).toBe(201);
    debugFlow = created.body._id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('depura passo a passo, continua até o breakpoint e para o debug', async () => {
    await page.goto(`${server.url}/flows/${debugFlow}`);
    await page.getByText('Total de conectores: 3').waitFor();
    await page.getByRole('button', { name: 'Debugger' }).click();
    const panel = page.getByRole('region', { name: 'Live Debugger' });
    await panel.waitFor();
    const output = panel.getByRole('tabpanel', { name: 'Debug Output' });
    const runWith = async (button: string) => {
      await page.getByRole('button', { name: button, exact: true }).click();
      const run = page.getByRole('dialog', { name: 'Executar Flow' });
      await run.getByLabel('Nome').fill('Ana');
      await run.getByRole('button', { name: 'Executar' }).click();
      await run.waitFor({ state: 'detached' });
    };
    const pausedAt = async (uid: string, name: string) => {
      // Named as the library names the type, never by its id.
      await output.getByText(name, { exact: true }).waitFor();
      await page.locator(`.react-flow__node[data-id="${uid}"] [data-highlighted]`).waitFor();
    };

    // 'Executar com Debug' starts the session, then runs: Next Step through every node.
    await runWith('Executar com Debug');
    await panel.getByText('Debug ativo').waitFor();
    await panel.getByRole('tab', { name: 'Debug Output' }).click();
    await pausedAt('gatilho', 'Manual Trigger');
    await output.getByText('"Ana"').first().waitFor();
    await snap(page, 'monitoring-01-debug-pausado');
    await panel.getByRole('button', { name: 'Next Step' }).click();
    await pausedAt('codigo', 'Código');
    await output.getByText('"Olá Ana"').first().waitFor();
    await snap(page, 'monitoring-02-debug-saida-do-codigo');
    await panel.getByRole('button', { name: 'Next Step' }).click();
    await pausedAt('registro', 'Log');
    await panel.getByRole('button', { name: 'Next Step' }).click();
    await output.getByText('Nenhum conector aguardando o próximo passo.').waitFor();

    // A second run while the session is on: Continue stops at the breakpoint.
    await runWith('Executar');
    await pausedAt('gatilho', 'Manual Trigger');
    await panel.getByRole('button', { name: 'Continue' }).click();
    await pausedAt('registro', 'Log');
    await panel.getByRole('tab', { name: 'Mensagens da execução' }).click();
    // The held outputs' lines are labelled with the connector's name, never its type id.
    await panel.getByRole('cell', { name: 'Código', exact: true }).first().waitFor();
    expect(await panel.getByText(/^core_/).count()).toBe(0);
    await snap(page, 'monitoring-03-debug-breakpoint');
    await panel.getByRole('button', { name: 'Stop Debug' }).click();
    await panel.getByText('Debug ativo').waitFor({ state: 'detached' });
    await snap(page, 'monitoring-04-debug-parado');

    const completed = await until(async () => {
      const list = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=10');
      return list.body.total >= 2 && list.body.items;
    }, 'as duas execuções depuradas terminarem');
    const [stopped, finished] = completed as { data: { execution_id: string; status: string } }[];
    expect(stopped?.data.status).toBe('stopped');
    expect(finished?.data.status).toBe('success');
  });

  it('encontra os logs da execução em /monitoring pelo ID e abre os detalhes', async () => {
    const flowId = await createFlow(call, 'Saudação registrada', [
      {
        type: 'core_manual_trigger',
        params: { fields: [{ name: 'nome', label: 'Nome', type: 'text', required: true }] },
      },
      { type: 'core_code', params: { code: "msg.payload.saudacao = 'Olá ' + msg.payload.nome" } },
      { type: 'core_log', params: { label: 'Saudação', message: '{{ msg.payload.saudacao }}' } },
    ]);
    const finished = await runToEnd(flowId, { nome: 'Ana' });
    expect(finished.status).toBe('success');
    const execution = finished.execution_id;
    const filters = encodeURIComponent(
      JSON.stringify({ date_alias: '1000d', execution_id: execution }),
    );
    // Log lines are written in batches right after the execution ends: open the page once the
    // line is stored, as the page does not refresh by itself.
    await until(async () => {
      const logs = await call('GET', `/api/v1/monitoring/logs?filters=${filters}`);
      return (logs.body.items as { data: { message: string } }[]).some(
        (item) => item.data.message === 'Olá Ana',
      );
    }, 'a linha "Olá Ana" ser gravada');
    await page.goto(`${server.url}/monitoring?filters=${filters}`);
    await page.getByRole('heading', { name: 'Logs de monitoramento' }).waitFor();
    const table = page.getByRole('table').first();
    await table.getByText('Olá Ana').first().waitFor();
    await snap(page, 'monitoring-05-logs-da-execucao');
    await table
      .getByRole('row', { name: /Olá Ana/ })
      .filter({ hasText: 'Usuário' })
      .getByRole('button', { name: 'Detalhes' })
      .click();
    const details = page.getByRole('dialog');
    await details.getByText(execution).first().waitFor();
    await snap(page, 'monitoring-06-detalhes-do-log');
    await page.keyboard.press('Escape');
  });

  it('mostra um flow longo em /monitoring/active e o para', async () => {
    const created = await call('POST', '/api/v1/flows', {
      name: 'Espera longa',
      enabled: true,
      data: {
        version: 1,
        nodes: [
          node('gatilho', 'core_manual_trigger', 0, {}),
          node('espera', 'core_delay', 300, { amount: 5, unit: 'min' }),
        ],
        edges: [edge('gatilho', 'espera')],
      },
    });
    const started = await call('POST', `/engine/flow/manual-trigger/${created.body._id}`, {});
    expect(started.status).toBe(200);
    await page.goto(`${server.url}/monitoring/active`);
    await page.getByRole('heading', { name: 'Flows ativos em tempo real' }).waitFor();
    const row = page.getByRole('row', { name: /Espera longa/ });
    await row.waitFor();
    await page.getByText('Online').first().waitFor();
    await snap(page, 'monitoring-07-execucoes-ativas');
    await row.getByRole('button', { name: 'Parar' }).click();
    await row.waitFor({ state: 'detached' });
    const stopped = await until(async () => {
      const completed = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=10');
      const item = completed.body.items.find(
        (entry: { data: { execution_id: string } }) =>
          entry.data.execution_id === started.body.execution_id,
      );
      return item ?? false;
    }, 'a execução parada aparecer no histórico');
    expect(stopped.data.status).toBe('stopped');
  });

  it('lista as execuções terminadas e o gráfico da última hora', async () => {
    const flowId = await createFlow(call, 'Registro rápido', [
      { type: 'core_manual_trigger' },
      { type: 'core_log', params: { label: 'Registro', message: 'rodou' } },
    ]);
    const finished = await runToEnd(flowId);
    await page.goto(`${server.url}/monitoring/completed`);
    await page.getByRole('heading', { name: 'Flows executados' }).waitFor();
    const row = page.getByRole('row', { name: /Registro rápido/ });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(finished.execution_id);
    await expect(row.textContent()).resolves.toContain('Sucesso');
    await page.locator('.recharts-bar-rectangle path').filter({ visible: true }).first().waitFor();
    await snap(page, 'monitoring-08-historico');
  });
});

if (!hasChromium) {
  describe(`Jornada do debugger no navegador: ${skipReason}`, () => {
    it.skip('puladas', () => {});
  });
}
