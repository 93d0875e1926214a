import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiClient, userLogs, type Call } from './support/api';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { selectNode } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

const at = (x: number, y = 0) => ({ x, y });

/** Manual trigger → 'Aguardar aprovação' of Bia and Caio (both must approve) → logs. */
const reimbursementFlow = {
  version: 1,
  nodes: [
    { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
    {
      uid: 'aprovacao',
      type: 'core_wait_approval',
      label: 'Aprovar reembolso',
      position: at(300),
      params: {
        approvers: [{ approver: 'bia@empresa.com.br' }, { approver: 'caio@empresa.com.br' }],
        mode: 'all',
        title: 'Reembolso de {{ msg.payload.nome }}',
        text: 'Viagem a Recife.\nValor pedido: R$ {{ msg.payload.valor }}',
        data: '{{ msg.payload }}',
        comment: true,
        fields: [{ label: 'Centro de custo', type: 'text', required: true }],
        timeout: 2,
        timeout_unit: 'd',
      },
    },
    {
      uid: 'links',
      type: 'core_log',
      position: at(600, -120),
      params: { label: 'Link', message: '{{ msg.approval.approver }} {{ msg.approval.url }}' },
    },
    {
      uid: 'aprovado',
      type: 'core_log',
      position: at(600, 0),
      params: {
        label: 'Aprovado',
        message: '{{ msg.approval.fields.`Centro de custo` }} {{ msg.approval.comment }}',
      },
    },
  ],
  edges: [
    { id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'aprovacao' },
    { id: 'e2', source: 'aprovacao', sourceOutput: 'link', target: 'links' },
    { id: 'e3', source: 'aprovacao', sourceOutput: 'default', target: 'aprovado' },
  ],
};

/** The link each approver was sent, from the 'Links' output's log lines. */
async function sentLinks(call: Call): Promise<Record<string, string>> {
  const lines = await until(async () => {
    const found = (await userLogs(call)).filter((line) => line.label === 'Link');
    return found.length === 2 && found;
  }, 'os dois links no log');
  return Object.fromEntries(lines.map((line) => String(line.message).split(' ')));
}

describe.skipIf(!hasChromium)('Jornada: aguardar aprovação', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ponte-aprovacao-'));
  const servers: RunningServer[] = [];
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('aprova por links de uso único em outro navegador, depois de um reinício do servidor', async () => {
    const first = await startServer(admin, { dataDir });
    servers.push(first);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    let call = apiClient(first, await signInAsAdmin(first, page));
    const created = await call('POST', '/api/v1/flows', {
      name: 'Reembolsos',
      enabled: true,
      data: reimbursementFlow,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const flowId = created.body._id as string;

    // The connector's panel, as the author sees it.
    await page.goto(`${first.url}/flows/${flowId}`);
    await selectNode(page, 'aprovacao');
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    await panel
      .getByText(/^Quem aprova/)
      .first()
      .waitFor();
    await snap(page, 'aprovacao-painel-1440', { fullPage: false });

    const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, {
      nome: 'Davi',
      valor: '1.234,56',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const links = await sentLinks(call);

    await page.goto(`${first.url}/monitoring/active`);
    const table = page.getByRole('table', { name: 'Execuções na fila e aguardando' });
    await table
      .getByText(
        /^Aguardando aprovação de bia@empresa.com.br e caio@empresa.com.br desde .+ \(expira em /,
      )
      .waitFor();
    await table.getByRole('button', { name: 'Copiar o link de bia@empresa.com.br' }).waitFor();
    await snap(page, 'aprovacao-aguardando-1440');
    await page.close();

    await first.stop();
    const second = await startServer(admin, { dataDir });
    servers.push(second);

    // Bia, on her phone, with no session: another browser context.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
    });
    const bia = await phone.newPage();
    await bia.goto(`${second.url}${links['bia@empresa.com.br']}`);
    await bia.getByRole('heading', { name: 'Reembolso de Davi' }).waitFor();
    await bia.getByText('Valor pedido: R$ 1.234,56').waitFor();
    await bia.getByText('Para: bia@empresa.com.br').waitFor();
    await bia.getByRole('button', { name: 'Aprovar' }).click();
    await bia.getByText('O campo "Centro de custo" é obrigatório.').waitFor();
    await bia.getByRole('textbox', { name: /Centro de custo/ }).fill('Comercial');
    await bia.getByRole('textbox', { name: /Comentário/ }).fill('Dentro da política.');
    await snap(bia, 'aprovacao-pagina-390');
    await bia.getByRole('button', { name: 'Aprovar' }).click();
    await bia
      .getByText(/1 de 2 aprovações/)
      .first()
      .waitFor();
    await expect(bia.getByRole('button', { name: 'Aprovar' }).count()).resolves.toBe(0);
    await snap(bia, 'aprovacao-aprovada-390');

    // The same link again: used.
    const again = await phone.newPage();
    await again.goto(`${second.url}${links['bia@empresa.com.br']}`);
    await again
      .getByText(/já foi usado|Você aprovou/)
      .first()
      .waitFor();
    await expect(again.getByRole('button', { name: 'Aprovar' }).count()).resolves.toBe(0);
    const reused = await fetch(`${second.url}${links['bia@empresa.com.br']}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'reject' }),
    });
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { message: string }).message).toBe('Este link já foi usado.');

    // Caio, at his desk in another context: the last approval lets the run go on.
    const desk = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'pt-BR',
    });
    const caio = await desk.newPage();
    await caio.goto(`${second.url}${links['caio@empresa.com.br']}`);
    await caio.getByRole('textbox', { name: /Centro de custo/ }).fill('Diretoria');
    await snap(caio, 'aprovacao-pagina-1440');
    await caio.getByRole('button', { name: 'Aprovar' }).click();
    await caio.getByText(/Aprovado: a execução continua/).waitFor();

    const signedIn = await browser.newPage();
    call = apiClient(second, await signInAsAdmin(second, signedIn));
    const approved = await until(async () => {
      const lines = (await userLogs(call)).filter((line) => line.label === 'Aprovado');
      return lines.length > 0 && lines;
    }, 'a execução seguir por Aprovado');
    expect(approved.map((line) => line.message)).toEqual(['Diretoria ']);
    await Promise.all([phone.close(), desk.close(), signedIn.close()]);
  });
});
