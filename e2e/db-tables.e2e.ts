import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { apiClient, createFlow } from './support/api';
import { waitForLogLine } from './support/monitoring';

/** Waits until no CSS transition runs: a modal is not caught half-way by a screenshot. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

async function toast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** Adds field N of the structure editor. */
async function addField(page: Page, n: number, name: string, label: string, type?: string) {
  await page.getByRole('button', { name: 'Adicionar campo' }).click();
  const field = page.getByRole('listitem', { name: `Campo ${n}` });
  await field.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await field.getByRole('textbox', { name: /^Label/ }).fill(label);
  if (type) {
    await field.getByRole('combobox', { name: /^Tipo/ }).click();
    await page.getByRole('option', { name: type, exact: true }).click();
  }
  return field;
}

async function addRecord(page: Page, values: Record<string, string>) {
  await page.getByRole('link', { name: 'Novo registro' }).first().click();
  await page.getByRole('heading', { name: 'Novo registro - Clientes' }).waitFor();
  for (const [label, value] of Object.entries(values))
    await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
  await page.getByRole('button', { name: 'Salvar' }).click();
}

describe.skipIf(!hasChromium)('Jornada das tabelas: estrutura, registros, filtros, CSV', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;

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
    token = await signInAsAdmin(server, page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('cria uma tabela com um e-mail único e adiciona dois registros pelo editor', async () => {
    await page.goto(`${server.url}/database/tables`);
    await page.getByText('Nenhuma tabela criada ainda.').waitFor();
    await page.getByRole('link', { name: 'Criar tabela' }).first().click();
    await page.waitForURL('**/database/tables/new');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('A tabela deve conter pelo menos um campo.').waitFor();

    await page.getByRole('textbox', { name: /^Nome da tabela/ }).fill('Clientes');
    const email = await addField(page, 1, 'email', 'E-mail');
    await email.getByRole('checkbox', { name: 'Único' }).check();
    await email.getByRole('checkbox', { name: 'Obrigatório' }).check();
    await addField(page, 2, 'nome', 'Nome');
    const idade = await addField(page, 3, 'idade', 'Idade', 'Número inteiro');
    expect(await idade.getByRole('textbox', { name: /^Tamanho/ }).isDisabled()).toBe(true);
    await addField(page, 4, 'notas', 'Notas', 'Texto longo');
    await addField(page, 5, 'apelido', 'Apelido');
    // A real mouse drag by the handle: 'apelido' (5th) goes above 'nome' (2nd).
    const handle = page.getByRole('button', { name: 'Arrastar o campo 5' });
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // The handle goes just under the 1st card (which does not shift while the others make
    // room), measured again after dnd-kit may have scrolled the page.
    const first = page.getByRole('listitem', { name: 'Campo 1' });
    for (let pass = 0; pass < 2; pass += 1) {
      const box = (await first.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, box.y + box.height + 25, { steps: 20 });
    }
    await snap(page, 'db-tables-structure-dragging-1440', { fullPage: false });
    await page.mouse.up();
    const names = async () =>
      page
        .getByRole('listitem', { name: /^Campo \d$/ })
        .getByRole('textbox', { name: /^Nome/ })
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await expect.poll(names).toEqual(['email', 'apelido', 'nome', 'idade', 'notas']);
    await snap(page, 'db-tables-structure-1440');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'A tabela foi salva com sucesso!');
    await page.waitForURL('**/database/tables');

    await page.getByRole('link', { name: 'Clientes', exact: true }).click();
    await page.getByRole('heading', { name: 'Registros - Clientes' }).waitFor();
    await addRecord(page, { 'E-mail': 'ana@exemplo.com.br', Nome: 'Ana', Idade: '31' });
    await toast(page, 'Registro salvo com sucesso!');
    await page.getByRole('heading', { name: 'Registros - Clientes' }).waitFor();
    await addRecord(page, {
      'E-mail': 'bruno@exemplo.com.br',
      Nome: 'Bruno',
      Idade: '45',
      Notas: 'x'.repeat(150),
    });
    await toast(page, 'Registro salvo com sucesso!');
    await page.getByRole('cell', { name: 'bruno@exemplo.com.br' }).waitFor();
  });

  it('recusa um e-mail repetido com a mensagem do servidor e não salva nada', async () => {
    await addRecord(page, { 'E-mail': 'ana@exemplo.com.br', Nome: 'Outra Ana' });
    await toast(page, /^Ocorreu um erro ao salvar o registro: Já existe um registro/);
    // The refused record is still unsaved: leaving asks first (docs/adr/0070).
    await page.getByRole('button', { name: 'Voltar para a lista' }).click();
    await page
      .getByRole('dialog', { name: 'Sair do editor?' })
      .getByRole('button', { name: 'Sair sem salvar' })
      .click();
    await page.getByRole('cell', { name: 'ana@exemplo.com.br' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Outra Ana' }).count()).toBe(0);
  });

  it('filtra, escolhe colunas e exporta o CSV do que está na tela', async () => {
    await page.getByRole('button', { name: 'Filtros' }).click();
    const filters = page.getByRole('form', { name: 'Filtros' });
    await filters.getByRole('textbox', { name: 'E-mail' }).fill('ana');
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/filter=/);
    await page.getByRole('cell', { name: 'bruno@exemplo.com.br' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Colunas' }).click();
    await page.getByRole('checkbox', { name: 'Idade' }).uncheck();
    await page.getByRole('checkbox', { name: 'Notas' }).check();
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Registros' });
    await table.getByRole('columnheader', { name: 'Notas' }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Idade' }).count()).toBe(0);
    await snap(page, 'db-tables-records-1440');

    /** Exportar CSV in a format of the menu: the downloaded file's name and text. */
    const exportAs = async (format: RegExp, shot?: string) => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar CSV' }).click();
      const menu = page.getByRole('menu');
      await menu.getByText('Formato').waitFor();
      if (shot) {
        await settled(page);
        await snap(page, shot, { fullPage: false });
      }
      await menu.getByRole('menuitem', { name: format }).click();
      const file = await download;
      return { name: file.suggestedFilename(), csv: readFileSync((await file.path())!, 'utf8') };
    };

    const excel = await exportAs(/^Excel \(Brasil\)/, 'db-tables-export-format-1440');
    expect(excel.name).toMatch(/^clientes.*\.csv$/);
    expect(excel.csv.startsWith('\uFEFF')).toBe(true);
    // Columns in the order the structure was saved in, after the drag.
    expect(excel.csv.slice(1).trim().split(/\r\n/)).toEqual([
      'E-mail;Apelido;Nome;Notas',
      'ana@exemplo.com.br;;Ana;',
    ]);

    const standard = await exportAs(/^CSV padrão/);
    expect(standard.csv.trim().split(/\r\n/)).toEqual([
      'E-mail,Apelido,Nome,Notas',
      'ana@exemplo.com.br,,Ana,',
    ]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    await page.getByRole('menu').getByText('Formato').waitFor();
    await settled(page);
    await snap(page, 'db-tables-export-format-390', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('remove os registros selecionados depois da confirmação', async () => {
    await page
      .getByRole('form', { name: 'Filtros' })
      .getByRole('button', { name: 'Limpar' })
      .click();
    await page.getByRole('cell', { name: 'bruno@exemplo.com.br' }).waitFor();
    await page.getByRole('checkbox', { name: 'Selecionar todos' }).check();
    await page.getByRole('button', { name: 'Remover selecionados (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover registros' });
    await dialog
      .getByText(
        'Tem certeza que deseja remover os 2 itens selecionados? Esta ação não poderá ser desfeita.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Nenhum registro nesta tabela ainda.').waitFor();
  });

  it('um flow executado à mão grava um registro com Inserir e o lê com Buscar', async () => {
    const call = apiClient(server, token);
    const flowId = await createFlow(call, 'Cadastro de clientes', [
      {
        type: 'core_manual_trigger',
        params: { fields: [{ name: 'nome', label: 'Nome', type: 'text', required: true }] },
      },
      {
        type: 'core_db_insert',
        params: {
          table: 'Clientes',
          fields: [
            { field: 'email', value: 'carla@exemplo.com.br' },
            { field: 'nome', value: '{{ msg.payload.nome }}' },
          ],
        },
      },
      {
        type: 'core_db_find',
        params: {
          table: 'Clientes',
          filters: [{ field: 'email', operator: 'equals', value: 'carla@exemplo.com.br' }],
        },
      },
      {
        type: 'core_log',
        label: 'Encontrado',
        params: {
          label: 'Encontrado',
          message: '{{ $count(msg.payload) }} registro: {{ msg.payload[0].data.nome }}',
        },
      },
    ]);
    await page.goto(`${server.url}/flows/${flowId}`);
    await page.getByText('Total de conectores: 4').waitFor();
    await page.getByRole('button', { name: 'Executar', exact: true }).click();
    const run = page.getByRole('dialog', { name: 'Executar Flow' });
    await run.getByLabel('Nome').fill('Carla');
    await run.getByRole('button', { name: 'Executar' }).click();
    await run.waitFor({ state: 'detached' });

    const line = await waitForLogLine(page, server, flowId, '1 registro: Carla');
    expect(line).toContain('Encontrado');
    await page.goto(`${server.url}/database/tables`);
    await page.getByRole('link', { name: 'Clientes', exact: true }).click();
    await page.getByRole('cell', { name: 'carla@exemplo.com.br' }).waitFor();
    await page.getByRole('cell', { name: 'Carla', exact: true }).waitFor();
    await snap(page, 'db-tables-records-from-flow-1440');
  });

  it('renomeia um campo com valores e os vê na lista; remover um campo com valores pergunta antes', async () => {
    const editStructure = async () => {
      await page.goto(`${server.url}/database/tables`);
      await page.getByRole('link', { name: 'Editar' }).first().click();
      await page.getByRole('listitem', { name: 'Campo 5' }).waitFor();
    };
    const openRecords = async () => {
      await page.waitForURL('**/database/tables');
      await page.getByRole('link', { name: 'Clientes', exact: true }).click();
      await page.getByRole('heading', { name: 'Registros - Clientes' }).waitFor();
      return page.getByRole('table', { name: 'Registros' });
    };

    await editStructure();
    const nome = page.getByRole('listitem', { name: 'Campo 3' });
    expect(await nome.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe('nome');
    await nome.getByRole('textbox', { name: /^Nome/ }).fill('nome_completo');
    await nome.getByRole('textbox', { name: /^Label/ }).fill('Nome completo');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'A tabela foi salva com sucesso!');
    // The value written before the rename, under the new name (the chosen columns follow it).
    let records = await openRecords();
    await records.getByRole('columnheader', { name: 'Nome completo' }).waitFor();
    await records.getByRole('cell', { name: 'Carla', exact: true }).waitFor();
    await snap(page, 'db-tables-renamed-field-1440');

    // A structure imported without that field: the save says which values would go.
    await editStructure();
    const file = {
      name: 'Clientes',
      fields: [
        { name: 'email', label: 'E-mail', type: 'string', length: 255, is_unique: true },
        { name: 'apelido', label: 'Apelido', type: 'string', length: 255 },
        { name: 'idade', label: 'Idade', type: 'integer' },
        { name: 'notas', label: 'Notas', type: 'longtext', length: 255 },
      ],
    };
    await page.locator('input[type="file"]').setInputFiles({
      name: 'clientes.db.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await page
      .getByRole('dialog', { name: 'Importar estrutura' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await page.getByRole('listitem', { name: 'Campo 5' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Salvar' }).click();
    const refused = page.getByRole('dialog', { name: 'Apagar valores dos registros?' });
    await refused
      .getByText(
        'O campo "Nome completo" tem valores em 1 registro: confirme a remoção para apagá-los.',
      )
      .waitFor();
    await settled(page);
    await snap(page, 'db-tables-save-deletes-values-1440', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await snap(page, 'db-tables-save-deletes-values-390', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await refused.getByRole('button', { name: 'Cancelar' }).click();
    await refused.waitFor({ state: 'detached' });

    await editStructure();
    await page.getByRole('button', { name: 'Remover o campo 3' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover o campo "Nome completo"?' });
    await dialog
      .getByText(
        'Este campo tem valores em 1 registro. Ao salvar a tabela, esses valores serão apagados e não poderão ser recuperados.',
      )
      .waitFor();
    await settled(page);
    await snap(page, 'db-tables-remove-field-1440', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await snap(page, 'db-tables-remove-field-390', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('listitem', { name: 'Campo 5' }).waitFor();

    await page.getByRole('button', { name: 'Remover o campo 3' }).click();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('listitem', { name: 'Campo 5' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'A tabela foi salva com sucesso!');
    records = await openRecords();
    await records.getByRole('cell', { name: 'carla@exemplo.com.br' }).waitFor();
    expect(await records.getByRole('columnheader', { name: 'Nome completo' }).count()).toBe(0);
    expect(await records.getByRole('cell', { name: 'Carla', exact: true }).count()).toBe(0);
  });

  it('mostra as páginas num celular e remove a tabela pelo nome', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/database/tables`);
    await page.getByRole('link', { name: 'Clientes', exact: true }).waitFor();
    await snap(page, 'db-tables-list-390');
    await page.getByRole('link', { name: 'Editar' }).first().click();
    await page.getByRole('listitem', { name: 'Campo 4' }).waitFor();
    await snap(page, 'db-tables-structure-390');

    await page.goto(`${server.url}/database/tables`);
    await page.getByRole('link', { name: 'Remover' }).first().click();
    const confirm = page.getByRole('textbox', { name: 'Digite o nome para confirmar' });
    await confirm.fill('Cliente');
    await page.getByRole('button', { name: 'Remover a tabela' }).click();
    await toast(page, 'O nome da tabela não confere com o nome digitado!');
    await confirm.fill('Clientes');
    await page.getByRole('button', { name: 'Remover a tabela' }).click();
    await toast(page, 'A tabela foi removida com sucesso!');
    await page.getByText('Nenhuma tabela criada ainda.').waitFor();
  });
});
