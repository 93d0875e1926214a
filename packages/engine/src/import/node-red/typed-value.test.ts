import { describe, expect, it } from 'vitest';
import { resolveTemplate } from '../../expressions/expressions';
import { parsePath, dottedPath, referenceOf } from './node-red-paths';
import { typedValue } from './typed-value';

const data = {
  msg: { payload: { itens: [{ 'nome completo': 'Ana' }] }, topic: 't' },
  flow: { contador: 3, global: { limite: 10 } },
  vars: { API_URL: 'https://api.exemplo' },
};
const resolved = (type: string, raw: string) =>
  resolveTemplate(String(typedValue(type, raw)!.value), data);

describe('Node-RED typed inputs as Ponte values', () => {
  it('keeps constants with their type', () => {
    expect(typedValue('str', 'olá')!.value).toBe('olá');
    expect(typedValue('num', '42')!.value).toBe(42);
    expect(typedValue('bool', 'true')!.value).toBe(true);
    expect(typedValue('json', '{"a":[1,2]}')!.value).toEqual({ a: [1, 2] });
    expect(typedValue('num', 'abc')).toBeNull();
    expect(typedValue('json', '{nope')).toBeNull();
  });

  it('keeps text holding {{ as text, not as an expression', async () => {
    expect(await resolveTemplate(String(typedValue('str', 'Olá {{nome}}')!.value), data)).toBe(
      'Olá {{nome}}',
    );
  });

  it('reads msg, flow, global (flow data) and env (variables)', async () => {
    expect(await resolved('msg', 'payload.itens[0]["nome completo"]')).toBe('Ana');
    expect(await resolved('flow', 'contador')).toBe(3);
    expect(await resolved('global', 'limite')).toBe(10);
    expect(await resolved('env', 'API_URL')).toBe('https://api.exemplo');
    expect(typedValue('flow', 'contador')!.note).toMatch(/dados do flow/);
    expect(typedValue('env', 'API_URL')!.note).toMatch(/variáveis do Ponte/);
  });

  it('evaluates a Node-RED JSONata with msg as its root, and its context functions', async () => {
    expect(await resolved('jsonata', 'payload.itens[0].`nome completo` & "/" & topic')).toBe(
      'Ana/t',
    );
    expect(await resolved('jsonata', '$$.topic')).toBe('t');
    expect(await resolved('jsonata', '$flowContext("contador") + $globalContext("limite")')).toBe(
      13,
    );
    expect(await resolved('jsonata', '$env("API_URL")')).toBe('https://api.exemplo');
  });

  it('gives the date as milliseconds, like Node-RED', async () => {
    expect(typeof (await resolved('date', ''))).toBe('number');
  });
});

describe('Node-RED property paths', () => {
  it('reads dots, indexes and quoted keys', () => {
    expect(parsePath('payload.itens[0]["nome completo"]')).toEqual([
      'payload',
      'itens',
      0,
      'nome completo',
    ]);
    expect(referenceOf('msg', "a['b c'].d")).toBe('msg.a.`b c`.d');
    expect(dottedPath(['payload', 'itens', 0])).toBe('payload.itens.0');
    expect(dottedPath(['a.b'])).toBeNull();
    expect(parsePath('')).toBeNull();
    expect(parsePath('a[')).toBeNull();
  });
});
