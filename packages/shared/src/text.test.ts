import { describe, expect, it } from 'vitest';
import { groupBodySchema } from './groups.schema';
import { messages } from './messages';
import {
  depthExceeds,
  findForbiddenCharacter,
  hasForbiddenCharacter,
  jsonTooDeep,
  text,
} from './text';
import { workspaceExportSchema } from './workspace-export.schema';

describe('text without NUL nor half characters', () => {
  it('refuses NUL with a pt-BR message and keeps every other check', () => {
    expect(text().safeParse('olá').success).toBe(true);
    const result = groupBodySchema.safeParse({ name: 'Vendas\u0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.generic.forbiddenCharacter);
    expect(groupBodySchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe(
      messages.groups.nameRequired,
    );
  });

  it('finds NUL in nested strings and keys, however deep, without recursion', () => {
    expect(findForbiddenCharacter({ a: [{ b: 'ok' }] })).toBeNull();
    expect(findForbiddenCharacter({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b');
    expect(findForbiddenCharacter({ ['k\u0000']: 1 })).toBe('k\u0000');
    let deep: unknown = '\u0000';
    for (let level = 0; level < 200_000; level++) deep = { d: deep };
    expect(findForbiddenCharacter(deep)).toMatch(/^d(\.d)+$/);
    expect(depthExceeds(deep, 64)).toBe(true);
  });

  it('refuses half of a character (a lone surrogate) like NUL, and keeps whole characters', () => {
    const lone = ['\ud800', '\udc00', 'a\udbffb', 'x\udfff', '\udc00\ud800', '😀'.slice(0, 1)];
    for (const value of lone) {
      expect(hasForbiddenCharacter(value), JSON.stringify(value)).toBe(true);
      expect(groupBodySchema.safeParse({ name: value }).error?.issues[0]?.message).toBe(
        messages.generic.forbiddenCharacter,
      );
    }
    const whole = ['😀', '𝄞', '\ud83d\ude00', 'São Paulo 😀𝄞 ção', '\ufffd', ''];
    for (const value of whole) expect(hasForbiddenCharacter(value), value).toBe(false);
    expect(findForbiddenCharacter({ a: ['ok', { b: '😀', c: 'x\ud800' }] })).toBe('a.1.c');
    expect(findForbiddenCharacter({ ['k\udc00']: 1 })).toBe('k\udc00');
    expect(findForbiddenCharacter({ nota: '𝄞 😀' })).toBeNull();
    // Parsed from the JSON escapes, as a request body arrives.
    expect(findForbiddenCharacter(JSON.parse('{"nome":"\\ud800"}'))).toBe('nome');
    expect(findForbiddenCharacter(JSON.parse('{"nome":"\\ud83d\\ude00"}'))).toBeNull();
  });

  it('tells a JSON text nested too deep without parsing it', () => {
    expect(jsonTooDeep('[[[1]]]', 3)).toBe(false);
    expect(jsonTooDeep('[[[[1]]]]', 3)).toBe(true);
    expect(jsonTooDeep('{"a":"[[[[[[\\"[[["}', 2)).toBe(false);
    expect(jsonTooDeep('['.repeat(100_000) + ']'.repeat(100_000))).toBe(true);
  });

  it('refuses NUL anywhere in a workspace export, the flow documents included', () => {
    const file = (data: unknown, name = 'Flow') => ({
      version: 1,
      groups: [],
      variables: [],
      flows: [
        { name, enabled: false, group: null, variables: [], data, description: '', config: {} },
      ],
    });
    expect(workspaceExportSchema.safeParse(file({ nodes: [] })).success).toBe(true);
    const deep = workspaceExportSchema.safeParse(file({ nodes: [{ params: { m: '\u0000' } }] }));
    expect(deep.error?.issues[0]?.path).toEqual(['flows', 0, 'data', 'nodes', '0', 'params', 'm']);
    expect(workspaceExportSchema.safeParse(file({}, 'F\u0000')).success).toBe(false);
  });
});
