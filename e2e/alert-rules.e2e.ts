import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { messages } from '@ponte/shared/messages';
import { apiClient, createFlow, userLogs, type Call } from './support/api';
import { hasChromium, launchBrowser, skipReason, snap, expectToast } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

const m = messages.alertRules;
const ruleName = 'Erros dos pedidos';
const flowName = 'Pedidos da loja';
/** The rule's capture window: one minute, the shortest (spec 2 §9). */
const windowMs = 60_000;

interface Received {
  method: string;
  url: string;
  body: unknown;
}

/** A webhook receiver on 127.0.0.1 that answers 200 and keeps what it got. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => resolve(text));
    });
  const server = createServer((request, response) => {
    void read(request).then((text) => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/alertas`, received, server };
}

/** Picks an option of a select found by its label. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A rule's table row, or its card on a phone, found by the link of its exact name. */
function row(page: Page, name: string): Locator {
  const link = page.getByRole('link', { name, exact: true });
  return page
    .getByRole('row')
    .filter({ has: link })
    .or(page.getByRole('listitem').filter({ has: link }));
}

/** Waits until no CSS transition runs: a modal or the phone menu is not caught half-way. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** Resizes the page and waits for the layout to settle. */
async function resize(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await settled(page);
}

async function noHorizontalScroll(page: Page) {
  await settled(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

async function runFlow(call: Call, flowId: string, pedido: string) {
  const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, { pedido });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
}

/** Runs the flow and waits until its 'erro' line is in the logs. */
async function runUntilLogged(call: Call, flowId: string, pedido: string) {
  const message = `erro no pedido ${pedido}`;
  const lines = async () => (await userLogs(call)).filter((log) => log.message === message).length;
  const before = await lines();
  await runFlow(call, flowId, pedido);
  await until(async () => (await lines()) > before, `o log "${message}"`);
}

describe.skipIf(!hasChromium)('Jornada das regras de alerta: webhook, duplicar, remover', () => {
  let server: RunningServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let browser: Browser;
  let page: Page;
  let call: Call;
  let flowId = '';
  let ruleId = '';

  beforeAll(async () => {
    receiver = await startReceiver();
    // The network guard lets the webhook reach the receiver on 127.0.0.1.
    server = await startServer({ ...admin, PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.1/32' });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('prepara um flow que escreve "erro" nos logs e roda uma vez', async () => {
    flowId = await createFlow(call, flowName, [
      {
        type: 'core_manual_trigger',
        params: { fields: [{ name: 'pedido', label: 'Pedido', type: 'text', required: true }] },
      },
      {
        type: 'core_log',
        params: { label: 'Pedidos', message: 'erro no pedido {{ msg.payload.pedido }}' },
      },
    ]);
    await runUntilLogged(call, flowId, 'P0');
  });

  it('mostra a lista vazia em 1440 e 390 px', async () => {
    await page.goto(`${server.url}/alert-rules`);
    await page.getByRole('heading', { name: 'Regras de alerta' }).waitFor();
    await page.getByText(m.emptyList).waitFor();
    await settled(page);
    await snap(page, 'alert-rules-01-lista-vazia-1440');
    await resize(page, 390, 844);
    await page.getByText(m.emptyList).waitFor();
    await noHorizontalScroll(page);
    await settled(page);
    await snap(page, 'alert-rules-02-lista-vazia-390');
    await resize(page, 1440, 900);
  });

  it('cria pela tela uma regra de webhook sobre os logs "erro" do flow e testa o padrão', async () => {
    await page.goto(`${server.url}/alert-rules`);
    await page.getByRole('link', { name: 'Criar regra de alerta' }).first().click();
    await page.waitForURL('**/alert-rules/new');
    const name = page.getByRole('textbox', { name: /^Nome/ }).first();
    await expect.poll(() => name.inputValue()).toBe(m.defaultName);
    // This server has no PONTE_SMTP_URL: the e-mail action asks for an SMTP account instead.
    await page.getByText(m.noInstanceSmtp).waitFor();
    expect(await page.getByRole('combobox', { name: /^Conta de envio/ }).inputValue()).toBe('');
    await settled(page);
    await snap(page, 'alert-rules-nova-sem-smtp-1440');
    await resize(page, 390, 844);
    await page.getByText(m.noInstanceSmtp).scrollIntoViewIfNeeded();
    await settled(page);
    await snap(page, 'alert-rules-nova-sem-smtp-390', { fullPage: false });
    await resize(page, 1440, 900);
    await name.fill(ruleName);
    await choose(page, /^Ação/, m.actionLabels.webhook);
    await page.getByRole('textbox', { name: /^URL/ }).first().fill(receiver.url);
    await choose(page, /^Flow/, flowName);
    await page
      .getByRole('textbox', { name: /^Conteúdo/ })
      .first()
      .fill('erro');
    await choose(page, /^Janela de captura/, m.windowLabels[60]!);

    // The box shows the flow's last logs, the one that the rule would take marked.
    await page.getByRole('button', { name: 'Testar', exact: true }).click();
    await page.locator('tr[data-matched]').filter({ hasText: 'erro no pedido P0' }).waitFor();
    await settled(page);
    await snap(page, 'alert-rules-03-editor-testar-1440');

    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expectToast(page, m.saved);
    await page.waitForURL('**/alert-rules/edit/*');
    const list = await call('GET', '/api/v1/alert-rules');
    expect(list.body.total).toBe(1);
    const rule = list.body.items[0];
    ruleId = rule._id;
    expect(rule).toMatchObject({
      name: ruleName,
      type: 'match_log',
      enabled: true,
      action: 'webhook',
      action_webhook_method: 'post',
      action_webhook_url: receiver.url,
      match_log_type: 'message',
      match_log_content: 'erro',
      flow_id: flowId,
      timewindow_seconds: 60,
    });
  });

  it(
    'roda o flow duas vezes: um único POST com as duas linhas, e o 200 nos disparos da regra',
    async () => {
      const firings = async () =>
        (await call('GET', `/api/v1/alert-rules/${ruleId}/firings`)).body.items as {
          state: string;
          count: number;
        }[];
      // The log writer's watch takes a saved rule within one of its passes, and a line written
      // before that is not the rule's: the first run is repeated until its line opens the
      // window (the window is written in the same transaction as the line).
      await until(async () => {
        await runUntilLogged(call, flowId, 'P1');
        return (await firings()).length > 0;
      }, 'a primeira linha abrir a janela de captura');
      await runUntilLogged(call, flowId, 'P2');
      const [capture] = await firings();
      expect(capture).toMatchObject({ state: 'open', count: 2 });
      expect(receiver.received).toHaveLength(0);

      // The window opened at the first match closes a minute later; the delivery follows it.
      await until(
        async () => receiver.received.length > 0,
        'o webhook da janela de captura',
        windowMs + 60_000,
      );
      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      expect(delivery!.method).toBe('POST');
      expect(delivery!.url).toBe('/alertas');
      const body = delivery!.body as { count: number; lines: { message: string }[] };
      expect(body.count).toBe(2);
      expect(body.lines.map((line) => line.message).sort()).toEqual([
        'erro no pedido P1',
        'erro no pedido P2',
      ]);
      expect(JSON.stringify(body)).toContain(ruleName);

      await page.goto(`${server.url}/alert-rules/edit/${ruleId}`);
      await until(
        async () => {
          await page.reload();
          await page.getByRole('textbox', { name: /^Nome/ }).first().waitFor();
          return (await page.getByText(m.firingStates.sent, { exact: true }).count()) > 0;
        },
        'o disparo enviado na página da regra',
        30_000,
      );
      const table = page.getByRole('table', { name: 'Últimos disparos' });
      const sent = table.getByRole('row').filter({ hasText: m.firingStates.sent });
      await sent.getByText(/HTTP 200/).waitFor();
      await sent.getByRole('cell', { name: '2', exact: true }).waitFor();
      await settled(page);
      await snap(page, 'alert-rules-04-editor-disparos-1440');
      await resize(page, 390, 844);
      // On a phone each firing is a card, its result in sight without a sideways scroll.
      const cards = page.getByRole('list', { name: 'Últimos disparos' });
      await cards.getByText(/HTTP 200/).waitFor();
      await noHorizontalScroll(page);
      await settled(page);
      await snap(page, 'alert-rules-05-editor-390');
      await resize(page, 1440, 900);
      // Nothing else arrives: the window was sent once.
      expect(receiver.received).toHaveLength(1);
    },
    3 * windowMs + 60_000,
  );

  it('duplica pela lista com confirmação: a cópia nasce inativa', async () => {
    await page.goto(`${server.url}/alert-rules`);
    const original = row(page, ruleName);
    await original.waitFor();
    await original.getByRole('button', { name: 'Duplicar regra' }).click();
    const confirm = page.getByRole('dialog', { name: 'Duplicar regra' });
    await confirm.getByText(m.duplicateConfirm).waitFor();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expectToast(page, m.duplicated);
    await confirm.waitFor({ state: 'detached' });
    const copy = row(page, `${ruleName} (cópia)`);
    await copy.waitFor();
    await copy.getByText(m.inactive).waitFor();
    await original.getByText(m.active).waitFor();
    await original.getByText(m.windowLabels[60]!).waitFor();
    await original.getByText(m.actionLabels.webhook).waitFor();
    await settled(page);
    await snap(page, 'alert-rules-06-lista-1440');
    await resize(page, 390, 844);
    await copy.getByText(m.inactive).waitFor();
    await noHorizontalScroll(page);
    await settled(page);
    await snap(page, 'alert-rules-07-lista-390');
    await resize(page, 1440, 900);
  });

  it('remove a regra pelo nome, recusando antes um nome errado', async () => {
    await page.goto(`${server.url}/alert-rules`);
    await row(page, ruleName).getByRole('link', { name: 'Remover' }).click();
    await page.waitForURL(`**/alert-rules/delete/${ruleId}`);
    const typed = page.getByLabel('Digite o nome para confirmar');
    await typed.fill('Erros do pedido');
    await page.getByRole('button', { name: 'Remover a regra de alerta' }).click();
    await expectToast(page, m.nameMismatch);
    expect((await call('GET', `/api/v1/alert-rules/${ruleId}`)).status).toBe(200);
    await settled(page);
    await snap(page, 'alert-rules-08-remover-1440');

    await typed.fill(ruleName);
    await page.getByRole('button', { name: 'Remover a regra de alerta' }).click();
    await expectToast(page, m.removed);
    await page.waitForURL('**/alert-rules');
    expect((await call('GET', `/api/v1/alert-rules/${ruleId}`)).status).toBe(404);
    await row(page, `${ruleName} (cópia)`).waitFor();
    await expect.poll(() => row(page, ruleName).count()).toBe(0);
  });
});

if (!hasChromium) {
  describe(`Jornada das regras de alerta no navegador: ${skipReason}`, () => {
    it.skip('puladas', () => {});
  });
}
