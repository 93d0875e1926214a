import { paramShown } from '@ponte/shared/flow/node-manifest.schema';
import { describe, expect, it } from 'vitest';
import { createFakePorts } from '../../testing/fake-ports';
import { runNode } from '../../testing/run-node';
import { manualExamples } from './br-code.fixtures';
import { pixConnector } from './pix.connector';
import { decodeQrPng } from './qr-decode.fixtures';

const payloadOf = (result: Awaited<ReturnType<typeof runNode>>) =>
  result.emitted[0]!.msg.payload as Record<string, unknown>;

const fulano = { merchant_name: 'Fulano de Tal', merchant_city: 'BRASILIA' };

describe('Pix node', () => {
  it('offers its BR Code operations, then those of the Pix API, each showing only its own params', () => {
    const { params } = pixConnector.manifest;
    expect(params.operation).toMatchObject({
      options: [
        { value: 'brcode_generate', label: 'BR Code → Gerar' },
        { value: 'brcode_read', label: 'BR Code → Ler e validar' },
        { value: 'qrcode_image', label: 'QR Code → Gerar imagem' },
        { value: 'key_validate', label: 'Chave Pix → Validar' },
        { value: 'cob_create', label: 'Cobrança → Criar' },
        { value: 'cob_get', label: 'Cobrança → Consultar' },
        { value: 'cob_cancel', label: 'Cobrança → Cancelar' },
        { value: 'cob_list', label: 'Cobrança → Listar' },
        { value: 'pix_get', label: 'Pix recebido → Consultar' },
        { value: 'pix_list', label: 'Pix recebidos → Listar' },
        { value: 'pix_refund', label: 'Devolução → Solicitar' },
      ],
    });
    const shown = (values: Record<string, unknown>) =>
      Object.keys(params).filter((name) => paramShown(params, params[name]!, values));
    expect(shown({ operation: 'key_validate' })).toEqual(['operation', 'pix_key', 'key_type']);
    expect(shown({ operation: 'brcode_generate', code_type: 'dynamic' })).not.toContain('key');
    expect(shown({ operation: 'brcode_generate', code_type: 'dynamic' })).toContain('location');
    expect(shown({ operation: 'brcode_generate' })).toContain('key');
    // The static code's TXID (up to 25 characters) and the charge's (26 to 35) are two params.
    expect(shown({ operation: 'brcode_generate' })).toContain('txid');
    expect(shown({ operation: 'brcode_generate' })).not.toContain('cob_txid');
    expect(shown({ operation: 'cob_get' })).toEqual(['operation', 'service_account', 'cob_txid']);
  });

  it("generates the manual's static BR Code with the rest of the message kept", async () => {
    const result = await runNode(pixConnector, {
      params: {
        operation: 'brcode_generate',
        key: '123e4567-e12b-12d1-a456-426655440000',
        ...fulano,
      },
      input: { payload: {}, pedido: 7 },
    });
    expect(result.emitted[0]!.msg.pedido).toBe(7);
    expect(payloadOf(result)).toMatchObject({
      br_code: manualExamples.static,
      tipo: 'estatico',
      chave: '123e4567-e12b-12d1-a456-426655440000',
      valor: null,
      txid: '***',
      crc: '1D3D',
    });
    expect(payloadOf(result)).not.toHaveProperty('qr_png');
  });

  it('takes the amount from the form as typed, writes the PNG into storage and the message', async () => {
    const ports = createFakePorts();
    const result = await runNode(pixConnector, {
      ports,
      params: {
        operation: 'brcode_generate',
        key: 'pix@padaria.com.br',
        amount: '{{ msg.payload.valor }}',
        ...fulano,
        txid: 'PEDIDO{{ msg.payload.pedido }}',
        qr_image: 'png',
        qr_path: '/pix/pedido-{{ msg.payload.pedido }}.png',
      },
      input: { payload: { valor: '1.234,56', pedido: 42 } },
    });
    const payload = payloadOf(result);
    expect(payload).toMatchObject({ valor: 1234.56, txid: 'PEDIDO42' });
    expect(payload.arquivo).toMatchObject({ path: '/pix/pedido-42.png', mimetype: 'image/png' });
    const stored = ports.storage.files.get('/pix/pedido-42.png')!;
    expect(decodeQrPng(stored.content)).toBe(payload.br_code);
    const dataUrl = String(payload.qr_png);
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const fromMessage = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
    expect(decodeQrPng(fromMessage)).toBe(payload.br_code);
  });

  it("generates the manual's dynamic BR Code from a charge's location", async () => {
    const result = await runNode(pixConnector, {
      params: {
        operation: 'brcode_generate',
        code_type: 'dynamic',
        location: '{{ msg.payload.loc.location }}',
        ...fulano,
      },
      input: { payload: { loc: { location: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441' } } },
    });
    expect(payloadOf(result)).toMatchObject({ br_code: manualExamples.dynamic, tipo: 'dinamico' });
  });

  it.each([
    [{ key: 'fulano' }, 'Chave Pix: Não é uma chave Pix'],
    [{ key: '123' }, 'Chave Pix: Telefone inválido'],
    [{ amount: 'mil reais' }, 'Valor: informe um número, como 1.234,56.'],
    [{ merchant_name: '' }, 'O parâmetro obrigatório "Nome do recebedor"'],
    [{ txid: 'pedido 1' }, 'Identificador (TXID): use só letras sem acento e dígitos'],
  ])('fails on %o with a message naming the field', async (change, message) => {
    const params = { operation: 'brcode_generate', key: '52998224725', ...fulano, ...change };
    await expect(runNode(pixConnector, { params })).rejects.toThrow(message);
  });

  it('reads a BR Code, and says why one is not valid', async () => {
    const good = await runNode(pixConnector, {
      params: { operation: 'brcode_read', br_code: manualExamples.dynamic },
    });
    expect(payloadOf(good)).toMatchObject({ valido: true, tipo: 'dinamico', crc: '64E4' });
    const bad = await runNode(pixConnector, {
      params: { operation: 'brcode_read', br_code: manualExamples.static.slice(0, -1) + 'E' },
    });
    expect(payloadOf(bad)).toEqual({
      valido: false,
      erro: 'CRC do BR Code não confere: o código traz 1D3E, o certo seria 1D3D. O texto foi alterado ou copiado pela metade.',
    });
    await expect(
      runNode(pixConnector, { params: { operation: 'brcode_read', br_code: ' ' } }),
    ).rejects.toThrow('BR Code: preencha este campo.');
  });

  it("draws a charge's copia e cola as SVG into storage, replacing the file, with the PNG in the message", async () => {
    const ports = createFakePorts();
    ports.storage.files.set('/pix/cobranca.svg', {
      content: new TextEncoder().encode('antigo'),
      mimetype: 'text/plain',
    });
    const result = await runNode(pixConnector, {
      ports,
      params: {
        operation: 'qrcode_image',
        br_code: '{{ msg.payload.pixCopiaECola }}',
        image_format: 'svg',
        qr_path: '/pix/cobranca.svg',
      },
      input: { payload: { pixCopiaECola: manualExamples.dynamic } },
    });
    const payload = payloadOf(result);
    expect(String(payload.qr_svg)).toMatch(/^<svg /);
    expect(ports.storage.files.get('/pix/cobranca.svg')?.mimetype).toBe('image/svg+xml');
    const png = Buffer.from(String(payload.qr_png).split(',')[1]!, 'base64');
    expect(decodeQrPng(png)).toBe(manualExamples.dynamic);
  });

  it('validates a Pix key, normalised, or says why it is not one', async () => {
    const run = (pix_key: string, key_type?: string) =>
      runNode(pixConnector, { params: { operation: 'key_validate', pix_key, key_type } });
    expect(payloadOf(await run('11 91234-5678', 'telefone'))).toEqual({
      valida: true,
      tipo: 'telefone',
      chave: '+5511912345678',
    });
    expect(payloadOf(await run('529.982.247-24'))).toEqual({
      valida: false,
      tipo: 'cpf',
      motivo: 'CPF inválido: os dígitos verificadores não conferem.',
    });
  });
});
