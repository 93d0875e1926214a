import { expect, it } from 'vitest';
import {
  debugMessageTooLarge,
  debuggerMessageSchema,
  debuggerStateSchema,
  liveClientEvents,
  liveRooms,
  liveServerEvents,
  type DebuggerMessage,
} from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import type { TestAccount, TestContext } from '../../test/test-app';
import { chain, createFlow, executionsOf, finished } from '../../test/flow-fixtures';
import { joinLive, recordLive, type LiveSockets } from '../../test/live-client';
import { until } from '../../test/until';

const m = messages.debugger;

/** Manual trigger → log 'Primeiro' → log 'Segundo'. */
const threeNodes = () =>
  chain(
    { type: 'core_manual_trigger', uid: 'gatilho' },
    { type: 'core_log', uid: 'primeiro', params: { label: 'Primeiro', message: 'um' } },
    { type: 'core_log', uid: 'segundo', params: { label: 'Segundo', message: 'dois' } },
  );

/**
 * The debugger as a user sees it, whatever runs it: one process on either database, or Ponte
 * with Redis (socket.io adapter, sessions in the workers; docs/adr/0067).
 */
export function debuggerContract(t: TestContext, live: LiveSockets): void {
  const open = async (account: TestAccount, flowId: string) => {
    const socket = await live.connect(account.token);
    const room = liveRooms.debugger(flowId);
    const received = recordLive<DebuggerMessage>(socket, room);
    expect(await joinLive(socket, room)).toEqual({ ok: true });
    return received;
  };

  const state = (account: TestAccount, flowId: string) =>
    t.request(account.token).post(`/engine/flow/debugger/next-step/${flowId}`);

  const heldAt = (received: DebuggerMessage[], nodeUid: string) =>
    until(
      () => received.find((msg) => msg.iteration_type === 'node' && msg.node_uid === nodeUid),
      `a saída de ${nodeUid} em espera`,
    );

  it('steps an execution node by node and tells the debugger room each log line', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(t, account, threeNodes());
    const received = await open(account, flowId);

    const started = await api.post(`/engine/flow/debugger/start-debug/${flowId}`);
    expect(started.statusCode).toBe(200);
    expect(debuggerStateSchema.parse(started.json())).toEqual({
      success: true,
      active: true,
      current: null,
      waiting: false,
      is_breakpoint: false,
    });
    await until(() => received.some((msg) => msg.event === 'debug-start'), 'debug-start');
    expect(received[0]).toEqual({
      is_debug_mode: true,
      iteration_type: 'event',
      event: 'debug-start',
      node_uid: null,
      node_type: null,
      log: null,
      message_too_large: false,
      show_as_json: false,
    });

    const nothing = await state(account, flowId);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(m.nothingHeld);

    const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, { pedido: 42 });
    const executionId = run.json().execution_id as string;
    const trigger = await heldAt(received, 'gatilho');
    expect(debuggerMessageSchema.parse(trigger)).toMatchObject({
      is_debug_mode: true,
      iteration_type: 'node',
      node_uid: 'gatilho',
      node_type: 'core_manual_trigger',
      is_breakpoint: false,
      waiting_next_step: true,
      message_too_large: false,
      show_as_json: true,
      log: {
        data: {
          type: 'debug',
          label: 'Manual Trigger',
          execution_id: executionId,
          flow_id: flowId,
          node_uid: 'gatilho',
        },
      },
    });
    expect(JSON.parse(trigger.log!.data.message)).toEqual({ payload: { pedido: 42 } });
    const startLog = received.find((msg) => msg.log?.data.label === 'Execução iniciada');
    expect(startLog).toMatchObject({
      iteration_type: 'log',
      node_type: 'core_manual_trigger',
      show_as_json: false,
      log: { data: { type: 'internal' } },
    });
    // Held at the trigger: the first log node has not run.
    expect(received.some((msg) => msg.log?.data.label === 'Primeiro')).toBe(false);

    const step = await state(account, flowId);
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({ current: { node_uid: 'gatilho' }, waiting: true });
    const first = await heldAt(received, 'primeiro');
    expect(received.find((msg) => msg.log?.data.label === 'Primeiro')).toMatchObject({
      iteration_type: 'log',
      node_uid: 'primeiro',
      node_type: 'core_log',
      log: { data: { type: 'user', message: 'um' } },
    });
    expect(first.node_type).toBe('core_log');
    expect(received.some((msg) => msg.log?.data.label === 'Segundo')).toBe(false);

    // Next step while the engine is busy with the released node is refused.
    const stateNow = (await api.post(`/engine/flow/debugger/start-debug/${flowId}`)).json();
    expect(stateNow).toMatchObject({ active: true, current: { node_uid: 'primeiro' } });

    expect((await state(account, flowId)).statusCode).toBe(200);
    await heldAt(received, 'segundo');
    expect((await state(account, flowId)).statusCode).toBe(200);
    const [row] = await finished(t, flowId);
    expect(row).toMatchObject({ id: executionId, status: 'success' });
    await until(
      () => received.some((msg) => msg.log?.data.label === 'Execução finalizada'),
      'o fim da execução no debugger',
    );

    const stopped = await api.post(`/engine/flow/debugger/stop-debug/${flowId}`);
    expect(stopped.json()).toEqual({
      success: true,
      active: false,
      current: null,
      waiting: false,
      is_breakpoint: false,
    });
    await until(() => received.some((msg) => msg.event === 'debug-stop'), 'debug-stop');
    const afterStop = await state(account, flowId);
    expect(afterStop.statusCode).toBe(400);
    expect(afterStop.json().message).toBe(m.notActive);
  });

  it('refuses next step while the released node still runs', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger', uid: 'gatilho' },
        { type: 'core_delay', uid: 'espera', params: { amount: 2, unit: 's' } },
        { type: 'core_log', uid: 'fim', params: { label: 'Fim', message: 'fim' } },
      ),
    );
    const received = await open(account, flowId);
    await api.post(`/engine/flow/debugger/start-debug/${flowId}`);
    await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    await heldAt(received, 'gatilho');
    expect((await state(account, flowId)).statusCode).toBe(200);
    // The delay runs now: nothing is held until it sends its output.
    const busy = await state(account, flowId);
    expect(busy.statusCode).toBe(400);
    expect(busy.json().message).toBe(m.nothingHeld);
    await api.post(`/engine/flow/debugger/stop-debug/${flowId}`);
  });

  it('stop ends the held execution and says debug-stop after it ended', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(t, account, threeNodes());
    const received = await open(account, flowId);
    await api.post(`/engine/flow/debugger/start-debug/${flowId}`);
    const big = 'x'.repeat(debugMessageTooLarge + 10);
    await api.post(`/engine/flow/manual-trigger/${flowId}`, { texto: big });
    const held = await heldAt(received, 'gatilho');
    expect(held).toMatchObject({ message_too_large: true, show_as_json: false });
    expect(held.log!.data.message.length).toBeGreaterThan(debugMessageTooLarge);

    expect((await api.post(`/engine/flow/debugger/stop-debug/${flowId}`)).statusCode).toBe(200);
    await until(() => received.some((msg) => msg.event === 'debug-stop'), 'debug-stop');
    const [row] = await finished(t, flowId);
    expect(row!.status).toBe('stopped');
    const stop = received.findIndex((msg) => msg.event === 'debug-stop');
    const end = received.findIndex((msg) => msg.log?.data.label === 'Execução finalizada');
    expect(end).toBeGreaterThan(-1);
    expect(end).toBeLessThan(stop);
    expect(received[stop]).toMatchObject({ is_debug_mode: false, iteration_type: 'event' });

    // Without a session executions run straight through, and the room hears nothing: the
    // debug-start of a later session is the first thing the socket receives after the run.
    const before = received.length;
    await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    await finished(t, flowId, 2);
    await api.post(`/engine/flow/debugger/start-debug/${flowId}`);
    await until(() => received.length > before, 'debug-start');
    expect(received.slice(before)).toEqual([expect.objectContaining({ event: 'debug-start' })]);
    await api.post(`/engine/flow/debugger/stop-debug/${flowId}`);
  });

  it('ends the debug session when the engine restarts', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(t, account, threeNodes());
    const received = await open(account, flowId);
    await api.post(`/engine/flow/debugger/start-debug/${flowId}`);
    await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    await heldAt(received, 'gatilho');

    expect((await api.get('/engine/stop-execution/restart')).statusCode).toBe(200);
    await until(() => received.some((msg) => msg.event === 'debug-stop'), 'debug-stop');
    const [row] = await finished(t, flowId);
    expect(row!.status).toBe('stopped');
    expect((await state(account, flowId)).json()).toMatchObject({ message: m.notActive });
  });

  it('keeps another workspace out of the flow debugger', async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const flowId = await createFlow(t, owner, threeNodes());
    const other = t.request(stranger.token);
    for (const action of ['start-debug', 'stop-debug', 'next-step']) {
      const res = await other.post(`/engine/flow/debugger/${action}/${flowId}`);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().message).toBe(messages.engine.flowNotFound);
    }

    const spy = await live.connect(stranger.token);
    const room = liveRooms.debugger(flowId);
    const heard = recordLive(spy, room);
    expect(await joinLive(spy, room)).toEqual({
      ok: false,
      message: messages.engine.flowNotFound,
    });
    const received = await open(owner, flowId);
    const api = t.request(owner.token);
    await api.post(`/engine/flow/debugger/start-debug/${flowId}`);
    await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    await heldAt(received, 'gatilho');
    await api.post(`/engine/flow/debugger/stop-debug/${flowId}`);
    await until(() => received.some((msg) => msg.event === 'debug-stop'), 'debug-stop');
    // An answer the stranger asks for after debug-stop went out comes after anything sent before.
    const lists = recordLive(spy, liveServerEvents.statusList);
    spy.emit(liveClientEvents.getStatusList);
    await until(() => lists.length, 'a resposta ao estranho');
    expect(heard).toEqual([]);
  });

  it('stops the session when the last debugger page leaves', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(t, account, threeNodes());
    await open(account, flowId);
    const leaving = live.sockets.at(-1)!;
    const staying = await open(account, flowId);
    const closing = live.sockets.at(-1)!;
    await api.post(`/engine/flow/debugger/start-debug/${flowId}`);
    await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    await heldAt(staying, 'gatilho');

    // One page leaves the room; an answer to a later message on its socket proves it was handled.
    leaving.emit(liveClientEvents.leave, liveRooms.debugger(flowId));
    expect(await joinLive(leaving, 'sala-qualquer')).toMatchObject({ ok: false });
    // Another page is still there: the session goes on and the next step is held again.
    expect((await state(account, flowId)).statusCode).toBe(200);
    await heldAt(staying, 'primeiro');
    expect(staying.some((msg) => msg.event === 'debug-stop')).toBe(false);

    // The last page closes: the held execution ends as stopped and the session is off.
    closing.close();
    const [row] = await finished(t, flowId);
    expect(row!.status).toBe('stopped');
    const next = await state(account, flowId);
    expect(next.json().message).toBe(m.notActive);
  });

  it('reruns a past execution in debug with its trigger message', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(t, account, threeNodes());
    const past = (await api.post(`/engine/flow/manual-trigger/${flowId}`, { pedido: 7 })).json()
      .execution_id as string;
    await finished(t, flowId);
    const received = await open(account, flowId);

    const rerun = await api.post(`/engine/flow/debugger/rerun/${past}`);
    expect(rerun.statusCode, rerun.body).toBe(200);
    const { execution_id } = rerun.json() as { execution_id: string };
    expect(execution_id).not.toBe(past);
    // The socket's messages arrive after the HTTP answer: wait for them, not for luck.
    await until(() => received.some((msg) => msg.event === 'debug-start'), 'debug-start');
    const held = await heldAt(received, 'gatilho');
    expect(held.log!.data.execution_id).toBe(execution_id);
    expect(JSON.parse(held.log!.data.message)).toEqual({ payload: { pedido: 7 } });
    await api.post(`/engine/flow/debugger/stop-debug/${flowId}`);
    await finished(t, flowId, 2);

    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const refused = await t.request(stranger.token).post(`/engine/flow/debugger/rerun/${past}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(m.executionNotFound);

    const rows = await executionsOf(t, flowId);
    expect(rows.find((row) => row.id === execution_id)?.triggerMsg).toEqual({
      payload: { pedido: 7 },
    });

    // A message above 1 MB is not kept: the rerun says so.
    const huge = (
      await api.post(`/engine/flow/manual-trigger/${flowId}`, { texto: 'x'.repeat(1_100_000) })
    ).json().execution_id as string;
    await finished(t, flowId, 3);
    const notKept = await api.post(`/engine/flow/debugger/rerun/${huge}`);
    expect(notKept.statusCode).toBe(400);
    expect(notKept.json().message).toBe(m.messageNotKept);
  });
}
