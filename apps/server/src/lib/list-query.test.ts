import { describe, expect, it } from 'vitest';
import { containsPattern, pageOffset } from './list-query';

describe('list queries', () => {
  it('escapes LIKE wildcards typed by a person', () => {
    expect(containsPattern('abc')).toBe('%abc%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('clamps the page before computing the offset', () => {
    expect(pageOffset(1, 10, 0)).toBe(0);
    expect(pageOffset(3, 10, 25)).toBe(20);
    expect(pageOffset(9, 10, 25)).toBe(20);
  });
});
