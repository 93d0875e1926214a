import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@ponte/shared/messages';
import { apiClient, createFlow, type Call } from './support/api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { openEditorSetting, selectNode } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

const f = messages.forms.public;
const badge = 'Não aguardada';
const option = /^Continuar quando ninguém espera a resposta/;

// The consumer flow calls a stand-in on this address that holds every request until the test
// lets it answer (200 with JSON, RFC 9110 §15.3.1): the execution outlives the form's wait for
// as long as the test needs, whatever the load of the machine, and no longer.
const host = '127.0.0.27';

interface Gate {
  url: string;
  /** How many requests are being held. */
  held(): number;
  /** Answers every held request. */
  release(): void;
  close(): Promise<void>;
}

async function startGate(): Promise<Gate> {
  const waiting = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    request.resume();
    waiting.add(response);
    // Closed by the caller giving up, or once answered.
    response.on('close', () => waiting.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    held: () => waiting.size,
    release() {
      for (const response of waiting) {
        waiting.delete(response);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ok: true }));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A published form that waits for its flow, with one text field 'Nome'. */
async function createForm(call: Call, name: string): Promise<string> {
  const created = await call('POST', '/api/v1/forms', {
    name,
    status: 'published',
    title: name,
    wait_flow_result: true,
    fields: [{ name: 'nome', label: 'Nome', type: 'text', position: 0 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body._id as string;
}

/** Fills 'Nome' on the form's public page and sends it. */
async function send(page: Page, server: RunningServer, formId: string, nome: string) {
  await page.goto(`${server.url}/engine/forms/${formId}`);
  await page.getByRole('textbox', { name: /^Nome/ }).fill(nome);
  await page.getByRole('button', { name: f.submit }).click();
}

/** The finished executions of the flow, as the completed list answers them. */
async function completedOf(call: Call, flowId: string) {
  const reply = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=50');
  const items = reply.body.items as { data: { flow_id: string; status: string } }[];
  return items.filter(({ data }) => data.flow_id === flowId).map(({ data }) => data.status);
}

/** Waits for the dialog's opening transition, then takes the shot. */
async function snapDialog(page: Page, name: string) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[role="dialog"]')).some(
      (dialog) => getComputedStyle(dialog).opacity === '1',
    ),
  );
  await snap(page, name, { fullPage: false });
}

describe.skipIf(!hasChromium)('Jornada: quem chamou parou de esperar a resposta', () => {
  let server: RunningServer;
  let browser: Browser;
  let gate: Gate;

  beforeAll(async () => {
    gate = await startGate();
    // One slot of executions, and forms that wait one second for their flow.
    server = await startServer({
      ...admin,
      PONTE_EXECUTION_CONCURRENCY: '1',
      PONTE_FORM_RESULT_TIMEOUT_SECONDS: '1',
      PONTE_HTTP_ALLOWED_NETWORKS: `${host}/32`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await gate?.close();
  });

  it('recusa o envio que não começa a tempo, marca a execução sem espera e segue a opção do flow', async () => {
    for (const width of [1440, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'pt-BR' });
      const call = apiClient(server, await signInAsAdmin(server, page));
      const formId = await createForm(call, `Pedido ${width}`);
      const consumer = await createFlow(call, `Recebe pedidos ${width}`, [
        { type: 'core_form_trigger', params: { form: formId } },
        {
          type: 'core_http_request',
          params: { method: 'GET', url: `${gate.url}/estoque`, timeout_ms: 600_000 },
        },
        { type: 'core_log', params: { label: 'Pedido', message: 'Estoque conferido' } },
      ]);
      const holder = await createFlow(call, `Ocupa a vaga ${width}`, [
        { type: 'core_webhook_trigger', params: { method: 'POST', path: 'ocupa' } },
        { type: 'core_delay', params: { amount: 10, unit: 'min' } },
      ]);

      // The only slot is taken: the submission is not made, and the page says to try again.
      const held = await fetch(`${server.url}/engine/webhook/${holder}/ocupa`, { method: 'POST' });
      const { execution_id: holding } = (await held.json()) as { execution_id: string };
      await send(page, server, formId, 'Ana');
      await page.getByText(f.submitBusy(1)).waitFor();
      await snap(page, `unawaited-form-busy-${width}`);
      await call('POST', '/engine/stop-execution', { execution_id: holding });
      await until(async () => (await completedOf(call, holder)).length === 1, 'a vaga livre');

      // The option, on by default, in 'Opções do Flow'.
      await page.goto(`${server.url}/flows/${consumer}`);
      await page.getByText('Total de conectores: 3').waitFor();
      await openEditorSetting(page, 'Opções do Flow');
      const dialog = page.getByRole('dialog', { name: 'Opções do Flow' });
      expect(await dialog.getByRole('switch', { name: option }).isChecked()).toBe(true);
      await snapDialog(page, `unawaited-options-${width}`);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();

      // The webhook's 'Resposta' says what a waiting caller hears.
      await page.goto(`${server.url}/flows/${holder}`);
      await page.getByText('Total de conectores: 2').waitFor();
      await selectNode(page, 'n0');
      const hint = page.getByText(/Nos outros modos, quem chama espera a resposta por até 30 s/);
      await hint.waitFor();
      await hint.scrollIntoViewIfNeeded();
      await snap(page, `unawaited-webhook-node-${width}`, { fullPage: false });

      // The flow outlives the form's wait: the visitor hears the time ran out, and it goes on.
      await send(page, server, formId, 'Bia');
      await page.getByText(f.timeout).waitFor();
      await page.goto(`${server.url}/monitoring/active`);
      const row = page.getByRole('row', { name: new RegExp(`Recebe pedidos ${width}`) });
      await row.getByText(badge).waitFor();
      await row.getByText(badge).scrollIntoViewIfNeeded();
      await snap(page, `unawaited-running-${width}`);
      gate.release();
      await until(async () => (await completedOf(call, consumer)).includes('success'), 'o fim');

      // Turned off, the next execution nobody waits for is stopped.
      await page.goto(`${server.url}/flows/${consumer}`);
      await page.getByText('Total de conectores: 3').waitFor();
      await openEditorSetting(page, 'Opções do Flow');
      // Unchecked once the dialog has stopped moving in (a forced click during the opening
      // animation can land on the overlay and close the dialog).
      await dialog.getByRole('switch', { name: option }).uncheck();
      expect(await dialog.getByRole('switch', { name: option }).isChecked()).toBe(false);
      await dialog.getByRole('button', { name: 'Aplicar' }).click();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expectToast(page, 'Fluxo salvo com sucesso');
      expect((await call('GET', `/api/v1/flows/${consumer}`)).body.config.continue_unawaited).toBe(
        false,
      );
      await send(page, server, formId, 'Caio');
      await page.getByText(f.timeout).waitFor();
      await until(async () => (await completedOf(call, consumer)).includes('stopped'), 'a parada');
      // Stopping it gave up the call it was making.
      await until(async () => gate.held() === 0, 'a chamada abandonada');

      await page.goto(`${server.url}/monitoring/completed`);
      // A table at 1440 px, a list of cards on a phone.
      const phone = width < 768;
      const table = page.getByRole(phone ? 'list' : 'table', { name: 'Execuções finalizadas' });
      const rows = table
        .getByRole(phone ? 'listitem' : 'row')
        .filter({ hasText: `Recebe pedidos ${width}` });
      await rows.first().waitFor();
      // Withdrawn before it started (Ana), then gone on (Bia) and stopped (Caio) without a wait.
      expect(await rows.count()).toBe(3);
      expect(await rows.filter({ hasText: badge }).count()).toBe(2);
      // The status is the last column, or the card's last line on a phone.
      await rows.first().getByText(badge).scrollIntoViewIfNeeded();
      await snap(page, `unawaited-completed-${width}`);
      await page.close();
    }
  });
});
