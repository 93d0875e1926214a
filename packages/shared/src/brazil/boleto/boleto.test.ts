import { describe, expect, it } from 'vitest';
import { boletoBarcodeOf, boletoLineOf, readBoleto, type Boleto } from './boleto';

const today = '2026-11-30';

function read(text: string, reference = today): Boleto {
  return readBoleto(text, reference);
}

function failure(text: string): string {
  try {
    readBoleto(text, today);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`"${text}" was read`);
}

/**
 * Published vectors: the test suite of the public validator "boleto-brasileiro-validator"
 * (https://github.com/mcrvaz/boleto-brasileiro-validator, test/boleto-bancario.js and
 * test/boleto-arrecadacao.js). Banco do Brasil's boleto of convênio 0500, R$ 1,00 due
 * 31/12/2007 (factor 3737), and a Bradesco one, R$ 3.700,00 due 11/06/2018 (factor 7552):
 * both before the 2025 restart.
 */
const bb = {
  barcode: '00193373700000001000500940144816060680935031',
  line: '00190.50095 40144.816069 06809.350314 3 37370000000100',
};

/**
 * An Itaú boleto built here by the layout (bank 341, R$ 1.234,56, due 25/12/2026 = factor 1671
 * after the restart), its check digits worked out by hand: fields 7, 0, 1; general 8.
 */
const itau = {
  barcode: '34198167100001234561570012345612345678901230',
  line: '34191.57007 12345.612340 56789.012301 8 16710000123456',
};

describe('bank boletos', () => {
  it("reads Banco do Brasil's example from its linha digitável and from its barcode", () => {
    const fromLine = read(bb.line, '2008-01-10');
    expect(fromLine).toEqual({
      tipo: 'bancario',
      banco: { codigo: '001', nome: 'Banco do Brasil S.A.' },
      moeda: '9',
      valor: 1,
      vencimento: '2007-12-31',
      fator_vencimento: '3737',
      codigo_barras: bb.barcode,
      linha_digitavel: bb.line.replace(/\D/g, ''),
      linha_digitavel_formatada: bb.line,
      campo_livre: '0500940144816060680935031',
      digitos_verificadores: { geral: 3, campo1: 5, campo2: 9, campo3: 4 },
    });
    expect(read(bb.barcode, '2008-01-10')).toEqual(fromLine);
  });

  it('reads the Bradesco example, and names its bank', () => {
    expect(
      read('23793.38128 60007.827136 95000.063305 9 75520000370000', '2018-06-01'),
    ).toMatchObject({
      banco: { codigo: '237', nome: 'Banco Bradesco S.A.' },
      valor: 3700,
      vencimento: '2018-06-11',
      codigo_barras: '23799755200003700003381260007827139500006330',
      digitos_verificadores: { geral: 9, campo1: 8, campo2: 6, campo3: 5 },
    });
  });

  it('reads a boleto due after the 2025 restart of the factor', () => {
    const boleto = read(itau.line);
    expect(boleto).toMatchObject({
      banco: { codigo: '341', nome: 'Itaú Unibanco S.A.' },
      valor: 1234.56,
      vencimento: '2026-12-25',
      fator_vencimento: '1671',
      codigo_barras: itau.barcode,
    });
  });

  it('forgives spaces, dots and hyphens, and refuses any other character', () => {
    expect(read(' 00190-50095 4014481606 9.06809350314 3 3737 0000000100\n').codigo_barras).toBe(
      bb.barcode,
    );
    expect(failure('00190.50095 40144.816069 06809.350314 3 3737000000010O')).toBe(
      'O boleto deve ter apenas números (espaços, pontos e hífens são ignorados), mas tem "O".',
    );
    expect(failure('  ')).toBe('Informe a linha digitável ou o código de barras do boleto.');
    expect(failure('0019050095')).toMatch(/^O boleto tem 10 dígitos: a linha digitável tem 47/);
  });

  it('names the check digit that is wrong and the one it should be', () => {
    expect(failure('00190.50094 40144.816069 06809.350314 3 37370000000100')).toBe(
      'O dígito verificador do campo 1 da linha digitável está errado: é 4, deveria ser 5.',
    );
    expect(failure('00190.50095 40144.816068 06809.350314 3 37370000000100')).toBe(
      'O dígito verificador do campo 2 da linha digitável está errado: é 8, deveria ser 9.',
    );
    expect(failure('00190.50095 40144.816069 06809.350315 3 37370000000100')).toBe(
      'O dígito verificador do campo 3 da linha digitável está errado: é 5, deveria ser 4.',
    );
    // R$ 2,00 instead of R$ 1,00: the fields are right, the general digit is not.
    expect(failure('00190.50095 40144.816069 06809.350314 3 37370000000200')).toBe(
      'O dígito verificador geral do boleto (5ª posição do código de barras, campo 4 da linha digitável) está errado: é 3, deveria ser 9.',
    );
    expect(failure('00194373700000001000500940144816060680935031')).toMatch(
      /^O dígito verificador geral .* é 4, deveria ser 3\.$/,
    );
  });

  it('has no due date for factor 0000, and refuses factors never issued', () => {
    const boleto = read('00192000000000000000500940144816060680935031');
    expect(boleto).toMatchObject({ vencimento: null, fator_vencimento: '0000', valor: 0 });
    // Factor 0500 with its general digit right (6): the layout has no such factor.
    expect(failure('00196050000000001000500940144816060680935031')).toBe(
      'O fator de vencimento 0500 não existe: vai de 1000 a 9999, ou é 0000 num boleto sem vencimento.',
    );
  });

  it('names no bank for a code outside the table', () => {
    // Built here: bank 999, its general digit worked out by hand (1).
    expect(read('99991373700000001000500940144816060680935031').banco).toEqual({
      codigo: '999',
      nome: null,
    });
  });
});

/**
 * Arrecadação: three bills of the same published suite (an energy bill, value identifier 6,
 * módulo 10; a telecom bill and a government one, identifier 8, módulo 11), and one of
 * segment 6 built here (a company by its CNPJ's first 8 digits, 11222333, R$ 250,00,
 * módulo 11), its digits worked out by hand from FEBRABAN's layout.
 */
const energy = '836200000005667800481000180975657313001589636081';
const telecom = '848900000002404201622015806051904292586034111220';
const carne = {
  barcode: '86890000002500011222333202612250000000000012',
  line: '86890000002-3 50001122233-8 32026122500-0 00000000012-4',
};

describe('arrecadação boletos', () => {
  it('reads an energy bill checked by módulo 10', () => {
    expect(read(energy)).toEqual({
      tipo: 'arrecadacao',
      banco: null,
      segmento: { codigo: '3', nome: 'Energia elétrica e gás' },
      identificador_valor: '6',
      tipo_valor: 'real',
      valor: 66.78,
      vencimento: null,
      fator_vencimento: null,
      empresa: '0048',
      codigo_barras: '83620000000667800481001809756573100158963608',
      linha_digitavel: energy,
      linha_digitavel_formatada: '83620000000-5 66780048100-0 18097565731-3 00158963608-1',
      campo_livre: '1001809756573100158963608',
      modulo: 10,
      digitos_verificadores: { geral: 2, blocos: [5, 0, 3, 1] },
    });
  });

  it('reads a telecom bill checked by módulo 11', () => {
    expect(read(telecom)).toMatchObject({
      segmento: { codigo: '4', nome: 'Telecomunicações' },
      valor: 40.42,
      modulo: 11,
      empresa: '0162',
      digitos_verificadores: { geral: 9, blocos: [2, 5, 2, 0] },
    });
  });

  it('gives 0 where the remainder of módulo 11 is 1 (block 4 of the government bill)', () => {
    // 83148300001: weighted sum 166, remainder 1 → 0, as the bill prints it.
    const bill = '85890000460-9 52460179160-5 60759305086-5 83148300001-0';
    expect(read(bill)).toMatchObject({
      segmento: { codigo: '5', nome: 'Órgãos governamentais' },
      valor: 46052.46,
      digitos_verificadores: { geral: 9, blocos: [9, 5, 5, 0] },
    });
    expect(failure(bill.replace(/0$/, '1'))).toBe(
      'O dígito verificador do bloco 4 da linha digitável está errado: é 1, deveria ser 0.',
    );
  });

  it('reads a segment-6 boleto whose company is its CNPJ, from the linha and the barcode', () => {
    const boleto = read(carne.line);
    expect(boleto).toMatchObject({
      segmento: { codigo: '6' },
      empresa: '11222333',
      campo_livre: '202612250000000000012',
      valor: 250,
      codigo_barras: carne.barcode,
      linha_digitavel_formatada: carne.line,
    });
    expect(read(carne.barcode)).toEqual(boleto);
  });

  it('names the block whose check digit is wrong, and the general digit', () => {
    expect(failure('836200000005667800481001180975657313001589636081')).toBe(
      'O dígito verificador do bloco 2 da linha digitável está errado: é 1, deveria ser 0.',
    );
    expect(failure('848900000002404201622015806051904292586034111221')).toBe(
      'O dígito verificador do bloco 4 da linha digitável está errado: é 1, deveria ser 0.',
    );
    expect(failure('83600000000667800481001809756573100158963608')).toBe(
      'O dígito verificador geral do boleto de arrecadação (4ª posição do código de barras) está errado: é 0, deveria ser 2.',
    );
  });

  it('refuses segments and value identifiers the layout does not have', () => {
    expect(failure('88620000000667800481001809756573100158963608')).toMatch(
      /^O segmento 8 \(2º dígito\) não existe/,
    );
    expect(failure('83520000000667800481001809756573100158963608')).toMatch(
      /^O identificador de valor 5 \(3º dígito\) não existe/,
    );
    expect(failure(`1${energy.slice(1)}`)).toBe(
      'Uma linha digitável de 48 dígitos é de arrecadação e começa com 8.',
    );
  });
});

describe('conversions', () => {
  it('gives the linha digitável of a barcode and the barcode of a linha', () => {
    expect(boletoLineOf(bb.barcode, today)).toBe(bb.line.replace(/\D/g, ''));
    expect(boletoBarcodeOf(bb.line, today)).toBe(bb.barcode);
    expect(boletoLineOf(carne.barcode, today)).toBe(carne.line.replace(/\D/g, ''));
    expect(boletoBarcodeOf(telecom, today)).toBe('84890000000404201622018060519042958603411122');
  });

  it('refuses the other form, and a barcode whose check digit is wrong', () => {
    expect(() => boletoLineOf(bb.line, today)).toThrow(
      'Informe o código de barras do boleto, de 44 dígitos (o texto tem 47).',
    );
    expect(() => boletoBarcodeOf(bb.barcode, today)).toThrow(
      'Informe a linha digitável do boleto, de 47 ou 48 dígitos (o texto tem 44).',
    );
    expect(() => boletoLineOf('00194373700000001000500940144816060680935031', today)).toThrow(
      /deveria ser 3\.$/,
    );
  });
});
