import { describe, expect, it } from 'vitest';
import { createPersonalDataMasker } from './personal-data';

describe('personal data masked before it leaves, and put back', () => {
  it('replaces each kind by a numbered placeholder and puts every one back', () => {
    const masker = createPersonalDataMasker();
    const text =
      'Cliente 529.982.247-25 (ana.souza@exemplo.com.br), empresa 12.ABC.345/01DE-35 e ' +
      '11.222.333/0001-81, celular +55 (11) 91234-5678, fixo (21) 3333-4444, CEP 01310-100, ' +
      'cartão 4111 1111 1111 1111.';
    const masked = masker.mask(text);
    expect(masked).toBe(
      'Cliente [CPF_1] ([EMAIL_1]), empresa [CNPJ_1] e [CNPJ_2], celular [TELEFONE_1], ' +
        'fixo [TELEFONE_2], CEP [CEP_1], cartão [CARTAO_1].',
    );
    expect(masker.unmask(masked)).toBe(text);
    expect(masker.counts()).toEqual({ CPF: 1, EMAIL: 1, CNPJ: 2, TELEFONE: 2, CEP: 1, CARTAO: 1 });
  });

  it('gives the same value, typed another way, the same placeholder', () => {
    const masker = createPersonalDataMasker();
    expect(masker.mask('52998224725 e 529.982.247-25')).toBe('[CPF_1] e [CPF_1]');
    expect(masker.mask('12abc34501de35 é 12.ABC.345/01DE-35')).toBe('[CNPJ_1] é [CNPJ_1]');
    expect(masker.mask('ANA@Exemplo.com e ana@exemplo.com')).toBe('[EMAIL_1] e [EMAIL_1]');
    expect(masker.mask('11912345678, (11) 91234-5678 e 5511912345678')).toBe(
      '[TELEFONE_1], [TELEFONE_1] e [TELEFONE_1]',
    );
    // Put back as first met.
    expect(masker.unmask('[CPF_1]')).toBe('52998224725');
    expect(masker.counts()).toEqual({ CPF: 1, CNPJ: 1, EMAIL: 1, TELEFONE: 1 });
  });

  it('leaves what only looks like one: wrong check digits, unknown DDD, dates, codes, ids', () => {
    const masker = createPersonalDataMasker();
    const text =
      'CPF 529.982.247-26, CNPJ 11.222.333/0001-82, telefone (20) 91234-5678, pedido 20261129, ' +
      'nota 4111 1111 1111 1112, versão 1.2.3, R$ 1.234,56, SKU ABC-123, 111.111.111-11';
    expect(masker.mask(text)).toBe(text);
    expect(masker.counts()).toEqual({});
  });

  it('masks a CEP written as one or named, not eight loose digits', () => {
    const masker = createPersonalDataMasker();
    expect(masker.mask('01310-100, 01.310-100, CEP: 01310100, 01310100')).toBe(
      '[CEP_1], [CEP_1], CEP: [CEP_1], 01310100',
    );
  });

  it('masks only the kinds asked for', () => {
    const masker = createPersonalDataMasker(['CPF']);
    expect(masker.mask('529.982.247-25 ana@exemplo.com')).toBe('[CPF_1] ana@exemplo.com');
  });

  it('goes through JSON values; a placeholder alone gives the value back with its type', () => {
    const masker = createPersonalDataMasker();
    const value = {
      cliente: { cpf: 52998224725, email: 'ana@exemplo.com', nome: 'Ana' },
      itens: [{ sku: 'A1', qtd: 2 }],
      telefones: ['(11) 91234-5678'],
    };
    const masked = masker.maskValue(value);
    expect(masked).toEqual({
      cliente: { cpf: '[CPF_1]', email: '[EMAIL_1]', nome: 'Ana' },
      itens: [{ sku: 'A1', qtd: 2 }],
      telefones: ['[TELEFONE_1]'],
    });
    // A tool call's arguments, as a model writes them.
    expect(
      masker.unmaskValue({ cpf: '[CPF_1]', texto: 'Olá, enviei para [EMAIL_1]', outro: '[CPF_9]' }),
    ).toEqual({ cpf: 52998224725, texto: 'Olá, enviei para ana@exemplo.com', outro: '[CPF_9]' });
  });

  it('keeps each masker to itself: another call knows none of its placeholders', () => {
    const first = createPersonalDataMasker();
    first.mask('529.982.247-25');
    expect(createPersonalDataMasker().unmask('[CPF_1]')).toBe('[CPF_1]');
  });

  it('goes on from a kept state with the same placeholders (an agent resumed)', () => {
    const first = createPersonalDataMasker();
    first.mask('CPF 529.982.247-25, e-mail ana@exemplo.com.br');
    const kept = JSON.parse(JSON.stringify(first.state()));
    const next = createPersonalDataMasker(undefined, kept);
    expect(next.unmask('[CPF_1] e [EMAIL_1]')).toBe('529.982.247-25 e ana@exemplo.com.br');
    expect(next.mask('529.982.247-25 ou 11.222.333/0001-81')).toBe('[CPF_1] ou [CNPJ_1]');
    expect(next.mask('outro 111.444.777-35')).toBe('outro [CPF_2]');
    expect(next.counts()).toEqual({ CPF: 2, EMAIL: 1, CNPJ: 1 });
  });
});
