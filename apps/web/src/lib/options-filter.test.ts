import { describe, expect, it } from 'vitest';
import { accentInsensitiveFilter } from './options-filter';

const option = (label: string) => ({ value: label, label });

describe('the options a searchable select offers', () => {
  const options = [
    option('Saudação'),
    option('Saudade'),
    { group: 'Operação', items: [option('Logística'), option('Financeiro')] },
    { group: 'Outros', items: [option('Vendas')] },
  ];
  const labels = (search: string, limit = Infinity) =>
    accentInsensitiveFilter({ options, search, limit }).map((item) =>
      'group' in item
        ? `${String(item.group)}: ${item.items.map((i) => i.label).join(', ')}`
        : item.label,
    );

  it('offers the option typed without accents or in capitals', () => {
    expect(labels('saudacao')).toEqual(['Saudação']);
    expect(labels(' LOGISTICA ')).toEqual(['Operação: Logística']);
    expect(labels('logística')).toEqual(['Operação: Logística']);
  });

  it('offers everything for an empty search, at most the limit', () => {
    expect(labels('')).toEqual([
      'Saudação',
      'Saudade',
      'Operação: Logística, Financeiro',
      'Outros: Vendas',
    ]);
    expect(labels('sauda', 1)).toEqual(['Saudação']);
  });
});
