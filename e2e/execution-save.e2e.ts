import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiClient, createFlow, userLogs, type Call } from './support/api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { openEditorSetting } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

async function callWebhook(server: RunningServer, flowId: string): Promise<string> {
  const reply = await fetch(`${server.url}/engine/webhook/${flowId}/pedido`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ n: 1 }),
  });
  expect(reply.status).toBe(202);
  return ((await reply.json()) as { execution_id: string }).execution_id;
}

async function endedStatus(call: Call, executionId: string): Promise<string | undefined> {
  const reply = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=50');
  const items = reply.body.items as { data: { execution_id: string; status: string } }[];
  return items.find(({ data }) => data.execution_id === executionId)?.data.status;
}

/**
 * Opens 'Opções do Flow' from the toolbar (or its 'Mais ações' menu), picks `option` for the
 * execution data, applies and saves; returns once the server holds `stored`. The toast alone
 * does not tell: the previous save's may still be on the screen.
 */
async function chooseSaving(
  page: Page,
  call: Call,
  flowId: string,
  [option, stored]: [string, string],
  shot: string,
) {
  await openEditorSetting(page, 'Opções do Flow');
  const dialog = page.getByRole('dialog', { name: 'Opções do Flow' });
  await dialog.getByRole('combobox', { name: 'Dados das execuções' }).click();
  await page.getByRole('option', { name: option }).click();
  await snap(page, shot, { fullPage: false });
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Fluxo salvo com sucesso');
  await until(async () => {
    const saved = await call('GET', `/api/v1/flows/${flowId}`);
    return saved.body.config.save_executions === stored;
  }, `a opção '${option}' salva`);
}

describe.skipIf(!hasChromium)('Jornada: o que fica guardado de cada execução', () => {
  let server: RunningServer;
  let browser: Browser;
  let call: Call;

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("guarda só a execução com 'Só a execução' e tudo de novo com 'Tudo'", async () => {
    for (const width of [1440, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'pt-BR' });
      const token = await signInAsAdmin(server, page);
      call = apiClient(server, token);
      const label = `Pedido ${width}`;
      const flowId = await createFlow(call, `Pedidos ${width}`, [
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'pedido', response: 'immediate' },
        },
        { type: 'core_log', params: { label, message: 'recebido' } },
      ]);
      await page.goto(`${server.url}/flows/${flowId}`);
      await page.getByText('Total de conectores: 2').waitFor();

      await chooseSaving(
        page,
        call,
        flowId,
        ['Só a execução', 'none'],
        `execution-save-${width}-so-a-execucao`,
      );
      const lean = await callWebhook(server, flowId);
      await until(async () => (await endedStatus(call, lean)) === 'success', 'a execução enxuta');
      // The completed list has it; the logs page has none of its lines.
      const leanLines = await call(
        'GET',
        `/api/v1/monitoring/logs?filters=${encodeURIComponent(JSON.stringify({ execution_id: lean, date_alias: '1h' }))}`,
      );
      expect(leanLines.status).toBe(200);
      expect(leanLines.body.items).toEqual([]);
      expect((await userLogs(call)).filter((line) => line.label === label)).toEqual([]);

      await chooseSaving(page, call, flowId, ['Tudo', 'all'], `execution-save-${width}-tudo`);
      const full = await callWebhook(server, flowId);
      await until(async () => (await endedStatus(call, full)) === 'success', 'a execução inteira');
      await until(
        async () => (await userLogs(call)).some((line) => line.label === label),
        'a linha do log do usuário',
      );
      await page.close();
    }
  });
});
