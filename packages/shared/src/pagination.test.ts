import { describe, expect, it } from 'vitest';
import { clampPage, formatTotal, pageCount, pageQuerySchema } from './pagination';

describe('pagination', () => {
  it('clamps the page to 1..total pages', () => {
    expect(clampPage(0, 35, 10)).toBe(1);
    expect(clampPage(-3, 35, 10)).toBe(1);
    expect(clampPage(9, 35, 10)).toBe(4);
    expect(clampPage(2, 35, 10)).toBe(2);
    expect(clampPage(3, 0, 10)).toBe(1);
    expect(clampPage(Number.NaN, 35, 10)).toBe(1);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('shows the capped total as +10000', () => {
    expect(formatTotal(10_000)).toBe('+10000');
    expect(formatTotal(9_999)).toBe('9999');
  });

  it('never rejects a page or limit: it clamps them', () => {
    const schema = pageQuerySchema(100, 10);
    expect(schema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(schema.parse({ page: 'abc', limit: '5000' })).toEqual({ page: 1, limit: 100 });
    expect(schema.parse({ page: '-2', limit: '0', query: '  x ' })).toEqual({
      page: 1,
      limit: 1,
      query: 'x',
    });
  });
});
