import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../documents';
import { accessKeyCheckDigit, checkAccessKey } from './access-key';

/**
 * Keys of published NF-e and NFC-e samples, signed by their emitters and (where noted)
 * authorised by a SEFAZ: the test fixtures of the open-source library nfephp-org/sped-nfe
 * (MIT licence among its options), tests/fixtures/xml/.
 */
const publishedKeys = [
  // nfe_layout4_com_prot.xml: NF-e authorised by SEFAZ-RS (homologação), cStat 100
  '43180906929383000163550010000000261000010301',
  // 2017protocoled.xml: NF-e authorised by SEFAZ-SP, cStat 100
  '35170358716523000119550010000000301000000300',
  // nfce.xml: NFC-e of Paraná
  '41200323285089000185650010000013051817822496',
];

describe('chave de acesso', () => {
  it.each(publishedKeys)('accepts the published key %s', (key) => {
    const check = checkAccessKey(key);
    expect(check.problemas).toEqual([]);
    expect(check.valida).toBe(true);
  });

  it('reads every field of a key', () => {
    expect(checkAccessKey('43180906929383000163550010000000261000010301')).toEqual({
      valida: true,
      problemas: [],
      chave: '43180906929383000163550010000000261000010301',
      uf: { codigo: '43', sigla: 'RS' },
      ano_mes: '2018-09',
      emitente: { tipo: 'cnpj', documento: '06929383000163' },
      modelo: { codigo: '55', nome: 'NF-e' },
      serie: 1,
      numero: 26,
      tipo_emissao: { codigo: '1', nome: 'Normal' },
      codigo_numerico: '00001030',
      digito_verificador: 1,
    });
    const nfce = checkAccessKey('41200323285089000185650010000013051817822496');
    expect(nfce.valida && nfce.modelo).toEqual({ codigo: '65', nome: 'NFC-e' });
  });

  it('forgives the spaces of the DANFE and a leading NFe, as pasted from an Id', () => {
    const spaced = '4318 0906 9293 8300 0163 5500 1000 0000 2610 0001 0301';
    expect(checkAccessKey(spaced).valida).toBe(true);
    expect(checkAccessKey('NFe43180906929383000163550010000000261000010301').valida).toBe(true);
    expect(checkAccessKey(' nfe43180906929383000163550010000000261000010301 ').valida).toBe(true);
  });

  it('names a wrong check digit and gives the right one', () => {
    const check = checkAccessKey('43180906929383000163550010000000261000010302');
    expect(check).toMatchObject({
      valida: false,
      problemas: ['Dígito verificador errado: 2; o correto para esta chave é 1.'],
    });
  });

  it('names an unknown UF code, a month 13, a bad emitter, an unknown model and issue type', () => {
    // Fields changed one at a time, the check digit recomputed, so only the field is wrong.
    const withDigit = (first43: string) => `${first43}${accessKeyCheckDigit(first43)}`;
    const base = '4318090692938300016355001000000026100001030';
    const problems = (key: string) => checkAccessKey(key).problemas;
    expect(problems(withDigit(`99${base.slice(2)}`))).toEqual([
      'Código de UF desconhecido: 99 (posições 1 e 2).',
    ]);
    expect(problems(withDigit(`4318${'13'}${base.slice(6)}`))).toEqual([
      'Mês de emissão inválido: 13 (posições 5 e 6, AAMM).',
    ]);
    expect(problems(withDigit(`${base.slice(0, 6)}06929383000164${base.slice(20)}`))).toEqual([
      'CNPJ ou CPF do emitente inválido: 06929383000164 (posições 7 a 20).',
    ]);
    expect(problems(withDigit(`${base.slice(0, 20)}99${base.slice(22)}`))).toEqual([
      'Modelo de documento desconhecido: 99 (posições 21 e 22).',
    ]);
    expect(problems(withDigit(`${base.slice(0, 34)}8${base.slice(35)}`))).toEqual([
      'Tipo de emissão desconhecido: 8 (posição 35).',
    ]);
  });

  it('says how long a key must be and where letters may go', () => {
    expect(checkAccessKey('4318').problemas).toEqual([
      'A chave de acesso tem 44 caracteres; a informada tem 4.',
    ]);
    expect(checkAccessKey('').problemas).toEqual(['Informe a chave de acesso.']);
    expect(checkAccessKey('A3180906929383000163550010000000261000010301').problemas[0]).toMatch(
      /salvo letras nas 12 primeiras posições do CNPJ/,
    );
  });

  it('reads an emitter CPF, written as 000 and the 11 digits', () => {
    // CPF 529.982.247-25, a valid CPF; UF 35, 2026-04, modelo 55, série 1, nº 1, tpEmis 1.
    const first43 = [
      '35',
      '2604',
      '00052998224725',
      '55',
      '001',
      '000000001',
      '1',
      '00000001',
    ].join('');
    const check = checkAccessKey(`${first43}${accessKeyCheckDigit(first43)}`);
    expect(check.valida && check.emitente).toEqual({ tipo: 'cpf', documento: '52998224725' });
  });

  it('takes an alphanumeric CNPJ, its letters valued as ASCII minus 48 in the check digit', () => {
    // 12.ABC.345/01DE-35: Receita Federal's published example of an alphanumeric CNPJ.
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    const first43 = [
      '35',
      '2607',
      '12ABC34501DE35',
      '55',
      '001',
      '000000123',
      '1',
      '00000001',
    ].join('');
    // The same digit by hand: letters A=17, B=18, C=19, D=20, E=21 (ASCII − 48), weights
    // 2..9 from the right, NT 2025.001.
    let sum = 0;
    let weight = 2;
    for (let i = 42; i >= 0; i--) {
      sum += (first43.charCodeAt(i) - 48) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const digit = sum % 11 < 2 ? 0 : 11 - (sum % 11);
    const check = checkAccessKey(`${first43}${digit}`);
    expect(check.valida && check.emitente).toEqual({ tipo: 'cnpj', documento: '12ABC34501DE35' });
    expect(checkAccessKey(`${first43}${(digit + 1) % 10}`).valida).toBe(false);
  });
});
