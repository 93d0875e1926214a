import { describe, expect, it } from 'vitest';
import {
  maskPersonalText,
  maskPersonalValue,
  maskedForm,
  phoneCores,
  phoneWritingsPattern,
  titularNeedles,
} from './personal-data-mask';
import { findPersonalData } from '../brazil/personal-data';

describe('masking at rest', () => {
  it('keeps the shape and hides what identifies, kind by kind', () => {
    expect(maskPersonalText('CPF 123.456.789-09 ok')).toBe('CPF ***.456.789-** ok');
    expect(maskPersonalText('cpf=12345678909')).toBe('cpf=***456789**');
    expect(maskPersonalText('CNPJ 11.222.333/0001-81')).toBe('CNPJ **.222.333/0001-**');
    expect(maskPersonalText('CNPJ 12.ABC.345/01DE-35')).toBe('CNPJ **.ABC.345/01DE-**');
    expect(maskPersonalText('Para joao.silva@example.com.br')).toBe('Para j***@example.com.br');
    expect(maskPersonalText('Ligue +55 11 98765-4321')).toBe('Ligue +55 11 *****-4321');
    expect(maskPersonalText('Ligue (11) 98765-4321')).toBe('Ligue (11) *****-4321');
    expect(maskPersonalText('CEP 01310-100')).toBe('CEP 01310-***');
    expect(maskPersonalText('cartão 4111 1111 1111 1111')).toBe('cartão **** **** **** 1111');
  });

  it('leaves what is not personal data alone', () => {
    const text = 'Pedido 12345678901 total R$ 1.234,56 em 01/12/2026';
    expect(maskPersonalText(text)).toBe(text);
  });

  it('masks every string of a value, whole numbers that are documents and the fields named', () => {
    const value = {
      payload: { cliente: { nome: 'Maria', cpf: 12345678909, obs: 'e-mail m@x.com.br' } },
      itens: [{ nome: 'Caneta', qtd: 2 }],
    };
    expect(maskPersonalValue(value, ['payload.cliente.nome'])).toEqual({
      payload: { cliente: { nome: '***', cpf: '***456789**', obs: 'e-mail m***@x.com.br' } },
      itens: [{ nome: 'Caneta', qtd: 2 }],
    });
    expect(maskPersonalValue(value, ['nome'])).toMatchObject({
      payload: { cliente: { nome: '***' } },
      itens: [{ nome: '***', qtd: 2 }],
    });
    expect(maskPersonalValue(value, ['itens.*.nome'])).toMatchObject({
      payload: { cliente: { nome: 'Maria' } },
      itens: [{ nome: '***' }],
    });
  });
});

describe('a titular’s needles', () => {
  it('finds a CPF however it was typed, and its masked forms', () => {
    const needles = titularNeedles(' 12345678909 ');
    expect(needles).toEqual({
      kind: 'CPF',
      value: '123.456.789-09',
      key: '12345678909',
      exact: ['123.456.789-09', '12345678909'],
      masked: ['***.456.789-**', '***456789**'],
    });
    expect(needles?.masked).toContain(maskPersonalText('123.456.789-09'));
  });

  it('writes a phone the common ways, with and without +55', () => {
    const needles = titularNeedles('(11) 98765-4321');
    expect(needles?.kind).toBe('TELEFONE');
    expect(needles?.exact).toEqual(
      expect.arrayContaining([
        '+55 11 98765-4321',
        '11987654321',
        '5511987654321',
        '(11) 98765-4321',
      ]),
    );
    expect(needles?.masked).toContain(maskPersonalText('+55 11 98765-4321'));
  });

  it('compares an e-mail in lower case and an alphanumeric CNPJ in upper case', () => {
    expect(titularNeedles('Joao@Example.com')?.exact).toEqual(['joao@example.com']);
    expect(titularNeedles('12abc34501de35')?.value).toBe('12.ABC.345/01DE-35');
    expect(maskedForm('CNPJ', '12ABC34501DE35')).toBe('**ABC34501DE**');
  });

  it('is null for anything else', () => {
    expect(titularNeedles('Maria')).toBeNull();
    expect(titularNeedles('123.456.789-00')).toBeNull();
    expect(titularNeedles('123.456.789-09 e m@x.com')).toBeNull();
  });
});

describe("a phone's writings", () => {
  it('match every writing the detector takes for the same phone, exact and masked', () => {
    for (const key of ['11987654321', '1132654321']) {
      const exact = new RegExp(`^(?:${phoneWritingsPattern(key, false)})$`);
      const masked = new RegExp(`^(?:${phoneWritingsPattern(key, true)})$`);
      const cores = phoneCores(key);
      const local = key.slice(2);
      const middle = local.slice(0, -4);
      const seps = ['', ' ', '-'];
      for (const prefix of ['', '55', '55 ', '+55', '+55-'])
        for (const ddd of [key.slice(0, 2), `(${key.slice(0, 2)})`])
          for (const a of seps)
            for (const b of seps)
              for (const c of seps) {
                const head =
                  middle.length === 5 ? `${middle.slice(0, 1)}${b}${middle.slice(1)}` : middle;
                const written = `${prefix}${ddd}${a}${head}${c}${local.slice(-4)}`;
                const [found] = findPersonalData(written, ['TELEFONE']);
                expect(found?.key, written).toBe(key);
                expect(exact.test(written), written).toBe(true);
                const stored = maskPersonalText(written);
                expect(masked.test(stored), stored).toBe(true);
                expect(
                  cores.exact.some((core) => written.includes(core)),
                  written,
                ).toBe(true);
                expect(
                  cores.masked.some((core) => stored.includes(core)),
                  stored,
                ).toBe(true);
              }
    }
  });
});
