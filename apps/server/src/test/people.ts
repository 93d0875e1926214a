import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestAccount, TestContext } from './test-app';

/** A person the owner adds to their workspace (POST /account/v1/users), signed in. */
export async function addPerson(
  t: TestContext,
  owner: TestAccount,
  name: string,
): Promise<TestAccount> {
  const email = `pessoa-${randomBytes(5).toString('hex')}@exemplo.com.br`;
  const added = await t
    .request(owner.token)
    .post('/account/v1/users', { name, email, password: owner.password });
  expect(added.statusCode, added.body).toBe(201);
  const userId = (added.json() as { _id: string })._id;
  return {
    ...owner,
    userId,
    email,
    token: await t.tokens.issue(userId, owner.workspaceId),
  };
}
