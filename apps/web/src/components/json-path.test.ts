import { describe, expect, it } from 'vitest';
import { childPath } from './json-path';

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
