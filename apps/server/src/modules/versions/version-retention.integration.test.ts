import { deniedBecause } from '@ponte/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { versionListSchema } from '@ponte/shared/versions.schema';
import { resourceVersions } from '../../db/schema';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { flowTestNodes, testDocument } from '../flows/flows-test-nodes';
import { createVersionRetention } from './version-retention';
import { createVersionsService } from './versions.service';

const m = messages.versions;
const url = '/api/v1/workspaces/current/version-retention';
const all = { version_keep_count: null, version_keep_days: null };

describeEachDriver('retention of versions', (driver) => {
  const t = useTestApp(driver, { nodes: flowTestNodes });

  /** A second person of the owner's workspace, not its owner. */
  async function memberOf(owner: TestAccount): Promise<Requester> {
    const added = await t.request(owner.token).post('/account/v1/users', {
      name: 'Beatriz Souza',
      email: `beatriz-${owner.workspaceId.slice(0, 8)}@exemplo.com.br`,
      password: owner.password,
    });
    expect(added.statusCode, added.body).toBe(201);
    return t.request(await t.tokens.issue(added.json()._id, owner.workspaceId));
  }

  /** A flow saved `saves` times after its creation: versions 1 to saves + 1. */
  async function flowSaved(api: Requester, saves: number): Promise<string> {
    const created = await api.post('/api/v1/flows', { name: 'Pedidos', data: testDocument() });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    for (let n = 1; n <= saves; n++) {
      const saved = await api.put(`/api/v1/flows/${id}`, { name: `Pedidos ${n}` });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    return id;
  }

  /** Moves every version of the item `days` back in time. */
  const ageVersions = (id: string, days: number) =>
    t.database.db
      .update(resourceVersions)
      .set({ createdAt: sql`${resourceVersions.createdAt} - ${days} * interval '1 day'` })
      .where(eq(resourceVersions.resourceId, id));

  const versionsOf = async (api: Requester, id: string) =>
    versionListSchema
      .parse((await api.get(`/api/v1/flows/${id}/versions?limit=100`)).json())
      .items.map((version) => version.number);

  it('keeps every version by default; owners and admins set the rule, editors read it', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    expect((await api.get(url)).json()).toEqual(all);

    const refused = [
      { version_keep_count: 0, version_keep_days: null },
      { version_keep_count: 100_001, version_keep_days: null },
      { version_keep_count: null, version_keep_days: 1.5 },
      { version_keep_count: '10', version_keep_days: null },
      { version_keep_count: -3, version_keep_days: null },
      { version_keep_count: 10 },
    ];
    for (const body of refused) {
      const res = await api.put(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(m.retentionInvalid);
    }
    const both = await api.put(url, { version_keep_count: 5, version_keep_days: 30 });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(m.retentionOneRule);
    // Refused input changes nothing.
    expect((await api.get(url)).json()).toEqual(all);

    const saved = await api.put(url, { version_keep_count: 100_000, version_keep_days: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ version_keep_count: 100_000, version_keep_days: null });

    const member = await memberOf(owner);
    expect((await member.get(url)).json().version_keep_count).toBe(100_000);
    const denied = await member.put(url, all);
    expect(denied.statusCode).toBe(403);
    // A new person is an Editor (docs/adr/0106).
    expect(denied.json().message).toBe(deniedBecause('editor', 'workspace.settings'));
    expect((await api.get(url)).json().version_keep_count).toBe(100_000);

    // Another workspace keeps its own.
    const stranger = t.request((await t.createAccount()).token);
    expect((await stranger.get(url)).json()).toEqual(all);
  });

  it('keeping the last N versions removes the older ones at once, never the current one', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const id = await flowSaved(api, 4);
    const other = await flowSaved(api, 1);
    expect(await versionsOf(api, id)).toEqual([5, 4, 3, 2, 1]);

    await api.put(url, { version_keep_count: 2, version_keep_days: null });
    expect(await versionsOf(api, id)).toEqual([5, 4]);
    expect(await versionsOf(api, other)).toEqual([2, 1]);

    await api.put(url, { version_keep_count: 1, version_keep_days: null });
    expect(await versionsOf(api, id)).toEqual([5]);
    expect((await api.get(`/api/v1/flows/${id}/versions/5`)).statusCode).toBe(200);
    expect((await api.get(`/api/v1/flows/${id}/versions/4`)).statusCode).toBe(404);
    // The next save keeps its own number: the history goes on after the pruned ones.
    await api.put(`/api/v1/flows/${id}`, { name: 'Depois' });
    expect(await versionsOf(api, id)).toEqual([6]);
  });

  it('the daily pass removes versions older than the days kept, of items nobody saved since', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    await api.put(url, { version_keep_count: null, version_keep_days: 30 });
    const old = await flowSaved(api, 3);
    const recent = await flowSaved(api, 2);
    // Another workspace keeps every version: the pass leaves it alone.
    const elsewhere = t.request((await t.createAccount()).token);
    const untouched = await flowSaved(elsewhere, 2);
    // Nobody saved them for 40 days (the current version 4 of `old` too).
    await ageVersions(old, 40);
    await ageVersions(untouched, 40);
    await ageVersions(recent, 29);
    expect(await versionsOf(api, old)).toEqual([4, 3, 2, 1]);

    const pass = createVersionRetention({
      versions: createVersionsService({
        db: t.database.db,
        now: t.clock.now,
        nameOf: () => Promise.resolve(null),
      }),
      onError: (error) => expect.fail(String(error)),
    });
    expect(await pass.runOnce()).toBe(3);
    expect(await versionsOf(api, old)).toEqual([4]);
    expect(await versionsOf(api, recent)).toEqual([3, 2, 1]);
    expect(await versionsOf(elsewhere, untouched)).toEqual([3, 2, 1]);
    expect(await pass.runOnce()).toBe(0);
  });
});
