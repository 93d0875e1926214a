import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { flowStatusEventSchema, type FlowStatusEvent } from '@ponte/shared/execution-data.schema';
import { liveRooms, liveServerEvents, type DebuggerMessage } from '@ponte/shared/live.schema';
import { chain, createFlow, finished, runAfterManualTrigger } from '../../test/flow-fixtures';
import { joinLive, recordLive, useLiveSockets } from '../../test/live-client';
import {
  startModelChatApisStandIn,
  type ChatProvider,
  type ModelChatApisStandIn,
} from '../../test/stand-ins/model-chat-apis';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { until } from '../../test/until';

// No AI provider is reached: the stand-in answers streamed calls as the vendors document their
// streams (OpenAI's https://platform.openai.com/docs/api-reference/chat-streaming, Anthropic's
// https://docs.anthropic.com/en/docs/build-with-claude/streaming), on 127.0.0.2, opened to the
// network guard; the answers come over real HTTP through the server's outbound client.
const key = 'sk-chave-stream-123';
let apis: ModelChatApisStandIn;
beforeAll(async () => {
  apis = await startModelChatApisStandIn('127.0.0.2', key);
});
afterAll(() => apis.close());

describe("'Modelo de linguagem' answers streamed", () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });
  const live = useLiveSockets(t);

  async function aiAccount(account: TestAccount, provider: ChatProvider): Promise<string> {
    const auth_type = provider === 'openai' ? 'openai_compatible' : 'anthropic_api';
    const base = provider === 'openai' ? `${apis.url}/openai/v1` : `${apis.url}/anthropic`;
    const res = await t.request(account.token).post('/api/v1/service-accounts', {
      name: `IA ${provider}`,
      auth_type,
      [auth_type]: { api_url: base, api_key: key },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  it('Anthropic: a streamed text gives the flow what the whole answer gives; an error mid-stream fails in pt-BR', async () => {
    const account = await t.createAccount();
    const id = await aiAccount(account, 'anthropic');
    apis.script('anthropic', { stream: ['Olá, ', 'tudo ', 'cer', 'to.'] });
    const params = { service_account: id, model: 'claude-sonnet-4-5', message: 'Oi' };
    const { execution, run } = await runAfterManualTrigger(t, account, {
      type: 'svc_llm',
      uid: 'ia',
      params,
    });
    expect(execution.status).toBe('success');
    expect(apis.calls.at(-1)).toMatchObject({ body: { stream: true }, streamed: true });
    // The counts of the stand-in's whole answer (13 in, 6 out): the stream reads the same.
    expect(run.outputs[0]!.msg).toEqual({
      payload: 'Olá, tudo certo.',
      llm: {
        model: 'claude-sonnet-4-5',
        provider: 'anthropic',
        tokens: { entrada: 13, saida: 6 },
        masked: {},
      },
    });

    apis.script('anthropic', { stream: ['Olá'], error: 'Overloaded' });
    const broken = await runAfterManualTrigger(t, account, {
      type: 'svc_llm',
      uid: 'ia',
      params,
    });
    expect(broken.execution.status).toBe('error');
    expect(broken.summary?.error?.message).toBe('A Anthropic interrompeu a resposta: Overloaded');
  });

  /** The editor's debugger open on the flow: its room's messages and the live node status. */
  async function openEditor(socket: Socket, flowId: string) {
    const debug = recordLive<DebuggerMessage>(socket, liveRooms.debugger(flowId));
    const status = recordLive<FlowStatusEvent>(socket, liveServerEvents.flowStatus);
    expect(await joinLive(socket, liveRooms.debugger(flowId))).toEqual({ ok: true });
    expect(await joinLive(socket, liveRooms.flowStatus(flowId))).toEqual({ ok: true });
    return { debug, status };
  }

  const heldAt = (received: DebuggerMessage[], uid: string) =>
    until(
      () => received.find((msg) => msg.iteration_type === 'node' && msg.node_uid === uid),
      `a saída de ${uid} em espera`,
    );

  it('in a debug session the growing answer reaches the open editor while the node runs, never as a log line', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const id = await aiAccount(account, 'openai');
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger', uid: 'gatilho' },
        {
          type: 'svc_llm',
          uid: 'ia',
          params: { service_account: id, model: 'gpt-4o-mini', message: 'Status do pedido?' },
        },
      ),
    );
    const { debug, status } = await openEditor(await live.connect(account.token), flowId);
    expect((await api.post(`/engine/flow/debugger/start-debug/${flowId}`)).statusCode).toBe(200);
    // The model writes two pieces, then waits until the test has seen them live.
    apis.script('openai', { stream: ['O pedido ', '42 ', 'foi aprovado.'], holdAfter: 2 });
    expect((await api.post(`/engine/flow/manual-trigger/${flowId}`, {})).statusCode).toBe(200);
    await heldAt(debug, 'gatilho');
    expect((await api.post(`/engine/flow/debugger/next-step/${flowId}`)).statusCode).toBe(200);

    const running = await until(
      () =>
        status.find((event) =>
          event.nodes.some((node) => node.node_uid === 'ia' && node.text === 'O pedido 42 '),
        ),
      'o texto parcial da resposta no editor',
    );
    expect(flowStatusEventSchema.parse(running).nodes).toContainEqual({
      node_uid: 'ia',
      state: 'running',
      items: 0,
      text: 'O pedido 42 ',
    });
    apis.release();

    const held = await heldAt(debug, 'ia');
    expect(JSON.parse(held.log!.data.message)).toMatchObject({
      payload: 'O pedido 42 foi aprovado.',
      llm: { provider: 'openai', tokens: { entrada: 11, saida: 7 } },
    });
    expect((await api.post(`/engine/flow/debugger/next-step/${flowId}`)).statusCode).toBe(200);
    await finished(t, flowId);
    await until(() => status.some((event) => event.finished), 'o fim da execução no editor');
    // Once the node ended its text is gone: the output takes its place.
    expect(status.at(-1)!.nodes).toContainEqual({ node_uid: 'ia', state: 'success', items: 1 });
    // The partial texts were never log lines: the debugger room only has the whole answer.
    const partial = (msg: DebuggerMessage) =>
      ['O pedido ', 'O pedido 42 '].includes(msg.log?.data.message ?? '');
    expect(debug.some(partial)).toBe(false);
    await api.post(`/engine/flow/debugger/stop-debug/${flowId}`);
  });
});
