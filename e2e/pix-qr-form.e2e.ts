import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@ponte/shared/messages';
import { startPixApiStandIn, type PixApiStandIn } from '../apps/server/src/test/stand-ins/pix-api';
import { makeTestCertificates } from '../apps/server/src/test/test-certificates';
import { apiClient, createFlow, type Call } from './support/api';
import { hasChromium, launchBrowser, snap } from './support/browser';
import { selectNode } from './support/flow-editor';
import { startServer, type RunningServer } from './support/server';
import { admin, signInAsAdmin } from './support/session';

const m = messages.forms.public;
const pngPrefix = 'data:image/png;base64,';

/** The text a QR decoder reads off the PNG of a data URL (jsQR over pngjs's pixels). */
function decodeQr(dataUrl: string): string | null {
  const image = PNG.sync.read(Buffer.from(dataUrl.slice(pngPrefix.length), 'base64'));
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

// No PSP is reached: a stand-in of the Banco Central's Pix API (https://github.com/bacen/pix-api,
// openapi.yaml v2.9.0) answers over HTTPS with mutual TLS on 127.0.0.2, opened to the network
// guard; its certificates are made now by a test authority.
const certificates = makeTestCertificates();
const pspClient = { clientId: 'ponte-escola', clientSecret: 'segredo-da-escola' };

/** A form's order paid by Pix: the answer page shows the QR Code and the copia e cola. */
describe.skipIf(!hasChromium)('Jornada: Pix com QR Code na resposta de um formulário', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let call: Call;
  let psp: PixApiStandIn | undefined;

  beforeAll(async () => {
    if (certificates) {
      psp = await startPixApiStandIn('127.0.0.2', {
        server: certificates.valid,
        ca: certificates.ca,
        ...pspClient,
      });
    }
    server = await startServer({ ...admin, PONTE_HTTP_ALLOWED_NETWORKS: '127.0.0.2/32' });
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
    await psp?.close();
  });

  it('o formulário gera a cobrança, a página mostra o QR que um leitor lê e o copia e cola', async () => {
    const form = await call('POST', '/api/v1/forms', {
      name: 'Pedido na padaria',
      status: 'published',
      title: 'Pedido na padaria',
      wait_flow_result: true,
      success_message: '<p>Pedido recebido! Pague com o Pix abaixo.</p>',
      fields: [
        { name: 'pedido', label: 'Número do pedido', type: 'text', is_required: true },
        { name: 'valor', label: 'Valor', type: 'text', validation: 'number', is_required: true },
      ],
    });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    const formId = form.body._id as string;
    const flowId = await createFlow(call, 'Cobra o pedido por Pix', [
      { type: 'core_form_trigger', params: { form: formId }, label: 'Pedido' },
      {
        type: 'svc_pix',
        label: 'Gerar o Pix',
        params: {
          operation: 'brcode_generate',
          key: 'pix@padaria.com.br',
          amount: '{{ msg.payload.valor }}',
          merchant_name: 'Padaria Pão Quente',
          merchant_city: 'São Paulo',
          txid: 'PEDIDO{{ msg.payload.pedido }}',
          qr_image: 'png',
          qr_path: '/pix/pedido-{{ msg.payload.pedido }}.png',
        },
      },
      {
        type: 'core_respond_webhook',
        label: 'Responder',
        params: {
          body: '{{ {"QR Code": msg.payload.qr_png, "Pix copia e cola": msg.payload.br_code, "Valor": "R$ " & $formatNumber(msg.payload.valor, "#.##0,00", {"decimal-separator": ",", "grouping-separator": "."})} }}',
        },
      },
    ]);

    // The node as its author sees it: the operation and the static QR's params.
    await page.goto(`${server.url}/flows/${flowId}`);
    await selectNode(page, 'n1');
    const panel = page.getByRole('complementary', { name: 'Configuração do conector' });
    const key = panel.getByRole('textbox', { name: /^Chave Pix/ });
    await key.waitFor();
    await key.scrollIntoViewIfNeeded();
    expect(await panel.getByRole('textbox', { name: /^URL do payload/ }).count()).toBe(0);
    await snap(page, 'pix-node-panel-1440', { fullPage: false });

    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      const visitor = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR' });
      const phone = await visitor.newPage();
      phone.on('pageerror', (error) => {
        throw error;
      });
      await phone.goto(`${server.url}/engine/forms/${formId}`);
      await phone.getByRole('heading', { name: 'Pedido na padaria' }).waitFor();
      await phone.getByRole('textbox', { name: /^Número do pedido/ }).fill(`${width}`);
      await phone.getByRole('textbox', { name: /^Valor/ }).pressSequentially('1.234,56');
      await phone.getByRole('button', { name: m.submit }).click();

      const image = phone.getByRole('img', { name: 'QR Code' });
      await image.waitFor({ timeout: 30_000 });
      const src = (await image.getAttribute('src')) ?? '';
      expect(src.startsWith(pngPrefix)).toBe(true);
      const code = decodeQr(src);
      expect(code).toMatch(/^000201/);
      expect(code).toContain('0118pix@padaria.com.br');
      expect(code).toContain('54071234.56');
      expect(code).toContain('5918Padaria Pao Quente');
      const txid = `PEDIDO${width}`;
      expect(code).toContain(`05${String(txid.length).padStart(2, '0')}${txid}6304`);
      const shown = phone.getByTestId('copyable-code');
      expect(await shown.textContent()).toBe(code);
      await phone.getByText('R$ 1.234,56').waitFor();
      await phone.getByRole('button', { name: 'Copiar Pix copia e cola' }).waitFor();
      await noHorizontalScroll(phone);
      await snap(phone, `pix-form-answer-${width}`);
      await visitor.close();
    }

    // The PNG was also kept in the workspace's storage.
    const listing = await call('GET', `/api/v1/storage?path=${encodeURIComponent('/pix')}`);
    expect(JSON.stringify(listing.body)).toContain('pedido-390.png');
  });

  it.runIf(certificates)(
    'o formulário cria a cobrança no PSP (mTLS) e a página mostra o QR da cobrança',
    async () => {
      const account = await call('POST', '/api/v1/service-accounts', {
        name: 'PSP da escola',
        auth_type: 'pix_api',
        pix_api: {
          api_url: psp!.url,
          client_id: pspClient.clientId,
          client_secret: pspClient.clientSecret,
          certificate: certificates!.otherHost.cert,
          private_key: certificates!.otherHost.key,
          ca_certificate: certificates!.ca,
        },
      });
      expect(account.status, JSON.stringify(account.body)).toBe(201);
      const form = await call('POST', '/api/v1/forms', {
        name: 'Mensalidade',
        status: 'published',
        title: 'Mensalidade da escola',
        wait_flow_result: true,
        success_message: '<p>Cobrança criada. Pague com o Pix abaixo.</p>',
        fields: [
          { name: 'nome', label: 'Nome do responsável', type: 'text', is_required: true },
          { name: 'cpf', label: 'CPF', type: 'text', validation: 'cpf', is_required: true },
          { name: 'valor', label: 'Valor', type: 'text', validation: 'number', is_required: true },
        ],
      });
      expect(form.status, JSON.stringify(form.body)).toBe(201);
      const formId = form.body._id as string;
      await createFlow(call, 'Cobra a mensalidade', [
        { type: 'core_form_trigger', params: { form: formId }, label: 'Mensalidade' },
        {
          type: 'svc_pix',
          label: 'Criar a cobrança',
          params: {
            operation: 'cob_create',
            service_account: account.body._id,
            chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
            valor: '{{ msg.payload.valor }}',
            devedor_documento: '{{ msg.payload.cpf }}',
            devedor_nome: '{{ msg.payload.nome }}',
            solicitacao_pagador: 'Mensalidade de dezembro',
          },
        },
        {
          type: 'svc_pix',
          label: 'QR da cobrança',
          params: {
            operation: 'qrcode_image',
            br_code: '{{ msg.payload.pixCopiaECola }}',
            image_format: 'png',
          },
        },
        {
          type: 'core_respond_webhook',
          label: 'Responder',
          params: {
            body: '{{ {"QR Code": msg.payload.qr_png, "Pix copia e cola": msg.payload.br_code} }}',
          },
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
      await phone.getByRole('textbox', { name: /^Nome do responsável/ }).fill('Maria da Silva');
      await phone.getByRole('textbox', { name: /^CPF/ }).pressSequentially('529.982.247-25');
      await phone.getByRole('textbox', { name: /^Valor/ }).pressSequentially('349,90');
      await phone.getByRole('button', { name: m.submit }).click();

      const image = phone.getByRole('img', { name: 'QR Code' });
      await image.waitFor({ timeout: 30_000 });
      // The charge the PSP holds: created over mTLS with the form's values.
      const created = psp!.calls.find(
        (entry) => entry.method === 'POST' && entry.path === '/api/v2/cob',
      );
      expect(created?.body).toMatchObject({
        valor: { original: '349.90' },
        devedor: { cpf: '52998224725', nome: 'Maria da Silva' },
      });
      // A reader of the QR on the page gets the PSP's copia e cola, with the charge's location.
      const code = decodeQr((await image.getAttribute('src')) ?? '');
      expect(code).toMatch(/^000201010212/);
      expect(code).toContain('pix.psp.example/qr/v2/');
      expect(await phone.getByTestId('copyable-code').textContent()).toBe(code);
      await noHorizontalScroll(phone);
      await snap(phone, 'pix-charge-form-answer-390');
      await visitor.close();
    },
  );
});
