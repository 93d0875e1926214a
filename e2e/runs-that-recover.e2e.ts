import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startFlakyApi, type FlakyApi } from '../apps/server/src/test/stand-ins/flaky-api';
import { apiClient, userLogs, type Call } from './support/api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { selectNode } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

// The order service is a stand-in on 127.0.0.25 answering 503 Service Unavailable while told
// (RFC 9110 §15.6.4), then 200 with JSON: nothing on the internet is reached.
const host = '127.0.0.25';
const at = (x: number) => ({ x, y: 0 });

/** Manual trigger → 'Consultar pedido' (HTTP GET), with this 'Em caso de erro'. */
function orderFlow(url: string, onError?: object) {
  return {
    version: 1,
    nodes: [
      { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
      {
        uid: 'api',
        type: 'core_http_request',
        label: 'Consultar pedido',
        position: at(300),
        params: { method: 'GET', url: `${url}/pedidos/{{ msg.payload.pedido }}` },
        ...(onError ? { onError } : {}),
      },
    ],
    edges: [{ id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'api' }],
  };
}

async function createFlow(call: Call, name: string, data: object) {
  const created = await call('POST', '/api/v1/flows', { name, enabled: true, data });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body._id as string;
}

async function run(call: Call, flowId: string, pedido: number) {
  const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, { pedido });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
}

async function finished(call: Call, flowId: string) {
  const reply = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=50');
  return (reply.body.items as { data: { flow_id: string; execution_id: string; status: string } }[])
    .map(({ data }) => data)
    .filter((data) => data.flow_id === flowId);
}

/** Waits for a dialog's opening transition, then takes the shot. */
async function snapDialog(page: Page, name: string) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[role="dialog"]')).some(
      (dialog) => getComputedStyle(dialog).opacity === '1',
    ),
  );
  await snap(page, name, { fullPage: false });
}

describe.skipIf(!hasChromium)('Jornada: execuções que se recuperam', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: FlakyApi;

  beforeAll(async () => {
    api = await startFlakyApi(host);
    server = await startServer({ ...admin, PONTE_HTTP_ALLOWED_NETWORKS: `${host}/32` });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await api?.close();
  });

  it("configura 'Em caso de erro', vê a execução aguardando a nova tentativa e a executa agora", async () => {
    for (const width of [1440, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'pt-BR' });
      const call = apiClient(server, await signInAsAdmin(server, page));
      const flowId = await createFlow(call, `Pedidos ${width}`, orderFlow(api.url));

      // The panel: a minute between attempts, only on 503.
      await page.goto(`${server.url}/flows/${flowId}`);
      await selectNode(page, 'api');
      const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
      const retries = panel.getByRole('textbox', { name: 'Novas tentativas', exact: true });
      await retries.scrollIntoViewIfNeeded();
      await retries.fill('2');
      await panel.getByText('Fixa', { exact: true }).click();
      await panel.getByRole('textbox', { name: 'Espera (s)' }).fill('60');
      await panel.getByRole('radio', { name: 'Só nestes erros' }).check();
      const statuses = panel.getByRole('combobox', { name: /Status HTTP/ });
      await statuses.fill('503');
      await statuses.press('Enter');
      await statuses.press('Escape');
      await panel.getByText('Em caso de erro', { exact: true }).scrollIntoViewIfNeeded();
      await snap(page, `recuperar-em-caso-de-erro-${width}`, { fullPage: false });
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expectToast(page, 'Fluxo salvo com sucesso');
      const saved = await call('GET', `/api/v1/flows/${flowId}`);
      expect(saved.body.data.nodes[1].onError).toMatchObject({
        retries: 2,
        backoff: 'fixed',
        base_ms: 60_000,
        match: { statuses: ['503'] },
      });

      api.failNext(1);
      await run(call, flowId, 42);
      await page.goto(`${server.url}/monitoring/active`);
      const table = page.getByRole('table', { name: 'Execuções na fila e aguardando' });
      await table.getByText(/^Nova tentativa 2 de 3 em \d{2}\/\d{2}\/\d{4}/).waitFor();
      await snap(page, `recuperar-aguardando-${width}`);
      await table.getByRole('button', { name: 'Executar agora' }).click();
      await expectToast(page, 'Execução retomada.');
      await until(
        async () => (await finished(call, flowId)).some((data) => data.status === 'success'),
        'a nova tentativa terminar',
      );
      await table.waitFor({ state: 'detached' });
      await page.close();
    }
  });

  it('espera uma chamada ao link, mostra o motivo e continua quando o link é chamado', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    const call = apiClient(server, await signInAsAdmin(server, page));
    const flowId = await createFlow(call, 'Confirmação de pagamento', {
      version: 1,
      nodes: [
        { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
        {
          uid: 'espera',
          type: 'core_wait_call',
          position: at(300),
          params: { timeout: 2, timeout_unit: 'd' },
        },
        {
          uid: 'link',
          type: 'core_log',
          position: at(600),
          params: { label: 'Link', message: '{{ msg.wait.url }}' },
        },
        {
          uid: 'pago',
          type: 'core_log',
          position: at(600),
          params: { label: 'Pago', message: '{{ msg.payload.valor }}' },
        },
      ],
      edges: [
        { id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'espera' },
        { id: 'e2', source: 'espera', sourceOutput: 'link', target: 'link' },
        { id: 'e3', source: 'espera', sourceOutput: 'default', target: 'pago' },
      ],
    });
    await run(call, flowId, 1);
    await page.goto(`${server.url}/monitoring/active`);
    const table = page.getByRole('table', { name: 'Execuções na fila e aguardando' });
    await table.getByText(/^Aguardando uma chamada ao link \(expira em/).waitFor();
    await snap(page, 'recuperar-aguardando-chamada-1440');
    const link = await until(async () => {
      const lines = await userLogs(call);
      return lines.find((line) => line.label === 'Link')?.message;
    }, 'o link no log');
    const answer = await fetch(`${server.url}${link}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ valor: '1.234,56' }),
    });
    expect(answer.status).toBe(200);
    await table.waitFor({ state: 'detached' });
    await until(
      async () => (await userLogs(call)).some((line) => line.label === 'Pago'),
      'a execução continuar',
    );
    const again = await fetch(`${server.url}${link}`, { method: 'POST' });
    expect(again.status).toBe(409);
    await page.close();
  });

  it('reexecuta a partir do conector que falhou, com a entrada que ele teve, depois de corrigi-lo', async () => {
    for (const width of [1440, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'pt-BR' });
      const call = apiClient(server, await signInAsAdmin(server, page));
      const flowId = await createFlow(
        call,
        `Reexecutar ${width}`,
        orderFlow('http://127.0.0.26:9'),
      );
      await run(call, flowId, 7);
      const [failed] = await until(async () => {
        const rows = await finished(call, flowId);
        return rows.length > 0 && rows;
      }, 'a execução falhar');
      expect(failed!.status).toBe('error');
      // The fix: the right address of the service.
      const current = await call('GET', `/api/v1/flows/${flowId}`);
      await call('PUT', `/api/v1/flows/${flowId}`, { ...current.body, data: orderFlow(api.url) });

      api.paths.length = 0;
      await page.goto(`${server.url}/flows/${flowId}/execucoes/${failed!.execution_id}`);
      const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
      await panel.getByRole('button', { name: 'Reexecutar a partir daqui' }).click();
      const dialog = page.getByRole('dialog', {
        name: 'Reexecutar a partir de "Consultar pedido"',
      });
      await dialog.getByText('Versão atual (versão 2)').waitFor();
      await snapDialog(page, `recuperar-reexecutar-${width}`);
      await dialog.getByRole('button', { name: 'Reexecutar' }).click();
      await expectToast(page, 'Reexecução iniciada.');
      await page.getByText(/^Reexecução de /).waitFor();
      await until(
        async () => (await finished(call, flowId)).some((data) => data.status === 'success'),
        'a reexecução terminar',
      );
      expect(api.paths).toEqual(['/pedidos/7']);
      await snap(page, `recuperar-reexecucao-${width}`);
      await page.close();
    }
  });
});
