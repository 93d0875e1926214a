import { describe, expect, it } from 'vitest';
import { compileLinearRegex, linearRegexErrorText } from './linear-regex';

const errorOf = (source: string, flags = '') => {
  const compiled = compileLinearRegex(source, flags);
  return 'error' in compiled ? compiled.error : null;
};

describe('RE2 errors in pt-BR', () => {
  it.each([
    ['erro(?=fatal)', /^lookahead \(\(\?=\) não é aceito/],
    ['erro(?!fatal)', /^lookahead \(\(\?!\) não é aceito/],
    ['(?<=pedido )erro', /^lookbehind \(\(\?<=\) não é aceito/],
    ['(?<!pedido )erro', /^lookbehind \(\(\?<!\) não é aceito/],
    ['(a)\\1', /^referência a um grupo anterior \(\\1\) não é aceita/],
    ['(?<n>a)\\k<n>', /^referência a um grupo anterior \(\\k\) não é aceita/],
    ['(erro', /^falta fechar um parêntese \(em "\(erro"\)\.$/],
    ['erro)', /^parêntese fechado sem ter sido aberto/],
    ['[abc', /^falta fechar um colchete \(em "\[abc"\)\.$/],
    ['a**', /^repetição inválida \(em "\*\*"\)\.$/],
    ['*a', /^repetição sem nada antes para repetir/],
    ['a{2,1}', /^tamanho de repetição inválido/],
    ['\\q', /^sequência de escape inválida \(em "\\q"\)\.$/],
    ['[z-a]', /^intervalo ou classe de caracteres inválido \(em "z-a"\)\.$/],
    ['erro\\', /^a expressão termina com uma barra invertida/],
    ['(?z)a', /^construção "\(\?z" não reconhecida\.$/],
  ])('%s', (source, expected) => {
    expect(errorOf(source)).toMatch(expected);
  });

  it('shows RE2 short reason in a generic pt-BR sentence when it has no translation', () => {
    expect(linearRegexErrorText('some new failure: x')).toBe(
      'o motor de expressões regulares não aceitou a expressão (some new failure: x).',
    );
  });

  it('says nothing in English for the common mistakes', () => {
    for (const source of ['(?=a)', '(a', '[a', 'a**', '\\q', '(a)\\1', 'a{2,1}']) {
      expect(errorOf(source)).not.toMatch(/invalid|missing|bad|operator|repetition size/);
    }
  });

  it('compiles what RE2 accepts, with the i, m, s and u flags', () => {
    const compiled = compileLinearRegex('^erro.fatal$', 'ims');
    if ('error' in compiled) throw new Error(compiled.error);
    expect(compiled.test('ok\nERRO\nFATAL')).toBe(true);
    expect(compiled.test('ok\nerro fatal!')).toBe(false);
  });
});

describe('\\s in an alert rule', () => {
  it('matches the non-breaking space as JavaScript does, in text and in UTF-8 bytes', () => {
    const line = 'Pedido\u00a0recusado:\u202fsem estoque';
    for (const source of ['Pedido\\srecusado', 'recusado:\\s\\S+\\s', '^[\\S\\s]+$']) {
      const compiled = compileLinearRegex(source, '');
      if ('error' in compiled) throw new Error(compiled.error);
      expect(compiled.test(line), source).toBe(new RegExp(source).test(line));
      expect(compiled.test(Buffer.from(line)), source).toBe(true);
    }
    expect(errorOf('(\\s')).toBe('falta fechar um parêntese (em "(\\s").');
  });
});
