import { describe, expect, it } from 'vitest';
import { generateBrCode } from './br-code';
import { manualExamples } from './br-code.fixtures';
import { crc16 } from './crc16';

const fulano = { nome: 'Fulano de Tal', cidade: 'BRASILIA' };

describe('crc16', () => {
  it('gives the check value of CRC-16/CCITT-FALSE', () => {
    // Check value of CRC-16/IBM-3740 (alias CCITT-FALSE) over "123456789": 0x29B1, from
    // Greg Cook's "Catalogue of parametrised CRC algorithms" (reveng.sourceforge.io/crc-catalogue).
    expect(crc16('123456789')).toBe('29B1');
  });
});

describe('generateBrCode', () => {
  it("writes the manual's static example, CRC 1D3D included", () => {
    const code = generateBrCode({
      tipo: 'estatico',
      chave: '123e4567-e12b-12d1-a456-426655440000',
      ...fulano,
    });
    expect(code).toBe(manualExamples.static);
  });

  it("writes the manual's dynamic example: single use, URL without scheme, no amount", () => {
    const code = generateBrCode({
      tipo: 'dinamico',
      url: 'https://pix.example.com/8b3da2f39a4140d1a91abd93113bd441',
      valor: 10,
      txid: 'ignorado',
      ...fulano,
    });
    expect(code).toBe(manualExamples.dynamic);
  });

  it('writes amount, TXID, information, CEP and a key as the DICT writes it', () => {
    const code = generateBrCode({
      tipo: 'estatico',
      chave: '(11) 91234-5678',
      valor: 1234.5,
      nome: 'Padaria São João & Filhos',
      cidade: 'São José dos Campos',
      txid: 'PEDIDO123',
      info_adicional: 'Pedido nº 123',
      cep: '12245-000',
    });
    expect(code).toContain('0114+5511912345678');
    expect(code).toContain('0212Pedido n 123');
    expect(code).toContain('54071234.50');
    expect(code).toContain('5923Padaria Sao Joao Filhos');
    expect(code).toContain('6015Sao Jose dos Ca');
    expect(code).toContain('610812245000');
    expect(code).toContain('62130509PEDIDO123');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
  });

  it('cuts the name at 25 characters and the city at 15', () => {
    const code = generateBrCode({
      tipo: 'estatico',
      chave: 'financeiro@exemplo.com.br',
      nome: 'Flores Educação e Cultura Limitada',
      cidade: 'Santana do Livramento',
    });
    expect(code).toContain('5925Flores Educacao e Cultura');
    expect(code).toContain('6015Santana do Livr');
  });

  it.each([
    [
      { chave: '123.456.789-00' },
      'Chave Pix: CPF inválido: os dígitos verificadores não conferem.',
    ],
    [{ chave: '' }, 'Chave Pix: Informe a chave Pix.'],
    [{ valor: -1 }, 'Valor: informe um valor maior que zero'],
    [{ valor: 1.234 }, 'Valor: use no máximo 2 casas decimais.'],
    [{ valor: 1e13 }, 'Valor: grande demais'],
    [{ txid: 'PEDIDO 12' }, 'Identificador (TXID): use só letras sem acento e dígitos'],
    [{ txid: 'A'.repeat(26) }, 'Identificador (TXID): no máximo 25 caracteres'],
    [{ nome: '&&&&' }, 'Nome do recebedor: informe um texto'],
    [{ cidade: '' }, 'Cidade: informe um texto'],
    [{ cep: '1234' }, 'CEP: informe 8 dígitos'],
    [
      { info_adicional: 'x'.repeat(63) },
      'Informação adicional: com esta chave cabem até 62 caracteres.',
    ],
  ])('refuses %o naming the field', (change, message) => {
    const input = { tipo: 'estatico' as const, chave: '52998224725', ...fulano, ...change };
    expect(() => generateBrCode(input)).toThrow(message);
  });

  it.each([
    [undefined, 'URL do payload: informe a location'],
    ['http://pix.example.com/qr/1', 'URL do payload: o endereço deve ser https'],
    ['pix.example.com', 'URL do payload: informe o domínio e o caminho'],
    [`pix.example.com/${'a'.repeat(70)}`, 'URL do payload: longa demais (até 77 caracteres).'],
  ])('refuses the dynamic location %s', (url, message) => {
    expect(() => generateBrCode({ tipo: 'dinamico', url, ...fulano })).toThrow(message);
  });
});
