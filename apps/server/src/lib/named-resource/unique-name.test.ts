import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { uniqueNameGuard } from './unique-name';

/** What drizzle throws for a broken unique index: the driver's error as the cause. */
const violation = (constraint: string) =>
  Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('duplicate key'), { code: '23505', constraint }),
  });

describe('uniqueNameGuard', () => {
  const guard = uniqueNameGuard({
    constraint: 'things_workspace_name_unique',
    status: 409,
    message: 'Já existe uma coisa com este nome.',
  });

  it('answers what the write answers', async () => {
    await expect(guard(async () => 'saved')).resolves.toBe('saved');
  });

  it("turns the name index's violation into the area's conflict, on the name field", async () => {
    const error = await guard(() =>
      Promise.reject(violation('things_workspace_name_unique')),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 409,
      code: 'conflict',
      message: 'Já existe uma coisa com este nome.',
      details: [{ field: 'name', message: 'Já existe uma coisa com este nome.' }],
    });
  });

  it('answers with the status the area chose', async () => {
    const tables = uniqueNameGuard({ constraint: 'c', status: 400, message: 'Nome em uso.' });
    await expect(tables(() => Promise.reject(violation('c')))).rejects.toMatchObject({
      statusCode: 400,
      code: 'conflict',
    });
  });

  it("lets another index's violation and any other error pass unchanged", async () => {
    const other = violation('things_other_unique');
    await expect(guard(() => Promise.reject(other))).rejects.toBe(other);
    const plain = new Error('connection lost');
    await expect(guard(() => Promise.reject(plain))).rejects.toBe(plain);
  });
});
