import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@ponte/shared/messages';
import { randomUUID } from 'node:crypto';
import { flows, scheduleTicks } from './db/schema';
import { connectLive, listenOnFreePort } from './test/live-client';
import type { ProcessRole } from './cluster/cluster.config';
import { createLocalBus } from './cluster/cluster-bus';
import type { ClusterOptions } from './cluster/cluster';
import { createManualClock } from './modules/triggers/timer-clock';
import { chain, createFlow, executionsOf, finished } from './test/flow-fixtures';
import { useTestApp } from './test/test-app';
import { describeEachDriver } from './test/test-database';

const bus = createLocalBus();
const asRole = (role: ProcessRole): ClusterOptions => ({
  role,
  bus: role === 'worker' ? bus : createLocalBus(),
  leaseMs: 30_000,
  redis: null,
});

const webhookFlow = chain(
  {
    type: 'core_webhook_trigger',
    params: { method: 'POST', path: 'pedidos', response: 'immediate' },
  },
  { type: 'core_log', params: { label: 'Pedido', message: 'recebido' } },
);
const scheduleFlow = chain(
  { type: 'core_schedule_trigger', params: { cron: '*/1 * * * * *', timezone: 'UTC' } },
  { type: 'core_log', params: { label: 'Tick', message: '{{ msg.payload.scheduled_at }}' } },
);

describeEachDriver('roles', (driver) => {
  describe('PONTE_ROLE=worker', () => {
    const clock = createManualClock(Date.parse('2026-11-23T12:00:00.000Z'));
    const t = useTestApp(driver, { cluster: asRole('worker'), triggerClock: clock });

    it('opens no live socket', async () => {
      const account = await t.createAccount();
      const url = await listenOnFreePort(t.app);
      await expect(connectLive(url, account.token)).rejects.toThrow();
    });

    it('runs the schedules of flows saved elsewhere', async () => {
      const account = await t.createAccount();
      // A flow saved by an API process: in the database, then announced on the bus.
      const [flow] = await t.database.db
        .insert(flows)
        .values({
          id: randomUUID(),
          workspaceId: account.workspaceId,
          name: 'Agendado',
          enabled: true,
          data: scheduleFlow,
          triggers: [{ node_uid: 'n0', node_type: 'core_schedule_trigger' }],
          variables: [],
          config: { rate_limit: 0, save_executions: 'default' },
        })
        .returning();
      await bus.publish('flow-changed', { workspaceId: account.workspaceId, flowId: flow!.id });
      await clock.advance(1_000);
      const [run] = await finished(t, flow!.id);
      expect(run).toMatchObject({ status: 'success', triggerType: 'core_schedule_trigger' });
    });

    it('answers health over HTTP and 404 everywhere else, the API and webhooks included', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const account = await t.createAccount();
      for (const [method, url] of [
        ['GET', '/api/v1/flows'],
        ['POST', '/engine/webhook/6f1d7c1e-0000-4000-8000-000000000000/pedidos'],
        ['GET', '/engine/status'],
        ['POST', '/account/v1/authenticate'],
        ['GET', '/'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${account.token}` },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ message: messages.generic.routeNotFound });
      }
    });
  });

  describe('PONTE_ROLE=api', () => {
    const clock = createManualClock(Date.parse('2026-11-23T12:00:00.000Z'));
    const t = useTestApp(driver, { cluster: asRole('api'), triggerClock: clock });

    it('takes a webhook and enqueues its execution, which it never runs', async () => {
      const account = await t.createAccount();
      const flowId = await createFlow(t, account, webhookFlow);
      const res = await t.app.inject({
        method: 'POST',
        url: `/engine/webhook/${flowId}/pedidos`,
        payload: { id: 1 },
      });
      expect(res.statusCode, res.body).toBe(202);
      const { execution_id } = res.json() as { execution_id: string };
      // One process would have written it as running and run it at once; here it waits.
      const [row] = await executionsOf(t, flowId);
      expect(row).toMatchObject({ id: execution_id, status: 'queued', startedAt: null });
    });

    it('arms no schedule, though the engine status still counts it', async () => {
      const account = await t.createAccount();
      const flowId = await createFlow(t, account, scheduleFlow);
      const status = await t.request(account.token).get('/engine/status');
      expect(status.json()).toMatchObject({ scheduled_jobs: 1 });
      expect(clock.pending()).toBe(0);
      await clock.advance(5_000);
      const ticks = await t.database.db
        .select()
        .from(scheduleTicks)
        .where(eq(scheduleTicks.flowId, flowId));
      expect(ticks).toEqual([]);
      expect(await executionsOf(t, flowId)).toEqual([]);
    });
  });
});
