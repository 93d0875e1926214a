import { expect, it } from 'vitest';
import { liveRooms, type DebuggerMessage } from '@ponte/shared/live.schema';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { joinLive, recordLive, useLiveSockets } from '../../test/live-client';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

/**
 * A debug run gets its flows port from the runner like any execution (the engine is built
 * without one): "Executar flow" held in the debugger calls the other flow and shows its answer.
 */
describeEachDriver('live debugger: a flow that calls another flow', (driver) => {
  const t = useTestApp(driver);
  const live = useLiveSockets(t);

  it('runs the called flow through the runner and holds its answer', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const called = await createFlow(t, account, chain({ type: 'core_flow_trigger' }));
    const caller = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger', uid: 'gatilho' },
        {
          type: 'core_execute_flow',
          uid: 'chama',
          params: { flow: called, payload: { pedido: 7 }, wait: true },
        },
      ),
    );
    const socket = await live.connect(account.token);
    const room = liveRooms.debugger(caller);
    const received = recordLive<DebuggerMessage>(socket, room);
    expect(await joinLive(socket, room)).toEqual({ ok: true });
    const heldAt = (nodeUid: string) =>
      until(
        () => received.find((msg) => msg.iteration_type === 'node' && msg.node_uid === nodeUid),
        `a saída de ${nodeUid} em espera`,
      );
    const next = () => api.post(`/engine/flow/debugger/next-step/${caller}`);

    expect((await api.post(`/engine/flow/debugger/start-debug/${caller}`)).statusCode).toBe(200);
    await until(() => received.some((msg) => msg.event === 'debug-start'), 'debug-start');
    expect((await api.post(`/engine/flow/manual-trigger/${caller}`, {})).statusCode).toBe(200);
    await heldAt('gatilho');
    expect((await next()).statusCode).toBe(200);
    const answer = await heldAt('chama');
    const [child] = await finished(t, called);
    expect(child!.status).toBe('success');
    expect(JSON.parse(answer.log!.data.message)).toMatchObject({
      payload: { pedido: 7 },
      called_execution_id: child!.id,
    });
    expect((await next()).statusCode).toBe(200);
    const [row] = await finished(t, caller);
    expect(row!.status).toBe('success');
    await api.post(`/engine/flow/debugger/stop-debug/${caller}`);
  });
});
