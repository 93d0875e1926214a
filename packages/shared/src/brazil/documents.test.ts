import { describe, expect, it } from 'vitest';
import {
  cepDigits,
  cnpjCharacters,
  cpfDigits,
  formatCep,
  formatCnpj,
  formatCpf,
  isCep,
  isCnpj,
  isCpf,
} from './documents';

/**
 * The check digits of a CNPJ, written here from Receita Federal's published method and not
 * from the code under test: "CNPJ Alfanumérico — cálculo do dígito verificador" (Receita
 * Federal do Brasil, 2024; Instrução Normativa RFB nº 2.229/2024). Each character is valued
 * by its ASCII code minus 48, the weights run 2 to 9 from the right and start again at 2, the
 * sum is taken modulo 11 and a remainder under 2 gives 0, else 11 minus the remainder.
 */
function receitaCheckDigits(base: string): string {
  const digit = (chars: string) => {
    let sum = 0;
    let weight = 2;
    for (let i = chars.length - 1; i >= 0; i--) {
      sum += (chars.charCodeAt(i) - 48) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  return `${first}${digit(`${base}${first}`)}`;
}

/** A deterministic generator (mulberry32), so a failure names the same values every run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const masked = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

/** 1 002 valid alphanumeric CNPJs (each with at least one letter). */
function alphanumericCnpjs(): string[] {
  const random = generator(37);
  const out: string[] = [];
  while (out.length < 1002) {
    const base = Array.from({ length: 12 }, () => alphabet[Math.floor(random() * 36)]).join('');
    if (!/[A-Z]/.test(base)) continue;
    out.push(`${base}${receitaCheckDigits(base)}`);
  }
  return out;
}

describe('CNPJ', () => {
  it("accepts Receita Federal's published alphanumeric example, masked and not", () => {
    expect(receitaCheckDigits('12ABC34501DE')).toBe('35');
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCnpj('12ABC34501DE35')).toBe(true);
    expect(isCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isCnpj('12.ABD.345/01DE-35')).toBe(false);
  });

  it('accepts 1 002 generated alphanumeric CNPJs and refuses each with a wrong check digit', () => {
    const cnpjs = alphanumericCnpjs();
    expect(cnpjs.filter((cnpj) => !isCnpj(cnpj))).toEqual([]);
    expect(cnpjs.filter((cnpj) => !isCnpj(masked(cnpj)))).toEqual([]);
    const wrong = cnpjs.map((cnpj) => `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`);
    expect(wrong.filter((cnpj) => isCnpj(cnpj))).toEqual([]);
  });

  it('keeps accepting numeric CNPJs, the way people type them', () => {
    for (const cnpj of [
      '11.222.333/0001-81',
      '11222333000181',
      '45.997.418/0001-53',
      '06990590000123',
      '11.222.333/000181',
      '11 222 333 0001 81',
    ])
      expect(isCnpj(cnpj), cnpj).toBe(true);
  });

  it('refuses letters among the check digits, other lengths and all-equal characters', () => {
    for (const cnpj of [
      '12.ABC.345/01DE-3A',
      '12.ABC.345/01DE-3',
      '11.111.111/1111-11',
      '00000000000000',
      '529.982.247-25',
      '12.ABÇ.345/01DE-35',
      '12.ABC.345.01DE.35',
    ])
      expect(isCnpj(cnpj), cnpj).toBe(false);
  });
});

describe('CPF', () => {
  it('accepts a CPF typed with spaces, a hyphen only, or the mask', () => {
    for (const cpf of [
      '529.982.247-25',
      '52998224725',
      '529 982 247 25',
      '529982247-25',
      '123 456 789 09',
      '123456789-09',
    ])
      expect(isCpf(cpf), cpf).toBe(true);
  });

  it('refuses a wrong check digit, all-equal digits and other shapes', () => {
    for (const cpf of ['529.982.247-24', '111.111.111-11', '5299822472', '529.982.247.25', 'abc'])
      expect(isCpf(cpf), cpf).toBe(false);
  });
});

describe('CEP', () => {
  it('accepts 01310-100, 01310100, 01.310-100 and 01310 100; refuses other shapes', () => {
    for (const cep of ['01310-100', '01310100', '01.310-100', '01310 100'])
      expect(isCep(cep), cep).toBe(true);
    for (const cep of ['0131-0100', '1310100', '01.310-10', '013.10-100', 'abcde-fgh'])
      expect(isCep(cep), cep).toBe(false);
  });
});

describe('formatting', () => {
  it('writes CPF, CNPJ (letters upper-cased) and CEP with their masks', () => {
    expect(formatCpf(cpfDigits('529 982 247 25')!)).toBe('529.982.247-25');
    expect(cpfDigits('529.982.247-24')).toBeNull();
    expect(formatCnpj(cnpjCharacters('12abc34501de35'))).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj(cnpjCharacters('11222333000181'))).toBe('11.222.333/0001-81');
    expect(formatCep(cepDigits('01.310-100')!)).toBe('01310-100');
    expect(cepDigits('1310-100')).toBeNull();
  });
});
