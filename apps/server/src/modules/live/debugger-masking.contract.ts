import { expect, it } from 'vitest';
import { liveRooms, type DebuggerMessage } from '@ponte/shared/live.schema';
import type { TestAccount, TestContext } from '../../test/test-app';
import { chain, finished } from '../../test/flow-fixtures';
import { joinLive, recordLive, type LiveSockets } from '../../test/live-client';
import { until } from '../../test/until';

const cpf = '529.982.247-25';
const maskedCpf = '***.982.247-**';

/**
 * The debugger of a flow that stores personal data masked (docs/adr/0122): the members whose role
 * may read personal data (owner, admin) see the real values, the others the stored ones.
 */
export function debuggerMaskingContract(t: TestContext, live: LiveSockets): void {
  const open = async (account: TestAccount, flowId: string) => {
    const socket = await live.connect(account.token);
    const room = liveRooms.debugger(flowId);
    const received = recordLive<DebuggerMessage>(socket, room);
    expect(await joinLive(socket, room)).toEqual({ ok: true });
    return received;
  };

  const maskedFlow = async (owner: TestAccount) => {
    const res = await t.request(owner.token).post('/api/v1/flows', {
      name: 'Cadastro',
      enabled: true,
      data: chain(
        { type: 'core_manual_trigger', uid: 'gatilho' },
        {
          type: 'core_log',
          uid: 'log',
          params: { label: 'Cliente', message: '{{ "CPF " & msg.payload.cpf }}' },
        },
      ),
      config: { rate_limit: 0, lgpd: { mask: 'on', mask_paths: ['nome'] } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { _id: string })._id;
  };

  const lineOf = (received: DebuggerMessage[], label: string) =>
    until(
      () => received.find((msg) => msg.log?.data.label === label)?.log?.data.message,
      `a linha '${label}' no debugger`,
    );

  it('shows the real values to an owner and the masked ones to an editor', async () => {
    const owner = await t.createAccount();
    const editor = await t.addMember(owner, 'editor');
    const flowId = await maskedFlow(owner);
    const ownerSees = await open(owner, flowId);
    const editorSees = await open(editor, flowId);
    const api = t.request(owner.token);
    expect((await api.post(`/engine/flow/debugger/start-debug/${flowId}`)).statusCode).toBe(200);
    // Both rooms hear the session's events.
    for (const received of [ownerSees, editorSees])
      await until(() => received.some((msg) => msg.event === 'debug-start'), 'debug-start');

    const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, { cpf, nome: 'Maria' });
    expect(run.statusCode, run.body).toBe(200);
    const held = (received: DebuggerMessage[]) =>
      until(
        () => received.find((msg) => msg.iteration_type === 'node' && msg.node_uid === 'gatilho'),
        'a saída do gatilho em espera',
      );
    const [ownerHeld, editorHeld] = [await held(ownerSees), await held(editorSees)];
    expect(JSON.parse(ownerHeld.log!.data.message)).toEqual({ payload: { cpf, nome: 'Maria' } });
    expect(JSON.parse(editorHeld.log!.data.message)).toEqual({
      payload: { cpf: maskedCpf, nome: '***' },
    });
    // The same line, shown two ways.
    expect(editorHeld.log!._id).toBe(ownerHeld.log!._id);

    expect((await api.post(`/engine/flow/debugger/next-step/${flowId}`)).statusCode).toBe(200);
    expect(await lineOf(ownerSees, 'Cliente')).toBe(`CPF ${cpf}`);
    expect(await lineOf(editorSees, 'Cliente')).toBe(`CPF ${maskedCpf}`);
    await api.post(`/engine/flow/debugger/next-step/${flowId}`);
    await finished(t, flowId);
    await api.post(`/engine/flow/debugger/stop-debug/${flowId}`);
    for (const received of [ownerSees, editorSees])
      await until(() => received.some((msg) => msg.event === 'debug-stop'), 'debug-stop');
  });
}
