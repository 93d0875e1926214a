import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { versionListSchema, type VersionedKind } from '@ponte/shared/versions.schema';
import type { LightMyRequestResponse } from 'fastify';
import { resourceVersions } from '../db/schema';
import { changeTime } from '../modules/versions/versions.service';
import type { Requester, TestAccount, TestContext } from './test-app';

/** Two people of one workspace (docs/adr/0103): the owner (Ana) and Beatriz, each signed in. */
export interface TwoPeople {
  owner: TestAccount;
  ana: Requester;
  bia: Requester;
}

/** The owner and a second person of the same workspace, each with a session. */
export async function twoPeople(t: TestContext): Promise<TwoPeople> {
  const owner = await t.createAccount();
  const added = await t.request(owner.token).post('/account/v1/users', {
    name: 'Beatriz Souza',
    email: `beatriz-${owner.workspaceId.slice(0, 8)}@exemplo.com.br`,
    password: owner.password,
  });
  expect(added.statusCode, added.body).toBe(201);
  const token = await t.tokens.issue(added.json()._id, owner.workspaceId);
  return { owner, ana: t.request(owner.token), bia: t.request(token) };
}

/** A PUT of `account` with `If-Match: "<version>"`. */
export function putIfMatch(
  t: TestContext,
  account: TestAccount,
  url: string,
  version: number,
  payload: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${account.token}`, 'if-match': `"${version}"` },
    payload,
  });
}

/**
 * The 409 of a save based on an old version: the resource's own pt-BR text naming Beatriz and
 * the time of her save, and the version it did not see.
 */
export function expectConflict(
  t: TestContext,
  response: LightMyRequestResponse,
  kind: VersionedKind,
  currentVersion: number,
) {
  expect(response.statusCode, response.body).toBe(409);
  const changedAt = new Date(response.json().details.changed_at as string);
  expect(response.json()).toMatchObject({
    code: 'version_conflict',
    message: messages.versions.conflict(
      kind,
      'Beatriz Souza',
      changeTime(changedAt, t.clock.now()),
    ),
    details: { current_version: currentVersion, changed_by: 'Beatriz Souza' },
  });
}

/** The history of a resource: `[number, author's name, message]`, the newest first. */
export async function historyOf(people: Requester, path: string) {
  const response = await people.get(`${path}/versions`);
  expect(response.statusCode, response.body).toBe(200);
  const list = versionListSchema.parse(response.json());
  return {
    current: list.current,
    items: list.items.map((v) => [v.number, v.author?.name ?? null, v.message] as const),
    restoredFrom: list.items[0]?.restored_from ?? null,
  };
}

/** How many versions of the resource the database still keeps (none once it is removed). */
export async function storedVersions(t: TestContext, resourceId: string): Promise<number> {
  const rows = await t.database.db
    .select({ number: resourceVersions.number })
    .from(resourceVersions)
    .where(eq(resourceVersions.resourceId, resourceId));
  return rows.length;
}
