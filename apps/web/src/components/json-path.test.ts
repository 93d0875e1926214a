import { describe, expect, it } from 'vitest';
import { childPath, expressionChildPath, expressionPath } from './json-path';

describe('childPath', () => {
  it('writes keys with dots, indexes and odd keys with brackets', () => {
    expect(childPath(childPath('msg', 'payload'), 'cliente')).toBe('msg.payload.cliente');
    expect(childPath('msg.items', 0)).toBe('msg.items[0]');
    expect(childPath('msg', 'content-type')).toBe('msg["content-type"]');
  });

  it('starts a path without a root with the key itself', () => {
    expect(childPath('', 'payload')).toBe('payload');
    expect(childPath('', 0)).toBe('[0]');
    expect(childPath('', 'content-type')).toBe('["content-type"]');
  });
});

describe('expressionPath', () => {
  it('writes indexes in brackets and odd keys between backticks, the JSONata way', () => {
    expect(expressionPath('msg', ['payload', 'cliente', 'nome'])).toBe('msg.payload.cliente.nome');
    expect(expressionPath('msg', ['payload', 'itens', 0, 'id'])).toBe('msg.payload.itens[0].id');
    expect(expressionPath('msg', ['headers', 'content-type'])).toBe('msg.headers.`content-type`');
    expect(expressionPath('msg', ['1º lugar'])).toBe('msg.`1º lugar`');
    expect(expressionChildPath('', 'payload')).toBe('payload');
  });
});
