import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { liveRooms, type DebuggerMessage } from '@ponte/shared/live.schema';
import { adminToken, apiClient, createFlow, type Call } from './support/api';
import { hasChromium, launchBrowser, snap } from './support/browser';
import {
  createCluster,
  createDatabase,
  dropDatabase,
  hasRealServers,
  realServersSkipReason,
  type Cluster,
  type ClusterProcess,
} from './support/cluster';
import { allHave, callWebhook, counterOf, executionsOf, statusesOf } from './support/cluster-rows';
import { connectLive, joinLive, recordLive } from './support/live';
import { admin, signInAsAdmin } from './support/session';
import { until } from './support/until';

/** A short lease, so a killed worker's executions are crashed within seconds. */
const leaseSeconds = 3;

/**
 * Five slots per worker: with flows that wait, a burst of more than five executions cannot all
 * go to one worker, so both must run some.
 */
const slotsPerWorker = 5;

if (!hasRealServers) console.warn(`Suíte de vários processos ignorada: ${realServersSkipReason}.`);

describe.skipIf(!hasRealServers)(
  'Vários processos: uma API, dois workers, PostgreSQL e Redis',
  () => {
    let cluster: Cluster;
    let api: ClusterProcess;
    let secondApi: ClusterProcess;
    let workers: ClusterProcess[] = [];
    let call: Call;

    beforeAll(async () => {
      cluster = await createCluster({
        PONTE_LEASE_SECONDS: String(leaseSeconds),
        PONTE_EXECUTION_CONCURRENCY: String(slotsPerWorker),
      });
      // The API first: it migrates the new database and creates the owner.
      api = await cluster.start('api', admin);
      workers = [await cluster.start('worker'), await cluster.start('worker')];
      secondApi = await cluster.start('api');
      call = apiClient(api, await adminToken(api));
    }, 240_000);

    afterAll(async () => {
      await cluster?.close();
    });

    it('webhooks respondidos pela API e executados pelos dois workers', async () => {
      const flowId = await createFlow(call, 'Dobro', [
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'dobro', response: 'respond_node' },
        },
        { type: 'core_delay', params: { amount: 1, unit: 's' } },
        { type: 'core_code', params: { code: 'msg.payload.dobro = msg.payload.n * 2' } },
        { type: 'core_respond_webhook', params: { status: 200 } },
      ]);
      const started = (server: ClusterProcess) =>
        counterOf(server, 'ponte_executions_started_total');
      const before = await Promise.all(workers.map(started));
      const apiBefore = await started(api);

      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, n) => callWebhook(api, flowId, 'dobro', { n })),
      );

      replies.forEach((reply, n) =>
        expect(reply).toEqual({ status: 200, body: { n, dobro: 2 * n } }),
      );
      const after = await Promise.all(workers.map(started));
      // The API enqueues and answers; it runs none itself.
      expect(await started(api)).toBe(apiBefore);
      const ranBy = after.map((count, index) => count - before[index]!);
      expect(ranBy.every((count) => count > 0)).toBe(true);
      expect(ranBy[0]! + ranBy[1]!).toBe(20);
      const rows = await executionsOf(cluster.db, flowId);
      expect(rows.map((row) => row.status)).toEqual(Array(20).fill('success'));
    });

    it('um flow salvo pela API responde na hora, por qualquer API; desligado, 404', async () => {
      const path = `novo-${randomBytes(3).toString('hex')}`;
      const flowId = await createFlow(call, 'Recém-salvo', [
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path, response: 'immediate' },
        },
      ]);
      // Answered at once (202 with the execution id): a worker runs it later.
      expect((await callWebhook(api, flowId, path, { pedido: 7 })).status).toBe(202);
      // The other API hears the save over Redis, long before its periodic reconciliation (30 s).
      await until(
        async () => (await callWebhook(secondApi, flowId, path, { pedido: 7 })).status === 202,
        'o webhook novo responder pela outra API',
        5_000,
      );

      const disabled = await call('PUT', `/api/v1/flows/${flowId}`, { enabled: false });
      expect(disabled.status).toBe(200);
      expect((await callWebhook(api, flowId, path)).status).toBe(404);
      await until(
        async () => (await callWebhook(secondApi, flowId, path)).status === 404,
        'o webhook desligado dar 404 pela outra API',
        5_000,
      );
      // And the executions the calls started were run by the workers.
      const accepted = await executionsOf(cluster.db, flowId);
      expect(accepted.length).toBeGreaterThanOrEqual(2);
      await until(
        async () =>
          allHave(
            cluster.db,
            accepted.map((row) => row.id),
            'success',
          ),
        'as execuções do flow recém-salvo terminarem',
      );
    });

    it('um agendamento a cada segundo dispara uma vez por segundo com dois workers', async () => {
      const flowId = await createFlow(call, 'A cada segundo', [
        { type: 'core_schedule_trigger', params: { cron: '* * * * * *' } },
        { type: 'core_log', params: { label: 'Tique', message: '{{ msg.payload.scheduled_at }}' } },
      ]);
      // 22 ticks: the first one and the 20 seconds after it, plus one at the edge.
      const rows = await until(
        async () => {
          const all = await executionsOf(cluster.db, flowId);
          return all.length >= 22 && all;
        },
        '22 disparos do agendamento',
        60_000,
      );
      await call('PUT', `/api/v1/flows/${flowId}`, { enabled: false });

      const ticks = rows.map((row) => Date.parse(row.scheduled_at ?? ''));
      expect(ticks.every((tick) => Number.isFinite(tick))).toBe(true);
      // Each tick ran once, whatever the number of workers that armed the schedule.
      expect(new Set(ticks).size).toBe(ticks.length);
      const first = Math.min(...ticks);
      const window = ticks.filter((tick) => tick > first && tick <= first + 20_000);
      // 20 ticks in those 20 s; one late timer in a busy machine may miss one, never run one twice.
      expect(window.length).toBeGreaterThanOrEqual(19);
      expect(window.length).toBeLessThanOrEqual(20);
    }, 120_000);

    it('o debugger pausa e avança uma execução que roda num worker', async () => {
      const flowId = await createFlow(call, 'Depurado no worker', [
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'Primeiro', message: 'um' } },
        { type: 'core_log', params: { label: 'Segundo', message: 'dois' } },
      ]);
      const token = await adminToken(api);
      const socket = await connectLive(api.url, token);
      try {
        const room = liveRooms.debugger(flowId);
        const received = recordLive<DebuggerMessage>(socket, room);
        expect(await joinLive(socket, room)).toEqual({ ok: true });
        const heldAt = (uid: string) =>
          until(
            async () =>
              received.find((msg) => msg.iteration_type === 'node' && msg.node_uid === uid) ??
              false,
            `a saída de ${uid} em espera no debugger`,
          );

        expect((await call('POST', `/engine/flow/debugger/start-debug/${flowId}`)).status).toBe(
          200,
        );
        const run = await call('POST', `/engine/flow/manual-trigger/${flowId}`, { pedido: 42 });
        expect(run.status).toBe(200);
        const executionId = run.body.execution_id as string;

        const trigger = await heldAt('n0');
        expect(trigger).toMatchObject({
          waiting_next_step: true,
          node_type: 'core_manual_trigger',
        });
        // Held in a worker: the worker owns the running execution, the first log has not run.
        const [held] = await executionsOf(cluster.db, flowId);
        expect(held).toMatchObject({ id: executionId, status: 'running' });
        expect(workers.map((worker) => worker.pid)).toContain(held!.owner_pid);
        expect(received.some((msg) => msg.log?.data.label === 'Primeiro')).toBe(false);

        const step = await call('POST', `/engine/flow/debugger/next-step/${flowId}`);
        expect(step.status).toBe(200);
        expect(step.body).toMatchObject({ current: { node_uid: 'n0' }, waiting: true });
        await heldAt('n1');
        expect(received.filter((msg) => msg.log?.data.label === 'Primeiro')).toHaveLength(1);
        expect(received.some((msg) => msg.log?.data.label === 'Segundo')).toBe(false);

        const stopped = await call('POST', `/engine/flow/debugger/stop-debug/${flowId}`);
        expect(stopped.body).toMatchObject({ active: false });
        await until(
          async () => received.some((msg) => msg.event === 'debug-stop'),
          'debug-stop no debugger',
        );
        await until(
          async () => allHave(cluster.db, [executionId], 'stopped'),
          'a execução depurada terminar parada',
        );
      } finally {
        socket.close();
      }
    });

    it.skipIf(!hasChromium)(
      'parar na página ao vivo da API para uma execução que roda num worker',
      async () => {
        const flowId = await createFlow(call, 'Espera longa no worker', [
          { type: 'core_manual_trigger' },
          { type: 'core_delay', params: { amount: 5, unit: 'min' } },
        ]);
        let browser: Browser | undefined;
        try {
          browser = await launchBrowser();
          const page = await browser.newPage({
            viewport: { width: 1440, height: 900 },
            locale: 'pt-BR',
          });
          await signInAsAdmin(api, page);
          const started = await call('POST', `/engine/flow/manual-trigger/${flowId}`, {});
          expect(started.status).toBe(200);
          const executionId = started.body.execution_id as string;
          const running = await until(async () => {
            const [row] = await executionsOf(cluster.db, flowId);
            return row?.status === 'running' && row;
          }, 'a execução longa rodar num worker');
          expect(workers.map((worker) => worker.pid)).toContain(running.owner_pid);

          await page.goto(`${api.url}/monitoring/active`);
          await page.getByRole('heading', { name: 'Flows ativos em tempo real' }).waitFor();
          const row = page.getByRole('row', { name: /Espera longa no worker/ });
          await row.waitFor();
          await snap(page, 'multi-process-01-execucao-num-worker');
          await row.getByRole('button', { name: 'Parar' }).click();
          await row.waitFor({ state: 'detached' });
          await until(
            async () => allHave(cluster.db, [executionId], 'stopped'),
            'a execução parada pela página ao vivo',
          );
          // The engine strip's count (polled from the database) comes back to zero as well.
          const strip = page.getByText('Flows em execução:');
          await until(
            async () => (await strip.textContent()) === 'Flows em execução: 0',
            'a contagem de flows em execução voltar a zero',
          );
          await snap(page, 'multi-process-02-execucao-parada');
        } finally {
          await browser?.close();
        }
      },
    );

    it('um token emitido por uma API vale na outra, também no socket ao vivo', async () => {
      const token = await adminToken(api);
      const other = apiClient(secondApi, token);
      const flows = await other('GET', '/api/v1/flows');
      expect(flows.status).toBe(200);
      const socket = await connectLive(secondApi.url, token);
      try {
        expect(await joinLive(socket, liveRooms.liveMonitoring)).toEqual({ ok: true });
      } finally {
        socket.close();
      }
    });

    it('sem Redis, um processo no banco dos processos distribuídos é recusado', async () => {
      const refused = await cluster.startRefused({
        DATABASE_URL: cluster.databaseUrl,
        PONTE_ENCRYPTION_KEY: cluster.encryptionKey,
      });
      expect(refused.code).not.toBeNull();
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain('REDIS_URL');
    });

    it('kill -9 de um worker no meio de uma execução: ela fica crashed dentro do lease, nada mais muda', async () => {
      const flowId = await createFlow(call, 'Espera de 15 s', [
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'espera', response: 'immediate' },
        },
        { type: 'core_delay', params: { amount: 15, unit: 's' } },
      ]);
      // One more than a worker's slots: both workers run some.
      const calls = slotsPerWorker + 1;
      for (let n = 0; n < calls; n += 1) {
        expect((await callWebhook(api, flowId, 'espera', { n })).status).toBe(202);
      }
      const running = await until(async () => {
        const rows = await executionsOf(cluster.db, flowId);
        const owned = rows.filter((row) => row.status === 'running' && row.owner_pid !== null);
        return owned.length === calls && owned;
      }, 'as execuções rodarem nos dois workers');
      const [survivor, victim] = workers as [ClusterProcess, ClusterProcess];
      const victims = running.filter((row) => row.owner_pid === victim.pid).map((row) => row.id);
      const survivors = running
        .filter((row) => row.owner_pid === survivor.pid)
        .map((row) => row.id);
      expect(victims.length).toBeGreaterThan(0);
      expect(survivors.length).toBeGreaterThan(0);

      await victim.kill();
      await until(
        async () => allHave(cluster.db, victims, 'crashed'),
        'as execuções do worker morto ficarem crashed',
        4 * leaseSeconds * 1000,
      );
      // The other worker's executions were not touched: they still run, then end well.
      expect(await allHave(cluster.db, survivors, 'running')).toBe(true);
      await until(
        async () => allHave(cluster.db, survivors, 'success'),
        'as execuções do outro worker terminarem',
        40_000,
      );
      const after = await statusesOf(cluster.db, victims);
      expect([...after.values()]).toEqual(victims.map(() => 'crashed'));
      expect(await executionsOf(cluster.db, flowId)).toHaveLength(calls);
    }, 120_000);
  },
);

describe.skipIf(!hasRealServers)('Sem Redis, um processo por banco', () => {
  it('um segundo processo no mesmo DATABASE_URL é recusado com uma mensagem clara', async () => {
    const cluster = await createCluster();
    const name = `${cluster.databaseUrl.split('/').pop()}_solo`;
    const alone = {
      DATABASE_URL: await createDatabase(name),
      PONTE_ENCRYPTION_KEY: cluster.encryptionKey,
    };
    try {
      await cluster.startOwn(alone);
      const refused = await cluster.startRefused(alone);
      expect(refused.code).not.toBeNull();
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain('REDIS_URL');
    } finally {
      await cluster.close();
      await dropDatabase(name);
    }
  }, 120_000);
});

if (!hasRealServers) {
  describe(`Vários processos: ${realServersSkipReason}`, () => {
    it.skip('puladas', () => {});
  });
}
