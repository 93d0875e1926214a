import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search-text';

describe('search that forgives accents', () => {
  it.each([
    ['Saudação', 'saudacao'],
    ['Logística', 'logistica'],
    ['LOGÍSTICA', 'logistica'],
    ['Relatório de Ações', 'relatorio de acoes'],
    ['Pão de Açúcar', 'pao de acucar'],
  ])('finds %s by typing %s', (text, typed) => {
    expect(matchesSearch(text, typed)).toBe(true);
    expect(matchesSearch(typed, text)).toBe(true);
  });

  it('folds a decomposed accent (as macOS writes file names) like a composed one', () => {
    expect(foldForSearch('Sauda\u0063\u0327\u0061\u0303o')).toBe('saudacao');
  });

  it('still tells different words apart and keeps letters without a separable accent', () => {
    expect(matchesSearch('Saudação', 'saudade')).toBe(false);
    expect(foldForSearch('Straße Ørsted')).toBe('straße ørsted');
    expect(matchesSearch('qualquer coisa', '')).toBe(true);
  });
});
