import { expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { flowStatusEventSchema, type FlowStatusEvent } from '@ponte/shared/execution-data.schema';
import { liveClientEvents, liveRooms, liveServerEvents } from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import { useTestApp, type TestContext } from '../../test/test-app';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { joinLive, recordLive, useLiveSockets } from '../../test/live-client';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

/** Webhook → delay (long enough to be seen running) → log. */
const webhookFlow = (last: Record<string, unknown> = { label: 'Fim', message: 'ok' }) =>
  chain(
    { type: 'core_webhook_trigger', uid: 'gancho', params: { method: 'POST', path: 'pedido' } },
    { type: 'core_delay', uid: 'espera', params: { amount: 800, unit: 'ms' } },
    { type: 'core_log', uid: 'registro', params: last },
  );

const callWebhook = async (t: TestContext, flowId: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/engine/webhook/${flowId}/pedido` });
  expect(res.statusCode, res.body).toBeLessThan(300);
};

/** A page of the flow's editor: every `flow-status` event it receives. */
async function watch(socket: Socket, flowId: string) {
  const received = recordLive<FlowStatusEvent>(socket, liveServerEvents.flowStatus);
  expect(await joinLive(socket, liveRooms.flowStatus(flowId))).toEqual({ ok: true });
  return received;
}

const stateOf = (event: FlowStatusEvent | undefined, uid: string) =>
  event?.nodes.find((node) => node.node_uid === uid);

describeEachDriver('live node status of a flow', (driver) => {
  const t = useTestApp(driver);
  const live = useLiveSockets(t);

  it('shows each node running, then done with its item count, and the end', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(t, account, webhookFlow());
    const received = await watch(await live.connect(account.token), flowId);

    await callWebhook(t, flowId);
    const [row] = await finished(t, flowId);
    await until(() => received.some((event) => event.finished), 'o fim da execução');

    for (const event of received) flowStatusEventSchema.parse(event);
    expect(new Set(received.map((event) => event.execution_id))).toEqual(new Set([row!.id]));
    expect(received.every((event) => event.mode === 'production')).toBe(true);
    expect(
      received.some((event) => stateOf(event, 'espera')?.state === 'running'),
      JSON.stringify(received),
    ).toBe(true);
    // The end comes once, last, with every node done and the messages each sent.
    expect(received.filter((event) => event.finished)).toHaveLength(1);
    expect(received.at(-1)).toEqual({
      execution_id: row!.id,
      mode: 'production',
      finished: 'success',
      nodes: [
        { node_uid: 'gancho', state: 'success', items: 1 },
        { node_uid: 'espera', state: 'success', items: 1 },
        { node_uid: 'registro', state: 'success', items: 1 },
      ],
    });
  });

  it('marks the node that failed', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      webhookFlow({ label: 'Fim', message: '{{ $error("pedido inválido") }}' }),
    );
    const received = await watch(await live.connect(account.token), flowId);

    await callWebhook(t, flowId);
    await finished(t, flowId);
    await until(() => received.some((event) => event.finished), 'o fim da execução');
    const last = received.at(-1)!;
    expect(last.finished).toBe('error');
    expect(stateOf(last, 'espera')).toEqual({ node_uid: 'espera', state: 'success', items: 1 });
    expect(stateOf(last, 'registro')).toEqual({ node_uid: 'registro', state: 'error', items: 0 });
  });

  it("refuses the room of another workspace's flow, and sends a flow's status to its room only", async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const flowId = await createFlow(t, account, webhookFlow());
    const otherFlow = await createFlow(t, account, webhookFlow());
    const theirs = await live.connect(stranger.token);
    const theirEvents = recordLive(theirs, liveServerEvents.flowStatus);
    expect(await joinLive(theirs, liveRooms.flowStatus(flowId))).toEqual({
      ok: false,
      message: messages.engine.flowNotFound,
    });
    expect(await joinLive(theirs, liveRooms.flowStatus('nao-existe'))).toEqual({
      ok: false,
      message: messages.engine.flowNotFound,
    });
    const onOther = await watch(await live.connect(account.token), otherFlow);
    // A page that left hears nothing more.
    const leaver = await live.connect(account.token);
    const leaverEvents = await watch(leaver, flowId);
    leaver.emit(liveClientEvents.leave, liveRooms.flowStatus(flowId));
    expect(await joinLive(leaver, 'sala-qualquer')).toMatchObject({ ok: false });
    const mine = await watch(await live.connect(account.token), flowId);

    await callWebhook(t, flowId);
    await finished(t, flowId);
    await until(() => mine.some((event) => event.finished), 'o fim da execução');
    // The other flow's page is still there: its own run reaches it, the first one did not.
    await callWebhook(t, otherFlow);
    await finished(t, otherFlow);
    await until(() => onOther.some((event) => event.finished), 'o fim da outra execução');
    expect(new Set(onOther.map((event) => event.execution_id)).size).toBe(1);
    expect(onOther[0]!.execution_id).not.toBe(mine[0]!.execution_id);
    expect(theirEvents).toEqual([]);
    expect(leaverEvents).toEqual([]);
  });
});
