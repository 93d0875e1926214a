import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiClient, createFlow, type Call } from './support/api';
import { hasChromium, launchBrowser, skipReason, snap } from './support/browser';
import { choose, connectNodes, dropConnector, selectNode, typeCode } from './support/flow-editor';
import { waitForLogLine } from './support/monitoring';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

/** Names the flow, turns 'Ativo' on, saves, and gives the new flow's id from the address. */
async function saveActive(page: Page, name: string): Promise<string> {
  await page.getByLabel('Nome do flow').fill(name);
  await page.getByRole('switch', { name: 'Ativo' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Fluxo salvo com sucesso');
  await page.waitForURL(/\/flows\/[^/?]+\?fromNew=true$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

describe.skipIf(!hasChromium)('Jornadas dos gatilhos: webhook, agendamento, erro e upload', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;

  beforeAll(async () => {
    server = await startServer(admin);
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
  });

  it('monta Webhook → Código → Responder webhook, chama a URL e vê a execução', async () => {
    await page.goto(`${server.url}/flows/new`);
    await page.getByText('Total de conectores: 0').waitFor();
    const hook = await dropConnector(page, 'Webhook', { x: 140, y: 220 });
    const code = await dropConnector(page, 'Código', { x: 380, y: 220 });
    const reply = await dropConnector(page, 'Responder webhook', { x: 620, y: 220 });
    await connectNodes(page, hook, 'default', code);
    await connectNodes(page, code, 'default', reply);

    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await selectNode(page, hook);
    await panel.getByRole('textbox', { name: /^Caminho/ }).fill('pedidos');
    await choose(page, 'Resposta', 'Do conector "Responder webhook"');
    await selectNode(page, code);
    await typeCode(
      page,
      'msg.payload = { pedido: msg.payload.id, total: msg.payload.itens * msg.payload.preco }',
    );
    const flowId = await saveActive(page, 'Pedidos por webhook');

    // The address the panel gives for the webhook, with this flow's id and the path typed.
    await selectNode(page, hook);
    const hint = await panel.getByText(/O webhook responde em/).textContent();
    const template = /(\/engine\/webhook\/\{id do flow\}\/\{caminho\})/.exec(hint ?? '')?.[1];
    expect(template, 'endereço do webhook no painel').toBeTruthy();
    const path = await panel.getByRole('textbox', { name: /^Caminho/ }).inputValue();
    const address = template!.replace('{id do flow}', flowId).replace('{caminho}', path);
    await snap(page, 'triggers-01-webhook-no-editor');

    const response = await fetch(`${server.url}${address}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'P-17', itens: 3, preco: 12.5 }),
    });
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ pedido: 'P-17', total: 37.5 });

    await page.goto(`${server.url}/monitoring/completed`);
    await page.getByRole('heading', { name: 'Flows executados' }).waitFor();
    const row = page.getByRole('row', { name: /Pedidos por webhook/ });
    await row.waitFor();
    await snap(page, 'triggers-02-webhook-no-historico');
    await expect(row.textContent()).resolves.toMatch(/Sucesso/);
  });

  it('um agendamento a cada segundo grava o log visto em /monitoring', async () => {
    await page.goto(`${server.url}/flows/new`);
    await page.getByText('Total de conectores: 0').waitFor();
    const schedule = await dropConnector(page, 'Agendamento', { x: 160, y: 220 });
    const log = await dropConnector(page, 'Log', { x: 440, y: 220 });
    await connectNodes(page, schedule, 'default', log);
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await selectNode(page, schedule);
    await panel.getByRole('textbox', { name: /^Expressão cron/ }).fill('* * * * * *');
    await selectNode(page, log);
    await panel.getByRole('textbox', { name: /^Rótulo/ }).fill('Batimento');
    await panel
      .getByRole('textbox', { name: /^Mensagem/ })
      .fill('Disparo agendado de {{ msg.payload.timezone }}');
    const flowId = await saveActive(page, 'Batimento agendado');
    try {
      const line = await waitForLogLine(
        page,
        server,
        flowId,
        'Disparo agendado de America/Sao_Paulo',
      );
      expect(line).toContain('Batimento');
      await snap(page, 'triggers-03-agendamento-em-monitoring');
    } finally {
      // Off again, so the schedule does not keep writing while the next journeys run.
      await call('PUT', `/api/v1/flows/${flowId}`, { enabled: false });
    }
  });

  it('um flow que falha dispara o flow de erro, que registra o flow que falhou', async () => {
    const failing = await createFlow(call, 'Cobrança que falha', [
      { type: 'core_manual_trigger' },
      { type: 'core_code', params: { code: "throw new Error('cartão recusado')" } },
    ]);

    await page.goto(`${server.url}/flows/new`);
    await page.getByText('Total de conectores: 0').waitFor();
    const trigger = await dropConnector(page, 'Erro em outro flow', { x: 160, y: 220 });
    const log = await dropConnector(page, 'Log', { x: 440, y: 220 });
    await connectNodes(page, trigger, 'default', log);
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await selectNode(page, log);
    await panel.getByRole('textbox', { name: /^Rótulo/ }).fill('Alerta de falha');
    await panel
      .getByRole('textbox', { name: /^Mensagem/ })
      .fill('Falhou o flow {{ msg.payload.flow_id }}: {{ msg.payload.error.message }}');
    const errorFlow = await saveActive(page, 'Alerta de falhas');

    await page.goto(`${server.url}/flows`);
    await page
      .getByRole('row', { name: /Cobrança que falha/ })
      .getByRole('button', { name: 'Executar' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Executar Flow' });
    await dialog.getByRole('button', { name: 'Executar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const line = await waitForLogLine(page, server, errorFlow, `Falhou o flow ${failing}`);
    expect(line).toContain('Alerta de falha');
    expect(line).toContain('cartão recusado');
    await snap(page, 'triggers-04-flow-de-erro');
  });

  it("executa pelo 'Executar Flow' da lista com um arquivo e registra nome e tamanho", async () => {
    const flowId = await createFlow(call, 'Recebe planilha', [
      {
        type: 'core_manual_trigger',
        params: {
          fields: [{ name: 'planilha', label: 'Planilha', type: 'upload', required: true }],
        },
      },
      {
        type: 'core_code',
        params: {
          code: [
            'const arquivo = msg.payload.planilha',
            "console.log('Recebido ' + (arquivo.filename ?? arquivo.name) + ', ' + arquivo.size + ' bytes')",
          ].join('\n'),
        },
      },
    ]);
    const file = join(server.dataDir, 'vendas-março.csv');
    const content = 'produto;quantidade\ncaneta;12\ncaderno;3\n';
    writeFileSync(file, content);

    await page.goto(`${server.url}/flows`);
    await page
      .getByRole('row', { name: /Recebe planilha/ })
      .getByRole('button', { name: 'Executar' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Executar Flow' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: /Planilha/ }).click(),
    ]);
    await chooser.setFiles(file);
    await dialog.getByText('vendas-março.csv').waitFor();
    await snap(page, 'triggers-05-upload-escolhido');
    await dialog.getByRole('button', { name: 'Executar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const line = await waitForLogLine(page, server, flowId, 'vendas-março.csv');
    await snap(page, 'triggers-06-upload-em-monitoring');
    expect(line).toContain(`Recebido vendas-março.csv, ${Buffer.byteLength(content)} bytes`);
    // The flow gets a reference to the file: no path of the server's disk reaches the log.
    expect(line).not.toContain(server.dataDir);
    expect(line).not.toMatch(/\/[a-z][\w.-]*\//i);
  });
});

if (!hasChromium) {
  describe(`Jornadas dos gatilhos no navegador: ${skipReason}`, () => {
    it.skip('puladas', () => {});
  });
}
