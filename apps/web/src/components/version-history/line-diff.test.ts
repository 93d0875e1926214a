import { describe, expect, it } from 'vitest';
import { isLongText, lineDiff, withContext } from './line-diff';

const marks = (before: string, after: string) =>
  lineDiff(before, after)?.map(
    (line) => `${{ same: ' ', added: '+', removed: '-' }[line.kind]}${line.text}`,
  );

describe('lineDiff', () => {
  it('keeps the common lines and marks the removed and added ones in order', () => {
    expect(marks('a\nb\nc\nd', 'a\nB\nc\nd\ne')).toEqual([' a', '-b', '+B', ' c', ' d', '+e']);
    expect(marks('x', 'x')).toEqual([' x']);
    expect(marks('', 'novo')).toEqual(['-', '+novo']);
  });

  it('gives up (null) on texts too long to compare line by line', () => {
    const many = (prefix: string) =>
      Array.from({ length: 2000 }, (_, i) => `${prefix}${i}`).join('\n');
    expect(lineDiff(many('a'), many('b'))).toBeNull();
  });
});

describe('withContext', () => {
  it('leaves out long runs of unchanged lines, counting them', () => {
    const lines = lineDiff('1\n2\n3\n4\n5\n6\n7\n8', '1\n2\n3\n4\n5\n6\n7\nX') ?? [];
    expect(withContext(lines, 2)).toEqual([
      { kind: 'skipped', count: 5 },
      { kind: 'same', text: '6' },
      { kind: 'same', text: '7' },
      { kind: 'removed', text: '8' },
      { kind: 'added', text: 'X' },
    ]);
  });
});

describe('isLongText', () => {
  it('takes texts of several lines or long ones', () => {
    expect(isLongText('a\nb')).toBe(true);
    expect(isLongText('x'.repeat(200))).toBe(true);
    expect(isLongText('curto')).toBe(false);
    expect(isLongText(3)).toBe(false);
  });
});
