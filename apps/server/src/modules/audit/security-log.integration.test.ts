import { deniedBecause } from '@ponte/shared/roles';
import { expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { messages } from '@ponte/shared/messages';
import { securityLogSchema, type SecurityEvent } from '@ponte/shared/security-log.schema';
import { auditEvents } from '../../db/schema';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

describeEachDriver('security log', (driver) => {
  const t = useTestApp(driver, { engineLimits: { sandbox: { timeoutMs: 300 } } });

  const read = async (account: TestAccount, query = '') => {
    const res = await t.request(account.token).get(`/account/v1/security-log${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return securityLogSchema.parse(res.json());
  };
  /** Waits until the workspace's log holds `count` events (they are written in batches). */
  const eventsOf = (account: TestAccount, count: number, query = '') =>
    until(async () => {
      const { items } = await read(account, query);
      return items.length >= count && items;
    }, `${count} evento(s) de segurança`);

  it('records a denied read of another workspace once, at the 404, and not a missing id', async () => {
    const owner = await t.createAccount();
    const intruder = await t.createAccount({ workspaceName: 'Intruso' });
    const flowId = await createFlow(t, owner, chain({ type: 'core_manual_trigger' }));
    const group = (await t.request(owner.token).post('/api/v1/groups', { name: 'Grupo' })).json();
    const api = t.request(intruder.token);

    expect((await api.get('/api/v1/flows/nao-existe')).statusCode).toBe(404);
    const foreign = await api.get(`/api/v1/flows/${flowId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(messages.flows.notFound);
    expect((await api.delete(`/api/v1/groups/${group._id as string}`)).statusCode).toBe(404);

    const events = await eventsOf(intruder, 2);
    expect(events.map((event) => [event.kind, event.resource, event.user?._id])).toEqual([
      ['cross_workspace_denied', `group:${group._id as string}`, intruder.userId],
      ['cross_workspace_denied', `flow:${flowId}`, intruder.userId],
    ]);
    expect(events[1]!.detail).toContain('GET /api/v1/flows/:id');
    // The attempt is the intruder's: the owner of the flow's workspace sees nothing of it.
    expect((await read(owner)).items).toEqual([]);
  });

  it('records failed sign-ins in the account workspace; an unknown e-mail in none', async () => {
    const account = await t.createAccount();
    const signIn = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/account/v1/authenticate',
        payload: { email, password },
        remoteAddress: '10.1.2.3',
      });
    expect((await signIn(account.email, 'senha-errada-1')).statusCode).toBe(401);
    expect((await signIn('ninguem-aqui@exemplo.com.br', 'senha-errada-1')).statusCode).toBe(401);

    const [event] = await eventsOf(account, 1);
    expect(event).toMatchObject({
      kind: 'sign_in_failed',
      resource: 'POST /account/v1/authenticate',
      detail: 'Senha incorreta (IP 10.1.2.3).',
      user: { _id: account.userId, email: account.email },
    });
    const orphans = await until(
      async () =>
        (await t.database.db.select().from(auditEvents).where(isNull(auditEvents.workspaceId)))
          .length > 0,
      'o evento sem workspace',
    );
    expect(orphans).toBe(true);
  });

  it('records the sign-in throttle as a throttled request', async () => {
    const account = await t.createAccount();
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/account/v1/authenticate',
        payload: { email: account.email, password: 'senha-errada-2' },
        remoteAddress: '10.9.9.9',
      });
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn()).statusCode).toBe(401);
    const refused = await signIn();
    expect(refused.statusCode).toBe(429);
    const [event] = await eventsOf(account, 1, '?kind=throttled');
    expect(event).toMatchObject({ kind: 'throttled', resource: 'POST /account/v1/authenticate' });
    // Batches are written side by side: the throttled line may be in before the last failure.
    expect(await eventsOf(account, 5, '?kind=sign_in_failed')).toHaveLength(5);
    expect((await read(account, '?kind=sign_in_failed')).total).toBe(5);
    // A flood of refusals is one line per 10 s.
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn()).statusCode).toBe(429);
    t.clock.advance(11_000);
    expect((await signIn()).statusCode).toBe(429);
    expect((await eventsOf(account, 2, '?kind=throttled')).length).toBe(2);
    expect((await read(account, '?kind=throttled')).total).toBe(2);
  });

  it('records a code node killed by the sandbox, with the flow and the execution', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_code', uid: 'laco', params: { code: 'for (;;) {}' } },
      ),
    );
    const run = await t.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(run.statusCode, run.body).toBe(200);
    await finished(t, flowId);
    const [event] = await eventsOf(account, 1, '?kind=sandbox_killed');
    expect(event).toMatchObject({ kind: 'sandbox_killed', resource: `flow:${flowId}`, user: null });
    const [execution] = await finished(t, flowId);
    expect(event!.detail).toBe(
      `O código excedeu o tempo limite de 0,3 s. (execução ${execution!.id})`,
    );
  });

  it('is read by the owner only, newest first, a page at a time', async () => {
    const owner = await t.createAccount();
    const created = await t.request(owner.token).post('/account/v1/users', {
      name: 'Membro',
      email: `membro-${owner.userId}@exemplo.com.br`,
      password: 'senha-do-membro',
    });
    expect(created.statusCode, created.body).toBe(201);
    const member = await t.tokens.issue(created.json()._id as string, owner.workspaceId);
    const refused = await t.request(member).get('/account/v1/security-log');
    expect(refused.statusCode).toBe(403);
    // A new person is an Editor: the log is the owners' and admins' (docs/adr/0106).
    expect(refused.json().message).toBe(deniedBecause('editor', 'audit.read'));

    for (let n = 0; n < 3; n++) {
      await t.request(member).get(`/api/v1/variables/nao-existe-${n}`);
      await t.app.inject({
        method: 'POST',
        url: '/account/v1/authenticate',
        payload: { email: `membro-${owner.userId}@exemplo.com.br`, password: `errada-${n}` },
      });
    }
    const all = await eventsOf(owner, 3);
    expect(all.every((event: SecurityEvent) => event.user?.name === 'Membro')).toBe(true);
    const page = await read(owner, '?limit=2&page=2');
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item._id)).toEqual([all[2]!._id]);
    const times = all.map((event) => event.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
