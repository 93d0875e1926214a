import { describe, expect, it } from 'vitest';
import { resolveTemplate } from './expressions';

const data = {
  msg: { payload: { total: 150, itens: [{ sku: 'A' }, { sku: 'B' }], nome: 'Ana' } },
  flow: { lote: 7 },
  vars: { REGIAO: 'sul' },
};

describe('expressions', () => {
  it('keeps the type of a param that is one whole expression', async () => {
    expect(await resolveTemplate('{{ msg.payload.total }}', data)).toBe(150);
    expect(await resolveTemplate('  {{ msg.payload.itens.sku }} ', data)).toEqual(['A', 'B']);
    expect(await resolveTemplate('{{ msg.payload.total > 100 }}', data)).toBe(true);
    expect(await resolveTemplate('{{ msg.payload }}', data)).toEqual(data.msg.payload);
  });

  it('turns every expression into text inside a longer string', async () => {
    expect(
      await resolveTemplate(
        'Lote {{ flow.lote }} de {{ msg.payload.nome }} ({{ vars.REGIAO }})',
        data,
      ),
    ).toBe('Lote 7 de Ana (sul)');
    expect(await resolveTemplate('itens: {{ msg.payload.itens }}', data)).toBe(
      'itens: [{"sku":"A"},{"sku":"B"}]',
    );
    expect(await resolveTemplate('faltando: [{{ msg.payload.nada }}]', data)).toBe('faltando: []');
  });

  it('reads the paths the editor copies and drags, odd keys included', async () => {
    // The forms of apps/web's expressionChildPath: backticks, and $lookup for a key with one.
    const odd = {
      msg: { headers: { 'content-type': 'json', and: 1, $id: 2, 'a`b': 3 }, itens: [{ id: 9 }] },
      flow: {},
      vars: {},
    };
    expect(await resolveTemplate('{{ msg.headers.`content-type` }}', odd)).toBe('json');
    expect(await resolveTemplate('{{ msg.headers.`and` }}', odd)).toBe(1);
    expect(await resolveTemplate('{{ msg.headers.`$id` }}', odd)).toBe(2);
    expect(await resolveTemplate('{{ $lookup(msg.headers, "a`b") }}', odd)).toBe(3);
    expect(await resolveTemplate('{{ msg.itens[0].id }}', odd)).toBe(9);
  });

  it('leaves text without expressions alone', async () => {
    expect(await resolveTemplate('sem nada aqui { nem } isto', data)).toBe(
      'sem nada aqui { nem } isto',
    );
  });

  it('gives plain JSON back (no JSONata sequence flags)', async () => {
    const value = await resolveTemplate('{{ msg.payload.itens.sku }}', data);
    expect(Object.keys(value as object)).toEqual(['0', '1']);
    expect(JSON.stringify(value)).toBe('["A","B"]');
  });

  it('runs no JavaScript: host objects are out of reach', async () => {
    for (const attempt of [
      '{{ process.exit(1) }}',
      '{{ constructor.constructor("return process")() }}',
      '{{ $string(msg).constructor }}',
      '{{ msg.__proto__ }}',
    ]) {
      expect(await resolveTemplate(attempt, data), attempt).toBeUndefined();
    }
  });
});
