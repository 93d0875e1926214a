import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@ponte/shared/messages';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';
import { apiClient, createFlow, type Call } from './support/api';

const m = messages.forms.public;

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

/** Documents and numbers as Brazilians type them (docs/adr/0077), on the screens that take them. */
describe.skipIf(!hasChromium)(
  'Documentos e números brasileiros: CNPJ alfanumérico, celular com +55 e 1.234,56',
  () => {
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

    it('no formulário público: CNPJ com letras, celular com +55, DDD inexistente e 1.234,56', async () => {
      const form = await call('POST', '/api/v1/forms', {
        name: 'Cadastro de fornecedor',
        status: 'published',
        title: 'Cadastro de fornecedor',
        wait_flow_result: true,
        fields: [
          { name: 'cnpj', label: 'CNPJ', type: 'text', mask: 'cnpj', validation: 'cnpj' },
          { name: 'celular', label: 'Celular', type: 'text', validation: 'celular_br' },
          {
            name: 'whatsapp',
            label: 'WhatsApp',
            type: 'text',
            mask: 'mobile',
            validation: 'celular_br',
          },
          { name: 'valor', label: 'Valor do pedido', type: 'text', validation: 'number' },
        ],
      });
      expect(form.status, JSON.stringify(form.body)).toBe(201);
      const formId = form.body._id as string;
      await createFlow(call, 'Recebe o fornecedor', [
        { type: 'core_form_trigger', params: { form: formId } },
        {
          type: 'core_respond_webhook',
          params: { body: 'Recebido: {{ msg.payload.cnpj }} | {{ msg.payload.valor }}' },
        },
      ]);

      const visitor = await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: 'pt-BR',
      });
      const phone = await visitor.newPage();
      phone.on('pageerror', (error) => {
        throw error;
      });
      await phone.goto(`${server.url}/engine/forms/${formId}`);
      await phone.getByRole('heading', { name: 'Cadastro de fornecedor' }).waitFor();

      // Receita Federal's published example, typed in lower case: the mask keeps the letters.
      const cnpj = phone.getByRole('textbox', { name: /^CNPJ/ });
      await cnpj.pressSequentially('12abc34501de35');
      expect(await cnpj.inputValue()).toBe('12.ABC.345/01DE-35');
      await cnpj.blur();

      const mobile = phone.getByRole('textbox', { name: /^Celular/ });
      await mobile.pressSequentially('(23) 91234-5678');
      await mobile.blur();
      await phone.getByText(m.invalidMobile).waitFor();
      await snap(phone, 'brazilian-values-form-ddd-error-390');
      await mobile.fill('');
      await mobile.pressSequentially('+55 (11) 91234 5678');
      await mobile.blur();
      await phone.getByText(m.invalidMobile).waitFor({ state: 'detached' });

      // Pasted or autofilled whole, with the country code, into the masked field.
      const whatsapp = phone.getByRole('textbox', { name: /^WhatsApp/ });
      await whatsapp.fill('+55 11 98765-4321');
      expect(await whatsapp.inputValue()).toBe('(11) 98765-4321');
      await whatsapp.blur();

      const value = phone.getByRole('textbox', { name: /^Valor do pedido/ });
      await value.pressSequentially('1.234,56');
      await value.blur();
      expect(await phone.getByText(m.invalidCnpj).count()).toBe(0);
      expect(await phone.getByText(m.invalidNumber).count()).toBe(0);
      expect(await phone.getByText(m.invalidMobile).count()).toBe(0);
      await noHorizontalScroll(phone);
      await snap(phone, 'brazilian-values-form-filled-390');

      await phone.getByRole('button', { name: m.submit }).click();
      const result = phone.getByTestId('flow-result');
      await result.waitFor({ timeout: 30_000 });
      expect(await result.textContent()).toBe('Recebido: 12.ABC.345/01DE-35 | 1.234,56');
      await phone.setViewportSize({ width: 1440, height: 900 });
      await snap(phone, 'brazilian-values-form-result-1440');
      await visitor.close();
    });

    it('no editor de registros: 1.234,56 num decimal e 1.234 num inteiro, mostrados assim na lista', async () => {
      const table = await call('POST', '/api/v1/db/tables', {
        name: 'Pedidos',
        fields: [
          { name: 'codigo', label: 'Código', type: 'string', length: 20, is_required: true },
          { name: 'valor', label: 'Valor', type: 'float' },
          { name: 'quantidade', label: 'Quantidade', type: 'integer' },
        ],
      });
      expect(table.status, JSON.stringify(table.body)).toBe(201);
      const tableId = table.body._id as string;

      await page.goto(`${server.url}/database/entities/new/${tableId}`);
      await page.getByRole('heading', { name: 'Novo registro - Pedidos' }).waitFor();
      await page.getByRole('textbox', { name: /^Código/ }).fill('P-1');
      await page.getByRole('textbox', { name: /^Valor/ }).pressSequentially('1.234,56');
      await page.getByRole('textbox', { name: /^Quantidade/ }).pressSequentially('1.234');
      await snap(page, 'brazilian-values-record-editor-1440');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Registro salvo com sucesso!').first().waitFor();
      await page.getByRole('heading', { name: 'Registros - Pedidos' }).waitFor();

      const records = page.getByRole('table', { name: 'Registros' });
      await records.getByRole('cell', { name: '1.234,56', exact: true }).waitFor();
      await records.getByRole('cell', { name: '1.234', exact: true }).waitFor();
      const stored = await call(
        'GET',
        `/api/v1/db/entities?filter=${encodeURIComponent(JSON.stringify({ table: tableId }))}`,
      );
      expect(stored.body.items[0].data).toMatchObject({ valor: 1234.56, quantidade: 1234 });

      // The editor shows the value as the list does, on a phone too.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/database/entities/edit/${stored.body.items[0]._id}`);
      const valor = page.getByRole('textbox', { name: /^Valor/ });
      await expect.poll(() => valor.inputValue()).toBe('1.234,56');
      await noHorizontalScroll(page);
      await snap(page, 'brazilian-values-record-editor-390');
    });
  },
);
