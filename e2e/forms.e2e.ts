import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { messages } from '@ponte/shared/messages';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { apiClient, createFlow, type Call } from './support/api';
import { selectNode } from './support/flow-editor';

const m = messages.forms;
const pin = 'A1B2C3';
const fileText = 'Contrato assinado em 24/11/2026';

/** Picks an option of a Mantine select by the select's label. */
async function choose(scope: Page | Locator, label: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Turns a Mantine switch on (a click on its label, as a person does). */
async function turnOn(scope: Page | Locator, label: string) {
  const input = scope.getByRole('switch', { name: label });
  if (!(await input.isChecked())) await scope.locator('label', { hasText: label }).first().click();
  expect(await input.isChecked()).toBe(true);
}

/** Adds a field of `type` and fills its options modal with `fill`, then applies it. */
async function addField(page: Page, type: string, fill: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Adicionar campo' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Opções do campo/ });
  await dialog.waitFor();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function codeAndLabel(dialog: Locator, code: string, label: string) {
  await dialog.getByRole('textbox', { name: /^Código/ }).fill(code);
  await dialog.getByRole('textbox', { name: /^Label/ }).fill(label);
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

describe.skipIf(!hasChromium)(
  'Jornada dos formulários: construir, publicar, preencher sem sessão e receber no flow',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let call: Call;
    let formId = '';

    beforeAll(async () => {
      server = await startServer(admin);
      browser = await launchBrowser();
      context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'pt-BR',
      });
      page = await context.newPage();
      page.on('pageerror', (error) => {
        throw error;
      });
      call = apiClient(server, await signInAsAdmin(server, page));
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('prepara a tabela Estados com alguns registros', async () => {
      const table = await call('POST', '/api/v1/db/tables', {
        name: 'Estados',
        fields: [
          { name: 'sigla', label: 'Sigla', type: 'string', length: 2, is_required: true },
          { name: 'nome', label: 'Nome', type: 'string', length: 100, is_required: true },
        ],
      });
      expect(table.status, JSON.stringify(table.body)).toBe(201);
      for (const [sigla, nome] of [
        ['SP', 'São Paulo'],
        ['MG', 'Minas Gerais'],
        ['BA', 'Bahia'],
      ]) {
        const record = await call('POST', '/api/v1/db/entities', {
          table: table.body._id,
          data: { sigla, nome },
        });
        expect(record.status, JSON.stringify(record.body)).toBe(201);
      }
    });

    it('monta o formulário no construtor e o publica', async () => {
      await page.goto(`${server.url}/forms/new`);
      await page.getByRole('textbox', { name: /Nome do form/ }).fill('Cadastro de clientes');

      await addField(page, 'Texto', async (dialog) => {
        await codeAndLabel(dialog, 'nome', 'Nome completo');
        await turnOn(dialog, 'Obrigatório');
      });
      await addField(page, 'Texto', async (dialog) => {
        await codeAndLabel(dialog, 'cpf', 'CPF');
        await turnOn(dialog, 'Obrigatório');
        await choose(dialog, 'Máscara', 'CPF');
        await choose(dialog, 'Validação', 'CPF');
      });
      await addField(page, 'Texto', async (dialog) => {
        await codeAndLabel(dialog, 'cep', 'CEP');
        await choose(dialog, 'Máscara', 'CEP');
      });
      await addField(page, 'Lista de seleção', async (dialog) => {
        await codeAndLabel(dialog, 'estado', 'Estado');
        await dialog.getByText('Tabela do banco de dados', { exact: true }).click();
        await choose(dialog, /^Tabela do banco de dados/, 'Estados');
        await choose(dialog, /^Coluna de valor/, 'Sigla (sigla)');
        await choose(dialog, /^Coluna de label/, 'Nome (nome)');
      });
      await addField(page, 'Upload de arquivo', async (dialog) => {
        await codeAndLabel(dialog, 'anexo', 'Contrato');
        await turnOn(dialog, 'Obrigatório');
        await dialog.getByRole('textbox', { name: /^Extensões aceitas/ }).fill('pdf, txt');
      });
      expect(await page.getByTestId('form-field').count()).toBe(5);

      await page.getByRole('tab', { name: 'Exibição' }).click();
      await page.getByText('Publicado', { exact: true }).click();
      await page.getByRole('textbox', { name: /^Título/ }).fill('Cadastro de clientes');
      await page
        .getByRole('textbox', { name: /^Mensagem$|^Mensagem \*/ })
        .first()
        .fill('Preencha seus dados e <b>anexe o contrato</b> em PDF ou TXT.');
      await turnOn(page, 'Aguardar o resultado do flow');
      await turnOn(page, 'Autenticação por PIN');
      await page.getByLabel(/^PIN/).fill(pin);

      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText(m.saved).first().waitFor();
      await page.waitForURL('**/forms/edit/*');
      formId = page.url().split('/').pop() ?? '';
      const saved = await call('GET', `/api/v1/forms/${formId}`);
      expect(saved.body).toMatchObject({
        name: 'Cadastro de clientes',
        status: 'published',
        wait_flow_result: true,
        require_auth_pin: true,
        auth_pin_set: true,
      });
      expect(saved.body.fields.map((f: { name: string }) => f.name)).toEqual([
        'nome',
        'cpf',
        'cep',
        'estado',
        'anexo',
      ]);
      expect(saved.body.fields[1]).toMatchObject({ mask: 'cpf', validation: 'cpf' });
      expect(saved.body.fields[3]).toMatchObject({
        options_source_type: 'database',
        options_source_value_field: 'sigla',
        options_source_label_field: 'nome',
      });

      await page.getByRole('tab', { name: 'Exibição' }).click();
      await page.getByRole('switch', { name: 'Aguardar o resultado do flow' }).waitFor();
      await snap(page, 'form-builder-display-1440');
      await page.getByRole('tab', { name: 'Campos' }).click();
      await snap(page, 'form-builder-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByTestId('form-field').first().waitFor();
      await noHorizontalScroll(page);
      await snap(page, 'form-builder-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('ao salvar um formulário incompleto, lista todos os motivos de uma vez', async () => {
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`${server.url}/forms/new`);
        await page.getByRole('tab', { name: 'Campos' }).waitFor();
        await page.getByRole('button', { name: 'Salvar' }).click();
        const alert = page.getByRole('alert').filter({ hasText: 'Corrija 2 pontos' });
        await alert.waitFor();
        expect(await alert.getByRole('listitem').allTextContents()).toEqual([
          m.nameRequired,
          m.fieldsRequired,
        ]);
        await alert.scrollIntoViewIfNeeded();
        await snap(page, `form-builder-save-issues-${width}`, { fullPage: false });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('um flow recebe o formulário: o editor mostra o formulário escolhido', async () => {
      const flowId = await createFlow(call, 'Recebe o cadastro', [
        { type: 'core_form_trigger', params: { form: formId }, label: 'Cadastro' },
        {
          type: 'core_set',
          label: 'Guardar o envio',
          params: {
            target: 'msg',
            values: [
              { path: 'cadastro.nome', value: '{{ msg.payload.nome }}' },
              { path: 'cadastro.arquivo', value: '{{ msg.payload.anexo.name }}' },
              { path: 'cadastro.tamanho', value: '{{ msg.payload.anexo.size }}' },
            ],
          },
        },
        {
          type: 'core_storage_read',
          label: 'Ler o contrato',
          params: { path: '{{ msg.payload.anexo }}', read_as: 'text' },
        },
        {
          type: 'core_respond_webhook',
          label: 'Responder',
          params: {
            body: 'Olá, {{ msg.cadastro.nome }}! Recebemos {{ msg.cadastro.arquivo }} ({{ msg.cadastro.tamanho }} bytes): {{ msg.payload }}',
          },
        },
      ]);
      const form = await call('GET', `/api/v1/forms/${formId}`);
      expect(form.body.flow_id).toEqual({ _id: flowId, name: 'Recebe o cadastro' });

      await page.goto(`${server.url}/flows/${flowId}`);
      await selectNode(page, 'n0');
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Formulário' }).inputValue())
        .toBe('Cadastro de clientes');
      await page.getByRole('link', { name: m.picker.openEditor }).waitFor();
      await snap(page, 'form-trigger-picker-1440');
    });

    it('sem sessão, no celular: PIN, CPF errado recusado ao digitar, envio e resposta do flow', async () => {
      const visitor = await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: 'pt-BR',
      });
      const phone = await visitor.newPage();
      phone.on('pageerror', (error) => {
        throw error;
      });
      const submits: string[] = [];
      phone.on('request', (request) => {
        if (request.url().endsWith('/submit')) submits.push(request.method());
      });
      await phone.goto(`${server.url}/engine/forms/${formId}`);
      expect(await phone.evaluate(() => Object.keys(localStorage))).toEqual([]);

      await phone.getByText(m.public.pinTitle).waitFor();
      await phone.getByLabel(m.public.pinLabel).fill('ERRADO');
      await phone.getByRole('button', { name: m.public.pinEnter }).click();
      await phone.getByText(m.public.pinWrong).waitFor();
      await phone.locator('button:not([data-loading])', { hasText: m.public.pinEnter }).waitFor();
      await snap(phone, 'form-public-pin-390');
      await phone.getByLabel(m.public.pinLabel).fill(pin);
      await phone.getByRole('button', { name: m.public.pinEnter }).click();
      await phone.getByRole('heading', { name: 'Cadastro de clientes' }).waitFor();

      const cpf = phone.getByRole('textbox', { name: /^CPF/ });
      await cpf.pressSequentially('11144477736');
      await cpf.blur();
      await phone.getByText(m.public.invalidCpf).waitFor();
      expect(await cpf.inputValue()).toBe('111.444.777-36');
      await phone.getByRole('button', { name: m.public.submit }).click();
      await phone.getByText(m.public.invalidCpf).waitFor();
      expect(submits).toEqual([]);
      await snap(phone, 'form-public-cpf-error-390');

      await cpf.fill('');
      await cpf.pressSequentially('52998224725');
      expect(await cpf.inputValue()).toBe('529.982.247-25');
      await phone.getByText(m.public.invalidCpf).waitFor({ state: 'detached' });

      await phone.getByRole('textbox', { name: /^Nome completo/ }).fill('Maria da Silva');
      const cep = phone.getByRole('textbox', { name: /^CEP/ });
      await cep.pressSequentially('01310100');
      expect(await cep.inputValue()).toBe('01310-100');
      await choose(phone, /^Estado/, 'Minas Gerais');
      // The 'Escolher arquivo' button opens the file input Mantine keeps hidden.
      await phone.getByText(m.public.chooseFile, { exact: true }).waitFor();
      await phone.locator('input[type="file"]').setInputFiles({
        name: 'contrato.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(fileText),
      });
      await phone.getByText(/contrato\.txt/).waitFor();
      await noHorizontalScroll(phone);
      await snap(phone, 'form-public-filled-390');

      await phone.getByRole('button', { name: m.public.submit }).click();
      const result = phone.getByTestId('flow-result');
      await result.waitFor({ timeout: 30_000 });
      const size = Buffer.byteLength(fileText);
      expect(await result.textContent()).toBe(
        `Olá, Maria da Silva! Recebemos contrato.txt (${size} bytes): ${fileText}`,
      );
      expect(submits).toEqual(['POST']);
      await phone.getByText(m.successDefault).waitFor();
      await noHorizontalScroll(phone);
      await snap(phone, 'form-public-result-390');

      await phone.setViewportSize({ width: 1440, height: 900 });
      await snap(phone, 'form-public-result-1440');
      await phone.getByRole('button', { name: m.public.back }).click();
      await phone.getByRole('textbox', { name: /^CPF/ }).waitFor();
      await snap(phone, 'form-public-1440');
      await visitor.close();
    });
  },
);
