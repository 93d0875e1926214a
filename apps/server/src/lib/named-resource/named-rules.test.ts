import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { notFound } from '../app-error';
import { groupCheck, removeOrMissing, rowOrMissing } from './named-rules';

describe('named resource rules', () => {
  it("rowOrMissing answers the row, or the area's 404 naming the id", async () => {
    const rows = new Map([['w1:a', { id: 'a' }]]);
    const rowOf = rowOrMissing(
      async (workspaceId: string, id: string) => rows.get(`${workspaceId}:${id}`) ?? null,
      (id) => notFound('Não achei.', { kind: 'flow', id }),
    );
    await expect(rowOf('w1', 'a')).resolves.toEqual({ id: 'a' });
    await expect(rowOf('w2', 'a')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Não achei.',
      resource: { kind: 'flow', id: 'a' },
    });
  });

  it('groupCheck refuses a group the workspace lacks, on the group field', async () => {
    const asked: string[] = [];
    const check = groupCheck(async (workspaceId, groupId) => {
      asked.push(`${workspaceId}:${groupId}`);
      return groupId === 'g1';
    });
    await expect(check('w1', 'g1')).resolves.toBeUndefined();
    await expect(check('w1', 'g2')).rejects.toMatchObject({
      statusCode: 400,
      code: 'validation_error',
      message: messages.flows.groupNotFound,
      details: [{ field: 'group', message: messages.flows.groupNotFound }],
    });
    expect(asked).toEqual(['w1:g1', 'w1:g2']);
  });

  it('groupCheck lets no group pass without asking, and speaks the area message', async () => {
    const check = groupCheck(async () => false, 'Grupo não encontrado.');
    await expect(check('w1', null)).resolves.toBeUndefined();
    await expect(check('w1', '')).resolves.toBeUndefined();
    await expect(check('w1', undefined)).resolves.toBeUndefined();
    await expect(check('w1', 'x')).rejects.toMatchObject({ message: 'Grupo não encontrado.' });
  });

  it("removeOrMissing removes, or answers the area's 404 when nothing was removed", async () => {
    const rows = new Set(['w1:a']);
    const remove = removeOrMissing(
      async (workspaceId: string, id: string) => rows.delete(`${workspaceId}:${id}`),
      (id) => notFound('Não achei.', { kind: 'form', id }),
    );
    await expect(remove('w2', 'a')).rejects.toMatchObject({ statusCode: 404 });
    await expect(remove('w1', 'a')).resolves.toBeUndefined();
    await expect(remove('w1', 'a')).rejects.toMatchObject({ resource: { kind: 'form', id: 'a' } });
  });
});
