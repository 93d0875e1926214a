import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { logs } from '../db/schema';
import { servicePollCursors } from '../db/schema-service-polls';
import { finishFromCallback } from './oauth2-callback';
import type { TestAccount, TestContext } from './test-app';
import { until } from './until';

/**
 * What the tests of polling triggers share (docs/adr/0091): a Google account authorised
 * through the server as a person would, the node's stored cursor, and the lines of failed
 * polls in the flow's monitoring logs.
 */

/**
 * A Google OAuth2 account whose 'URL da API' is `apiUrl` (a stand-in that consents at once on
 * `/o/oauth2/v2/auth`), authorised through the server: consent, return, code traded.
 */
export async function googleAccount(t: TestContext, owner: TestAccount, apiUrl: string) {
  const api = t.request(owner.token);
  const created = await api.post('/api/v1/service-accounts', {
    name: 'Google da loja',
    auth_type: 'google_oauth2',
    google_oauth2: { api_url: apiUrl },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json()._id as string;
  const answer = await api.post(`/account/v1/service-accounts/oauth2/authorize/${id}`, {
    service_account_id: id,
  });
  const consent = await fetch(answer.json().authorize_url as string, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const returned = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
  const done = await finishFromCallback(api, id, new URL(returned.headers.location as string));
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

/** The flow's poll cursor row (one polling node), if a poll claimed it yet. */
export const pollCursorOf = (t: TestContext, flowId: string) =>
  t.database.db
    .select()
    .from(servicePollCursors)
    .where(eq(servicePollCursors.flowId, flowId))
    .then((rows) => rows[0]);

/** The cursor row once a poll finished (`polledAt` set). */
export const polled = (t: TestContext, flowId: string) =>
  until(
    async () => (await pollCursorOf(t, flowId))?.polledAt && pollCursorOf(t, flowId),
    'a consulta',
  );

/** The cursor row once a poll failed (`lastError` set). */
export const pollFailed = (t: TestContext, flowId: string) =>
  until(
    async () => (await pollCursorOf(t, flowId))?.lastError && pollCursorOf(t, flowId),
    'a consulta que falhou',
  );

/** The messages of the failed polls' lines in the flow's logs, once there are `count`. */
export const pollFailureLines = (t: TestContext, flowId: string, count = 1) =>
  until(
    () =>
      t.database.db
        .select()
        .from(logs)
        .where(and(eq(logs.flowId, flowId), eq(logs.label, 'Consulta ao serviço')))
        .then((rows) => rows.length >= count && rows.map((row) => row.message)),
    'a linha da falha nos logs',
  );
