import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiClient, createFlow, type Call } from './support/api';
import { expectToast, hasChromium, launchBrowser, snap } from './support/browser';
import { openEditorSetting } from './support/flow-editor';
import { waitForLogLine } from './support/monitoring';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

/** A valid CPF, and how a flow with masking on stores it (docs/lgpd.md). */
const cpf = '529.982.247-25';
const cpfMasked = '***.982.247-**';
const purpose = 'Cadastrar o cliente que pede um orçamento pelo site e responder a ele.';
const basis = 'Execução de contrato ou de procedimentos preliminares a ele (art. 7º, V)';

/** Whether the page scrolls sideways (the document wider than the window). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Whether an element's text is cut (wider than the element shows). */
const isCut = (element: Locator) => element.evaluate((node) => node.scrollWidth > node.clientWidth);

/** The tops of the elements, rounded: one value when they share a row. */
async function rows(elements: Locator): Promise<number[]> {
  const boxes = await elements.evaluateAll((nodes) =>
    nodes.map((node) => Math.round(node.getBoundingClientRect().top)),
  );
  return [...new Set(boxes)];
}

/** Waits until no CSS transition runs: a modal is not caught half-way by a screenshot. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** The file a click downloads: its name and its text (a BOM kept). */
async function downloaded(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

/** The flow's executions that ended, newest first. */
async function endedRuns(call: Call, flowId: string) {
  const list = await call('GET', '/api/v1/monitoring/executions/completed?page=1&size=50');
  return (list.body.items as { data: { execution_id: string; flow_id: string; status: string } }[])
    .map((item) => item.data)
    .filter((run) => run.flow_id === flowId);
}

/** Creates the 'Clientes' table with one record holding the CPF; gives the table's id. */
async function clientsTable(call: Call): Promise<string> {
  const table = await call('POST', '/api/v1/db/tables', {
    name: 'Clientes',
    fields: [
      { name: 'nome', label: 'Nome', type: 'string', length: 100 },
      { name: 'cpf', label: 'CPF', type: 'string', length: 14 },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(201);
  const record = await call('POST', '/api/v1/db/entities', {
    table: table.body._id,
    data: { nome: 'Maria Souza', cpf },
  });
  expect(record.status, JSON.stringify(record.body)).toBe(201);
  return table.body._id as string;
}

/** Manual Trigger (CPF) → Log 'Cliente … cadastrado' → Inserir em 'Clientes'. */
const signUpSteps = [
  {
    type: 'core_manual_trigger',
    params: { fields: [{ name: 'cpf', label: 'CPF', type: 'text', required: true }] },
  },
  {
    type: 'core_log',
    params: { label: 'Cadastro', message: 'Cliente {{ msg.payload.cpf }} cadastrado' },
  },
  {
    type: 'core_db_insert',
    params: {
      table: 'Clientes',
      fields: [
        { field: 'nome', value: 'Cliente do site' },
        { field: 'cpf', value: '{{ msg.payload.cpf }}' },
      ],
    },
  },
];

/** A place's card in the search's result, and the count on its badge. */
async function placeCount(result: Locator, place: string): Promise<number> {
  const card = result.getByRole('region', { name: place, exact: true });
  // The count is the badge with a number alone ('1 rastro mascarado' says what it counts).
  const badges = await card.locator('.mantine-Badge-root').allTextContents();
  return Number(badges.find((badge) => /^\d+$/.test(badge)));
}

describe.skipIf(!hasChromium)('Jornada do encarregado (DPO): LGPD de ponta a ponta', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;
  let tableId = '';
  let flowId = '';

  beforeAll(async () => {
    server = await startServer(admin);
    browser = await launchBrowser();
    page = await browser.newPage({
      viewport: { width: 1440, height: 900 },
      locale: 'pt-BR',
      acceptDownloads: true,
    });
    page.on('pageerror', (error) => {
      throw error;
    });
    call = apiClient(server, await signInAsAdmin(server, page));
    tableId = await clientsTable(call);
    flowId = await createFlow(call, 'Cadastro de clientes', signUpSteps);
    await createFlow(call, 'Relatório semanal', [{ type: 'core_manual_trigger' }]);
    // Before the masking is on: this run stores the CPF as it was typed.
    const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, { cpf });
    expect(started.status).toBe(200);
    await until(
      async () => (await endedRuns(call, flowId))[0]?.status === 'success',
      'a primeira execução terminar',
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("liga o mascaramento, preenche o registro e a retenção em 'Opções do Flow', a 1440 px", async () => {
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 3').waitFor();
    await openEditorSetting(page, 'Opções do Flow');
    const dialog = page.getByRole('dialog', { name: 'Opções do Flow' });
    await dialog
      .getByRole('textbox', { name: 'Guardar logs e dados das execuções por (dias)' })
      .fill('45');
    await dialog
      .getByRole('combobox', { name: 'Mascarar dados pessoais nos logs e nas execuções' })
      .click();
    await page.getByRole('option', { name: 'Ligado', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Finalidade' }).fill(purpose);
    await dialog.getByRole('combobox', { name: 'Base legal' }).click();
    await page.getByRole('option', { name: basis }).click();
    expect(await isCut(dialog.getByRole('combobox', { name: 'Base legal' }))).toBe(false);
    await dialog.getByLabel('Categorias de dados').click();
    await page.getByRole('option', { name: 'Identificação (nome, CPF, RG)' }).click();
    await page.keyboard.press('Escape');
    await settled(page);
    await snap(page, 'lgpd-flow-options-1440', { fullPage: false });
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Fluxo salvo com sucesso');
    const saved = await until(async () => {
      const flow = await call('GET', `/api/v1/flows/${flowId}`);
      return flow.body.config.lgpd?.mask === 'on' && flow.body.config;
    }, 'as opções de LGPD salvas');
    expect(saved.retention_days).toBe(45);
    expect(saved.lgpd).toMatchObject({ purpose, legal_basis: 'contract' });
  });

  it('executa o flow: o log e os dados da execução guardam o CPF mascarado, a tabela o real', async () => {
    await page.getByRole('button', { name: 'Executar', exact: true }).click();
    const run = page.getByRole('dialog', { name: 'Executar Flow' });
    await run.getByRole('textbox', { name: /^CPF/ }).fill(cpf);
    await run.getByRole('button', { name: 'Executar' }).click();
    await run.waitFor({ state: 'detached' });
    const masked = await until(async () => {
      const runs = await endedRuns(call, flowId);
      return (runs.length === 2 && runs[0]) || false;
    }, 'a execução mascarada terminar');
    expect(masked.status).toBe('success');

    const line = await waitForLogLine(page, server, flowId, cpfMasked);
    expect(line).toContain(`Cliente ${cpfMasked} cadastrado`);
    expect(line).not.toContain(cpf);
    await snap(page, 'lgpd-masked-log-1440');
    const input = await call('GET', `/api/v1/monitoring/executions/${masked.execution_id}/data/n2`);
    expect(JSON.stringify(input.body)).toContain(cpfMasked);
    expect(JSON.stringify(input.body)).not.toContain(cpf);

    await page.goto(`${server.url}/database/entities/${tableId}`);
    const records = page.getByRole('table', { name: 'Registros' });
    await records.getByRole('cell', { name: 'Cliente do site' }).first().waitFor();
    expect(await records.getByRole('cell', { name: cpf, exact: true }).count()).toBe(3);
  });

  it("em 'Titulares', acha o CPF digitado sem pontuação e o exclui depois de confirmar", async () => {
    await page.goto(`${server.url}/lgpd`);
    await page.getByRole('tab', { name: 'Titulares', selected: true }).waitFor();
    const query = page.getByRole('textbox', { name: 'CPF, CNPJ, e-mail ou telefone' });
    await query.fill(cpf.replace(/\D/g, ''));
    await page.getByRole('button', { name: 'Buscar' }).click();
    const result = page.getByRole('region', { name: 'Resultado da busca' });
    await result.getByText(`CPF ${cpfMasked}:`).waitFor();
    expect(await placeCount(result, 'Registros de tabelas')).toBe(3);
    expect(await placeCount(result, 'Logs')).toBe(2);
    expect(await placeCount(result, 'Execuções')).toBe(2);
    expect(await placeCount(result, 'Dados das execuções')).toBe(2);
    // The run with masking on left masked traces; the one before it, the CPF as typed.
    const logs = result.getByRole('region', { name: 'Logs', exact: true });
    expect(await logs.textContent()).toContain('1 rastro mascarado');
    await result.getByText(`CPF ${cpfMasked}: 9 ocorrências`).waitFor();
    await snap(page, 'lgpd-titular-found-1440');

    await result.getByRole('button', { name: 'Excluir os dados deste titular' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir os dados deste titular' });
    await confirm
      .getByText(
        'Registros de tabelas: 3 ocorrências — registros com o dado excluídos (rastros mascarados mantidos)',
      )
      .waitFor();
    expect(await confirm.textContent()).toContain(
      'Logs: 2 ocorrências (1 como rastro mascarado) — linhas de log anonimizadas',
    );
    await settled(page);
    await snap(page, 'lgpd-titular-erase-confirm-1440', { fullPage: false });
    await confirm.getByRole('button', { name: 'Excluir 9 ocorrências' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Dados excluídos').waitFor();
    await page
      .getByText(
        '9 ocorrências excluídas, reescritas ou anonimizadas. A busca feita logo depois encontrou 0.',
      )
      .waitFor();
    await snap(page, 'lgpd-titular-erased-1440');

    await query.fill(cpf);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await result.getByText(`CPF ${cpfMasked}: nenhuma ocorrência encontrada`).waitFor();
    expect(
      await result.getByRole('button', { name: 'Excluir os dados deste titular' }).count(),
    ).toBe(0);
  });

  it('o histórico lista a exclusão com o relatório, sem o CPF inteiro', async () => {
    const history = page.getByRole('region', { name: 'Histórico de atendimentos' });
    const requests = history.getByRole('listitem');
    await expect.poll(() => requests.count()).toBe(3);
    const erasure = requests.filter({ hasText: 'Exclusão' });
    expect(await erasure.textContent()).toContain(`CPF ${cpfMasked}`);
    expect(await erasure.textContent()).toContain('busca depois: 0');
    await snap(page, 'lgpd-titular-history-1440');

    const report = await downloaded(page, () =>
      erasure.getByRole('button', { name: 'Baixar relatório em CSV' }).click(),
    );
    expect(report.name).toMatch(/\.csv$/);
    const lines = report.text.replace(/^\uFEFF/, '').split(/\r\n/);
    expect(lines[0]).toBe('Relatório de atendimento ao titular');
    expect(lines).toContain('Tipo;Exclusão');
    expect(lines).toContain(`Titular;CPF ${cpfMasked}`);
    expect(report.text).not.toContain(cpf);

    await page.goto(`${server.url}/database/entities/${tableId}`);
    await page.getByText('Nenhum registro nesta tabela ainda.').waitFor();
  });

  it("em 'Registro de tratamento', mostra a finalidade e a base legal, aponta o flow sem registro e exporta o CSV", async () => {
    await page.goto(`${server.url}/lgpd`);
    await page.getByRole('tab', { name: 'Registro de tratamento' }).click();
    expect(page.url()).toContain('aba=registro');
    const register = page.getByRole('table', { name: 'Registro de tratamento' });
    const entry = register.getByRole('row').filter({ hasText: 'Cadastro de clientes' });
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    for (const shown of [purpose, basis, 'Completo', 'Identificação', '45 dias', 'Ligado'])
      expect(text).toContain(shown);
    const missing = register.getByRole('row').filter({ hasText: 'Relatório semanal' });
    expect(await missing.textContent()).toContain('Sem registro');
    await snap(page, 'lgpd-register-1440');

    const csv = await downloaded(page, () =>
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    );
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csv.text.slice(1).trim().split(/\r\n/);
    expect(header).toBe(
      'Flow;Grupo;Ativo;Situação do registro;Finalidade;Base legal;Categorias de dados;' +
        'Dados sensíveis;Prazo de guarda;Retenção dos logs e dados das execuções;Mascaramento;' +
        'Flow alterado em',
    );
    expect(rows.find((row) => row.startsWith('Cadastro de clientes;'))).toContain(
      `;Completo;${purpose};${basis};`,
    );
    expect(rows.find((row) => row.startsWith('Relatório semanal;'))).toContain(';Sem registro;');

    await page.getByRole('switch', { name: 'Só sem registro' }).check();
    await entry.waitFor({ state: 'detached' });
    expect(await register.getByRole('row').count()).toBe(2);
  });

  it("em 'Retenção', lista o flow com os seus dias e cria uma regra para a tabela", async () => {
    await page.getByRole('tab', { name: 'Retenção' }).click();
    expect(page.url()).toContain('aba=retencao');
    const flows = page.getByRole('table', { name: 'Flows com retenção própria' });
    const own = flows.getByRole('row').filter({ hasText: 'Cadastro de clientes' });
    expect(await own.textContent()).toContain('45 dias');
    expect(await flows.getByRole('row').filter({ hasText: 'Relatório semanal' }).count()).toBe(0);
    await page.getByText('Nenhuma regra de retenção ainda.').waitFor();

    await page.getByRole('button', { name: 'Nova regra' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nova regra de retenção' });
    await form.getByRole('combobox', { name: /^Tabela/ }).click();
    await page.getByRole('option', { name: 'Clientes', exact: true }).click();
    await form.getByRole('textbox', { name: /^Apagar depois de \(dias\)/ }).fill('180');
    await settled(page);
    await snap(page, 'lgpd-retention-rule-form-1440', { fullPage: false });
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Regra de retenção salva com sucesso');
    await form.waitFor({ state: 'detached' });
    const rules = page.getByRole('table', { name: 'Regras de retenção' });
    const rule = rules.getByRole('row').filter({ hasText: 'Clientes' });
    const cells = await rule.getByRole('cell').allTextContents();
    expect(cells.slice(0, 4)).toEqual([
      'Registros de tabela',
      'Clientes',
      'Criação do registro',
      '180 dias',
    ]);
    await snap(page, 'lgpd-retention-1440');
  });

  it('num celular (390 px), as três abas cabem na tela e se alcançam', async () => {
    // One more run, masking on: a titular with hits to show on the phone.
    const again = await call('POST', `/engine/flow/manual-trigger/${flowId}`, { cpf });
    expect(again.status).toBe(200);
    await until(async () => (await endedRuns(call, flowId)).length === 3, 'a terceira execução');
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    phone.on('pageerror', (error) => {
      throw error;
    });
    await signInAsAdmin(server, phone);
    await phone.goto(`${server.url}/lgpd`);
    const field = phone.getByRole('textbox', { name: 'CPF, CNPJ, e-mail ou telefone' });
    await field.fill(cpf);
    await phone.getByRole('button', { name: 'Buscar' }).click();
    const result = phone.getByRole('region', { name: 'Resultado da busca' });
    await result.getByText(`CPF ${cpfMasked}:`).waitFor();
    await result.getByText(`CPF ${cpfMasked}: 4 ocorrências`).waitFor();
    expect(await overflowsSideways(phone)).toBe(false);
    expect(await rows(phone.getByRole('tab'))).toHaveLength(1);
    // 'Buscar' beside the field, not under it.
    const fieldBox = (await field.boundingBox())!;
    const buttonBox = (await phone.getByRole('button', { name: 'Buscar' }).boundingBox())!;
    expect(buttonBox.y).toBeLessThan(fieldBox.y + fieldBox.height);
    for (const badge of await result.locator('.mantine-Badge-label').all())
      expect(await isCut(badge), (await badge.textContent()) ?? '').toBe(false);
    await snap(phone, 'lgpd-titulares-390');
    await result.getByRole('button', { name: 'Excluir os dados deste titular' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Excluir os dados deste titular' });
    await confirm.getByRole('button', { name: 'Excluir 4 ocorrências' }).waitFor();
    await settled(phone);
    await snap(phone, 'lgpd-titular-erase-confirm-390', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });

    await phone.getByRole('tab', { name: 'Registro de tratamento' }).click();
    const entries = phone.getByRole('list', { name: 'Registro de tratamento' });
    await entries.getByRole('listitem').filter({ hasText: 'Cadastro de clientes' }).waitFor();
    expect(await overflowsSideways(phone)).toBe(false);
    await snap(phone, 'lgpd-register-390');

    await phone.getByRole('tab', { name: 'Retenção' }).click();
    await phone.getByRole('list', { name: 'Regras de retenção' }).getByText('Clientes').waitFor();
    expect(await overflowsSideways(phone)).toBe(false);
    await snap(phone, 'lgpd-retention-390');
    await phone.close();
  });
});
