import { describe, expect, it } from 'vitest';
import { generateBrCode } from './br-code';
import { parseBrCode } from './br-code-parse';
import { decodeQrPng } from './qr-decode.fixtures';
import { pngDataUrl, qrPng, qrSvg } from './qr-image';

describe('QR image', () => {
  it('draws a PNG a QR decoder reads back as the same BR Code, which parses', async () => {
    const code = generateBrCode({
      tipo: 'estatico',
      chave: '+55 11 91234-5678',
      valor: 1234.56,
      nome: 'Padaria Pão Quente',
      cidade: 'São Paulo',
      txid: 'PEDIDO42',
    });
    const png = await qrPng(code);
    const read = decodeQrPng(png);
    expect(read).toBe(code);
    expect(parseBrCode(read!)).toMatchObject({
      chave: '+5511912345678',
      valor: 1234.56,
      nome: 'Padaria Pao Quente',
      txid: 'PEDIDO42',
    });
  });

  it('makes a PNG data URL and an SVG without scripts', async () => {
    const png = await qrPng('00020126');
    expect(pngDataUrl(png)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const svg = await qrSvg('00020126');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toContain('<script');
  });
});
