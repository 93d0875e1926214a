import { describe, expect, it } from 'vitest';
import { expressionChildPath, expressionPath } from './json-path';

describe('expressionPath', () => {
  it('writes indexes in brackets and odd keys between backticks, the JSONata way', () => {
    expect(expressionPath('msg', ['payload', 'cliente', 'nome'])).toBe('msg.payload.cliente.nome');
    expect(expressionPath('msg', ['payload', 'itens', 0, 'id'])).toBe('msg.payload.itens[0].id');
    expect(expressionPath('msg', ['headers', 'content-type'])).toBe('msg.headers.`content-type`');
    expect(expressionPath('msg', ['1º lugar'])).toBe('msg.`1º lugar`');
  });

  it('quotes what JSONata would read as a variable, an operator or a value', () => {
    expect(expressionPath('msg', ['payload', '$id'])).toBe('msg.payload.`$id`');
    expect(expressionPath('msg', ['payload', 'and'])).toBe('msg.payload.`and`');
    expect(expressionPath('msg', ['payload', 'null'])).toBe('msg.payload.`null`');
    expect(expressionPath('msg', ['payload', 'a`b'])).toBe('$lookup(msg.payload, "a`b")');
  });

  it('starts a path without a root with the key itself', () => {
    expect(expressionChildPath('', 'payload')).toBe('payload');
    expect(expressionChildPath('', 0)).toBe('[0]');
    expect(expressionChildPath('', 'content-type')).toBe('`content-type`');
  });
});
