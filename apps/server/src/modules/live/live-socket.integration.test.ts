import { expect, it } from 'vitest';
import {
  liveClientEvents,
  liveRooms,
  liveServerEvents,
  statusListSchema,
  systemStatusSchema,
  type SystemStatus,
} from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import type { RunningExecution } from '@ponte/shared/monitoring.schema';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { connectLive, joinLive, useLiveSockets, recordLive } from '../../test/live-client';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

const slowFlow = () =>
  chain(
    { type: 'core_manual_trigger' },
    { type: 'core_delay', params: { amount: 400, unit: 'ms' } },
  );

describeEachDriver('live socket', (driver) => {
  const t = useTestApp(driver);
  const live = useLiveSockets(t);
  const connect = live.connect;

  it('closes with the app while a client is still connected', async () => {
    const account = await t.createAccount();
    // Left open on purpose: the app's close (after this suite) must not wait for it.
    const open = await connectLive(live.url, account.token);
    expect(open.connected).toBe(true);
  });

  it('refuses a handshake without a valid session', async () => {
    await expect(connectLive(live.url, null)).rejects.toThrow(messages.debugger.invalidSession);
    await expect(connectLive(live.url, 'nao.e.um.token')).rejects.toThrow(
      messages.debugger.invalidSession,
    );
    const account = await t.createAccount();
    const expired = await t.tokens.issue(account.userId, account.workspaceId);
    t.clock.advance(30 * 24 * 3_600_000);
    try {
      await expect(connectLive(live.url, expired)).rejects.toThrow(
        messages.debugger.invalidSession,
      );
    } finally {
      t.clock.advance(-30 * 24 * 3_600_000);
    }
    const socket = await connect(account.token);
    expect(await joinLive(socket, 'sala-qualquer')).toEqual({
      ok: false,
      message: messages.debugger.unknownRoom,
    });
    // Text the database cannot take, or a name no room has, never reaches a query.
    for (const room of [`${liveRooms.debugger('x')}\u0000`, liveRooms.debugger('x'.repeat(5000))]) {
      expect(await joinLive(socket, room)).toEqual({
        ok: false,
        message: messages.debugger.unknownRoom,
      });
    }
  });

  it('answers the status list and the system status of the workspace', async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const flowId = await createFlow(t, account, slowFlow());
    const mine = await connect(account.token);
    const theirs = await connect(stranger.token);
    const lists = recordLive<RunningExecution[]>(mine, liveServerEvents.statusList);
    const statuses = recordLive<SystemStatus>(mine, liveServerEvents.systemStatus);
    const theirLists = recordLive<RunningExecution[]>(theirs, liveServerEvents.statusList);

    const run = await t.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    const executionId = run.json().execution_id as string;
    mine.emit(liveClientEvents.getStatusList);
    theirs.emit(liveClientEvents.getStatusList);
    await until(() => lists.length && statuses.length && theirLists.length, 'as respostas');
    expect(statusListSchema.parse(lists[0])).toEqual([
      expect.objectContaining({
        execution_id: executionId,
        flow_id: flowId,
        flow_name: 'Flow de teste',
        trigger_type: 'core_manual_trigger',
        trigger_node_uid: 'n0',
        stop_execution: false,
      }),
    ]);
    expect(theirLists[0]).toEqual([]);
    const status = systemStatusSchema.parse(statuses[0]);
    expect(status.rss).toBeGreaterThan(0);
    expect(status.totalMemory).toBeGreaterThan(status.rss);
    expect(status.cpuCores).toBeGreaterThanOrEqual(1);
    expect(status.cpuUsage).toBeGreaterThanOrEqual(0);
    expect(status.cpuUsage).toBeLessThanOrEqual(100);
    await finished(t, flowId);
  });

  it("pushes the updated list to the workspace's live monitoring only", async () => {
    const account = await t.createAccount();
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const flowId = await createFlow(t, account, slowFlow());
    const mine = await connect(account.token);
    const theirs = await connect(stranger.token);
    expect(await joinLive(mine, liveRooms.liveMonitoring)).toEqual({ ok: true });
    expect(await joinLive(theirs, liveRooms.liveMonitoring)).toEqual({ ok: true });
    const updates = recordLive<RunningExecution[]>(mine, liveServerEvents.statusListUpdated);
    const theirUpdates = recordLive(theirs, liveServerEvents.statusListUpdated);

    const run = await t.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    const executionId = run.json().execution_id as string;
    await until(
      () => updates.some((list) => list.some((item) => item.execution_id === executionId)),
      'a execução na lista ao vivo',
    );
    await finished(t, flowId);
    await until(() => updates.at(-1)?.length === 0, 'a lista vazia depois do fim');
    expect(theirUpdates).toEqual([]);

    // After leaving the room, nothing more arrives. A page still in the room hears the end of
    // the next run; an answer the leaver asks for after that comes after anything sent before.
    const witness = await connect(account.token);
    expect(await joinLive(witness, liveRooms.liveMonitoring)).toEqual({ ok: true });
    const witnessed = recordLive<RunningExecution[]>(witness, liveServerEvents.statusListUpdated);
    mine.emit(liveClientEvents.leave, liveRooms.liveMonitoring);
    // Answered after the leave before it was handled.
    expect(await joinLive(mine, 'sala-qualquer')).toMatchObject({ ok: false });
    const count = updates.length;
    const next = await t.request(account.token).post(`/engine/flow/manual-trigger/${flowId}`, {});
    const nextId = next.json().execution_id as string;
    await until(
      () => witnessed.some((list) => list.some((item) => item.execution_id === nextId)),
      'a segunda execução na lista ao vivo',
    );
    await finished(t, flowId, 2);
    await until(() => witnessed.at(-1)?.length === 0, 'a lista vazia depois do segundo fim');
    const lists = recordLive(mine, liveServerEvents.statusList);
    mine.emit(liveClientEvents.getStatusList);
    await until(() => lists.length, 'a resposta depois de sair');
    expect(updates.length).toBe(count);
  });
});
