import { describe, expect, it } from 'vitest';
import { groupBodySchema } from './groups.schema';
import { messages } from './messages';
import { depthExceeds, findNul, jsonTooDeep, text } from './text';
import { workspaceExportSchema } from './workspace-export.schema';

describe('text without NUL', () => {
  it('refuses NUL with a pt-BR message and keeps every other check', () => {
    expect(text().safeParse('olá').success).toBe(true);
    const result = groupBodySchema.safeParse({ name: 'Vendas\u0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.generic.nulCharacter);
    expect(groupBodySchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe(
      messages.groups.nameRequired,
    );
  });

  it('finds NUL in nested strings and keys, however deep, without recursion', () => {
    expect(findNul({ a: [{ b: 'ok' }] })).toBeNull();
    expect(findNul({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k\u0000');
    let deep: unknown = '\u0000';
    for (let level = 0; level < 200_000; level++) deep = { d: deep };
    expect(findNul(deep)).toMatch(/^d(\.d)+$/);
    expect(depthExceeds(deep, 64)).toBe(true);
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
