import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { liveClientEvents, liveRooms, liveServerEvents } from '@ponte/shared/live.schema';
import type { DebuggerMessage } from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import type { RunningExecution } from '@ponte/shared/monitoring.schema';
import { createRedisBus } from '../../cluster/redis-bus';
import { useTestApp, type TestAccount, type TestContext } from '../../test/test-app';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import {
  connectLive,
  joinLive,
  listenOnFreePort,
  recordLive,
  useLiveSockets,
} from '../../test/live-client';
import { postgresTestUrl } from '../../test/test-database';
import { until } from '../../test/until';
import { debuggerContract } from './debugger.contract';
import { debuggerMaskingContract } from './debugger-masking.contract';
import { deleteRedisKeys, testRedisUrl, useClusterApps } from '../../test/cluster-apps';

if (!testRedisUrl || !postgresTestUrl) {
  console.warn(
    'Socket ao vivo e debugger entre processos: PONTE_TEST_DATABASE_URL ou PONTE_TEST_REDIS_URL ausente, testes ignorados.',
  );
}

const m = messages.debugger;

/** Manual trigger → log 'Primeiro' → log 'Segundo'. */
const threeNodes = () =>
  chain(
    { type: 'core_manual_trigger', uid: 'gatilho' },
    { type: 'core_log', uid: 'primeiro', params: { label: 'Primeiro', message: 'um' } },
    { type: 'core_log', uid: 'segundo', params: { label: 'Segundo', message: 'dois' } },
  );

describe.skipIf(!testRedisUrl || !postgresTestUrl)(
  'live socket and debugger across processes',
  () => {
    // One PostgreSQL database and one Redis prefix for the run; each app its own pool, its own
    // Redis connections (bus, adapter, debugger) and its own HTTP server.
    const cluster = useClusterApps();
    const instance = () => cluster.instance('all');
    const a = instance();
    const b = instance();
    const urls = { a: '', b: '' };
    beforeAll(async () => {
      urls.a = await listenOnFreePort(a.app);
      urls.b = await listenOnFreePort(b.app);
    });
    const sockets: Socket[] = [];
    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.close();
    });
    const connect = async (url: string, token: string) => {
      const socket = await connectLive(url, token);
      sockets.push(socket);
      return socket;
    };

    /** A debugger page on the app at `url`: the room's messages, in order. */
    const openDebugger = async (url: string, account: TestAccount, flowId: string) => {
      const socket = await connect(url, account.token);
      const room = liveRooms.debugger(flowId);
      const received = recordLive<DebuggerMessage>(socket, room);
      expect(await joinLive(socket, room)).toEqual({ ok: true });
      return { socket, received };
    };
    const heldAt = (received: DebuggerMessage[], nodeUid: string) =>
      until(
        () => received.find((msg) => msg.iteration_type === 'node' && msg.node_uid === nodeUid),
        `a saída de ${nodeUid} em espera`,
      );
    const count = (received: DebuggerMessage[], check: (msg: DebuggerMessage) => boolean) =>
      received.filter(check).length;
    const debuggerCall = (t: TestContext, account: TestAccount, action: string, flowId: string) =>
      t.request(account.token).post(`/engine/flow/debugger/${action}/${flowId}`);

    it('shows on a socket of one process the executions another process runs', async () => {
      const account = await a.createAccount();
      const flowId = await createFlow(
        a,
        account,
        chain(
          { type: 'core_manual_trigger' },
          { type: 'core_delay', params: { amount: 400, unit: 'ms' } },
        ),
      );
      const socket = await connect(urls.a, account.token);
      expect(await joinLive(socket, liveRooms.liveMonitoring)).toEqual({ ok: true });
      const updates = recordLive<RunningExecution[]>(socket, liveServerEvents.statusListUpdated);

      const run = await b.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
      const executionId = run.json().execution_id as string;
      await until(
        () => updates.some((list) => list.some((item) => item.execution_id === executionId)),
        'a execução de B na lista ao vivo de A',
      );
      await finished(b, flowId);
      await until(() => updates.at(-1)?.length === 0, 'a lista vazia depois do fim em B');
    });

    it('steps through one process an execution held in another', async () => {
      const account = await a.createAccount();
      const flowId = await createFlow(a, account, threeNodes());
      const { received } = await openDebugger(urls.a, account, flowId);

      const started = await debuggerCall(a, account, 'start-debug', flowId);
      expect(started.json()).toMatchObject({ active: true, current: null, waiting: false });
      await until(() => received.some((msg) => msg.event === 'debug-start'), 'debug-start');
      // Nothing held anywhere yet: the same answer through either process.
      for (const t of [a, b]) {
        const res = await debuggerCall(t, account, 'next-step', flowId);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(m.nothingHeld);
      }

      const run = await b.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {
        pedido: 42,
      });
      const executionId = run.json().execution_id as string;
      const trigger = await heldAt(received, 'gatilho');
      expect(trigger).toMatchObject({
        is_debug_mode: true,
        waiting_next_step: true,
        log: { data: { type: 'debug', execution_id: executionId, node_uid: 'gatilho' } },
      });
      expect(JSON.parse(trigger.log!.data.message)).toEqual({ payload: { pedido: 42 } });
      expect(received.some((msg) => msg.log?.data.label === 'Primeiro')).toBe(false);

      // next-step through A releases the output held in B.
      const step = await debuggerCall(a, account, 'next-step', flowId);
      expect(step.statusCode, step.body).toBe(200);
      expect(step.json()).toMatchObject({ active: true, current: { node_uid: 'gatilho' } });
      await heldAt(received, 'primeiro');
      expect((await debuggerCall(b, account, 'next-step', flowId)).statusCode).toBe(200);
      await heldAt(received, 'segundo');
      expect((await debuggerCall(a, account, 'next-step', flowId)).statusCode).toBe(200);
      const [row] = await finished(a, flowId);
      expect(row).toMatchObject({ id: executionId, status: 'success' });
      await until(
        () => received.some((msg) => msg.log?.data.label === 'Execução finalizada'),
        'o fim da execução no debugger',
      );
      // Each message reached the page once, whatever the number of processes.
      expect(count(received, (msg) => msg.event === 'debug-start')).toBe(1);
      for (const uid of ['gatilho', 'primeiro', 'segundo'])
        expect(
          count(received, (msg) => msg.iteration_type === 'node' && msg.node_uid === uid),
        ).toBe(1);
      expect(count(received, (msg) => msg.log?.data.label === 'Execução iniciada')).toBe(1);

      // stop-debug through A ends the next execution held in B.
      await b.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
      await until(
        () =>
          count(received, (msg) => msg.iteration_type === 'node' && msg.node_uid === 'gatilho') ===
          2,
        'a segunda execução em espera',
      );
      const stopped = await debuggerCall(a, account, 'stop-debug', flowId);
      expect(stopped.json()).toMatchObject({ active: false });
      await until(() => received.some((msg) => msg.event === 'debug-stop'), 'debug-stop');
      const rows = await finished(a, flowId, 2);
      expect(rows.map((r) => r.status).sort()).toEqual(['stopped', 'success']);
      const stop = received.findIndex((msg) => msg.event === 'debug-stop');
      const ends = received.filter((msg) => msg.log?.data.label === 'Execução finalizada');
      expect(received.lastIndexOf(ends.at(-1)!)).toBeLessThan(stop);
      for (const t of [a, b]) {
        const res = await debuggerCall(t, account, 'next-step', flowId);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(m.notActive);
      }
      // A later start says debug-start after the debug-stop, once each.
      await debuggerCall(a, account, 'start-debug', flowId);
      await until(() => count(received, (msg) => msg.event === 'debug-start') === 2, 'debug-start');
      await debuggerCall(b, account, 'stop-debug', flowId);
      await until(() => count(received, (msg) => msg.event === 'debug-stop') === 2, 'debug-stop');
      expect(received.filter((msg) => msg.event).map((msg) => msg.event)).toEqual([
        'debug-start',
        'debug-stop',
        'debug-start',
        'debug-stop',
      ]);
    });

    it('ends the debug held in another process when the engine restarts', async () => {
      const account = await a.createAccount();
      const flowId = await createFlow(a, account, threeNodes());
      const { received } = await openDebugger(urls.a, account, flowId);
      await debuggerCall(a, account, 'start-debug', flowId);
      await b.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
      await heldAt(received, 'gatilho');

      const restart = await a.request(account.token).get('/engine/stop-execution/restart');
      expect(restart.statusCode).toBe(200);
      await until(() => received.some((msg) => msg.event === 'debug-stop'), 'debug-stop');
      const [row] = await finished(a, flowId);
      expect(row!.status).toBe('stopped');
      const next = await debuggerCall(b, account, 'next-step', flowId);
      expect(next.json().message).toBe(m.notActive);
    });

    it('stops the debug when the last page leaves, on whichever process it was', async () => {
      const account = await a.createAccount();
      const flowId = await createFlow(a, account, threeNodes());
      const onA = await openDebugger(urls.a, account, flowId);
      const onB = await openDebugger(urls.b, account, flowId);
      await debuggerCall(a, account, 'start-debug', flowId);
      await b.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
      await heldAt(onA.received, 'gatilho');
      await heldAt(onB.received, 'gatilho');

      // The page on A leaves; the one on B is still there: the debug goes on, the execution
      // held in B is stepped to its end.
      onA.socket.emit(liveClientEvents.leave, liveRooms.debugger(flowId));
      expect(await joinLive(onA.socket, 'sala-qualquer')).toMatchObject({ ok: false });
      for (const next of ['primeiro', 'segundo']) {
        const step = await debuggerCall(a, account, 'next-step', flowId);
        expect(step.statusCode, step.body).toBe(200);
        await heldAt(onB.received, next);
      }
      expect((await debuggerCall(a, account, 'next-step', flowId)).statusCode).toBe(200);
      const [first] = await finished(a, flowId);
      expect(first!.status).toBe('success');
      expect(onB.received.some((msg) => msg.event === 'debug-stop')).toBe(false);
      // Pages on two processes: each heard each held output once.
      const held = (received: DebuggerMessage[], uid: string) =>
        count(received, (msg) => msg.iteration_type === 'node' && msg.node_uid === uid);
      expect(held(onA.received, 'gatilho')).toBe(1);
      for (const uid of ['gatilho', 'primeiro', 'segundo']) expect(held(onB.received, uid)).toBe(1);

      // The last page closes: the next held execution ends as stopped and the debug is off.
      const before = onB.received.length;
      await b.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
      await until(
        () => onB.received.slice(before).some((msg) => msg.iteration_type === 'node'),
        'a segunda execução em espera',
      );
      onB.socket.close();
      const rows = await finished(a, flowId, 2);
      expect(rows.map((row) => row.status).sort()).toEqual(['stopped', 'success']);
      const next = await debuggerCall(a, account, 'next-step', flowId);
      expect(next.json().message).toBe(m.notActive);
    });

    describe('a process started after the debug began', () => {
      const late: { account?: TestAccount; flowId?: string; received?: DebuggerMessage[] } = {};
      // The debug starts before the late process is built (hooks run in this order).
      beforeAll(async () => {
        late.account = await a.createAccount();
        late.flowId = await createFlow(a, late.account, threeNodes());
        late.received = (await openDebugger(urls.a, late.account, late.flowId)).received;
        await debuggerCall(a, late.account, 'start-debug', late.flowId);
        await until(() => late.received!.some((msg) => msg.event === 'debug-start'), 'debug-start');
      });
      const c = instance();

      it('pauses its executions of a flow already in debug', async () => {
        const account = late.account!;
        const flowId = late.flowId!;
        const received = late.received!;
        await c.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
        await heldAt(received, 'gatilho');
        expect((await debuggerCall(a, account, 'next-step', flowId)).statusCode).toBe(200);
        await heldAt(received, 'primeiro');
        await debuggerCall(a, account, 'stop-debug', flowId);
        await until(() => received.some((msg) => msg.event === 'debug-stop'), 'debug-stop');
        const [row] = await finished(a, flowId);
        expect(row!.status).toBe('stopped');
      });
    });
  },
);

// The debugger behaves with Redis as it does in one process: the same suite, through the Redis
// bus, the socket.io adapter and the workers' sessions.
describe.skipIf(!testRedisUrl || !postgresTestUrl)('live debugger with Redis', () => {
  const prefix = `ponte-test-${randomUUID()}`;
  afterAll(() => deleteRedisKeys(prefix));
  const t = useTestApp('postgres', {
    cluster: {
      role: 'all',
      bus: createRedisBus({ url: testRedisUrl!, prefix }),
      leaseMs: 30_000,
      redis: { url: testRedisUrl!, prefix },
    },
  });
  const live = useLiveSockets(t);
  debuggerContract(t, live);
  debuggerMaskingContract(t, live);
});
