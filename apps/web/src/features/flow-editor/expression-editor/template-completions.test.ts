import { describe, expect, it } from 'vitest';
import { jsonataFunctions } from './jsonata-functions';
import { templateCompletions } from './template-completions';

const sample = {
  payload: { nome: 'Ana', itens: [{ preco: 10, 'código-sku': 'A1' }], ativo: true },
  headers: { 'content-type': 'application/json' },
};
const context = { sample, variableKeys: ['API_TOKEN', 'REGIAO'] };
const labels = (text: string) =>
  templateCompletions(text, context)?.items.map((item) => item.label);

describe('template completion', () => {
  it('offers nothing outside {{ }}', () => {
    expect(templateCompletions('Olá $su', context)).toBeNull();
    expect(templateCompletions('{{ msg.payload }} e $su', context)).toBeNull();
  });

  it("offers JSONata's functions after $, with their pt-BR help and signature", () => {
    const found = templateCompletions('Total: {{ $su', context)!;
    expect(found.replaceLength).toBe(3);
    expect(found.items.map((item) => item.label)).toEqual([
      '$substring',
      '$substringBefore',
      '$substringAfter',
      '$sum',
    ]);
    expect(found.items.find((item) => item.label === '$sum')).toEqual({
      label: '$sum',
      kind: 'function',
      snippet: '\\$sum($0)',
      detail: '$sum(lista)',
      documentation: 'A soma dos números da lista.',
    });
    expect(labels('{{ $')).toHaveLength(jsonataFunctions.length);
  });

  it('offers the Brazilian document functions with their pt-BR help', () => {
    expect(labels('{{ $cp')).toEqual(['$cpf']);
    expect(templateCompletions('{{ $dataB', context)!.items).toEqual([
      {
        label: '$dataBR',
        kind: 'function',
        snippet: '\\$dataBR($0)',
        detail: '$dataBR(valor, comHora?)',
        documentation:
          'Um instante vira "DD/MM/AAAA" no horário de São Paulo (com hora: "DD/MM/AAAA HH:mm"); "DD/MM/AAAA" vira "AAAA-MM-DD".',
      },
    ]);
    expect(labels('{{ $te')).toEqual(['$telefone']);
  });

  it("offers the sample's fields after msg., through objects and lists, odd keys quoted", () => {
    expect(labels('{{ msg.')).toEqual(['payload', 'headers']);
    expect(labels('{{ msg.payload.')).toEqual(['nome', 'itens', 'ativo']);
    expect(labels('{{ $sum(msg.payload.itens.')).toEqual(['preco', 'código-sku']);
    expect(labels('{{ msg.payload.itens[0].pr')).toEqual(['preco']);
    const quoted = templateCompletions('{{ msg.headers.', context)!.items[0]!;
    expect(quoted).toMatchObject({
      label: 'content-type',
      snippet: '`content-type`',
      detail: 'texto',
    });
    expect(templateCompletions('{{ msg.payload.ativo.', context)).toBeNull();
    const types = templateCompletions('{{ msg.payload.', context)!.items.map((item) => item.detail);
    expect(types).toEqual(['texto', 'lista', 'booleano']);
  });

  it('offers the variable names after vars., and the roots for a bare word', () => {
    expect(labels('{{ vars.')).toEqual(['API_TOKEN', 'REGIAO']);
    expect(labels('{{ vars.re')).toEqual(['REGIAO']);
    expect(labels('{{ m')).toEqual(['msg']);
    expect(templateCompletions('{{ msg.payload.', { sample: null, variableKeys: [] })).toBeNull();
  });
});
