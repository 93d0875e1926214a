import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRunData } from '@ponte/shared/flow/agent-transcript';
import type { NodeData } from '@ponte/shared/execution-data.schema';
import { createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import {
  startModelChatApisStandIn,
  type ModelChatApisStandIn,
} from '../../test/stand-ins/model-chat-apis';
import { useTestApp } from '../../test/test-app';

// No AI provider is reached: a stand-in of Anthropic's Messages API with tool use
// (https://docs.anthropic.com/en/api/messages and
// https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use: `tools` with an
// `input_schema`, `tool_use` blocks in the assistant's turn, `tool_result` blocks in the next
// user turn) answers on 127.0.0.2.
const key = 'sk-ant-agente-123';
let apis: ModelChatApisStandIn;
beforeAll(async () => {
  apis = await startModelChatApisStandIn('127.0.0.2', key);
});
afterAll(() => apis.close());

const at = (x: number) => ({ x, y: 0 });

describe("the 'Agente de IA' connector with an Anthropic account", () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });

  it('calls a node as a tool through tool_use blocks and answers with the tool result', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const created = await api.post('/api/v1/service-accounts', {
      name: 'Claude do agente',
      auth_type: 'anthropic_api',
      anthropic_api: { api_url: `${apis.url}/anthropic`, api_key: key },
    });
    expect(created.statusCode, created.body).toBe(201);
    const flowId = await createFlow(t, account, {
      version: 1,
      nodes: [
        { uid: 'inicio', type: 'core_manual_trigger', position: at(0), params: {} },
        {
          uid: 'agente',
          type: 'svc_agent',
          position: at(200),
          params: {
            service_account: created.json()._id,
            model: 'claude-sonnet-4-5',
            system: 'Você atende os clientes da loja.',
            message: 'Registre o atendimento do pedido 42.',
          },
        },
        {
          uid: 'registro',
          type: 'core_log',
          label: 'Registrar atendimento',
          position: at(400),
          params: { label: 'Atendimento', message: '' },
          agentTool: { description: 'Registra o atendimento no log.', params: ['message'] },
        },
      ],
      edges: [{ id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'agente' }],
    });
    apis.script(
      'anthropic',
      {
        text: 'Vou registrar.',
        toolCalls: [{ name: 'registrar_atendimento', args: { message: 'Pedido 42 atendido' } }],
      },
      { text: 'Atendimento registrado.' },
    );
    const before = apis.calls.length;
    const started = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(started.statusCode, started.body).toBe(200);
    const [execution] = await finished(t, flowId);
    expect(execution!.status).toBe('success');

    const made = apis.calls.slice(before);
    expect(made).toHaveLength(2);
    expect(made[0]!.body.tools).toEqual([
      expect.objectContaining({
        name: 'registrar_atendimento',
        description: 'Registra o atendimento no log.',
        input_schema: expect.objectContaining({ type: 'object' }),
      }),
    ]);
    // The agent's tool calls are whole answers: never asked as a stream.
    expect(made.every((call) => call.body.stream === undefined && !call.streamed)).toBe(true);
    const turns = made[1]!.body.messages as { role: string; content: unknown }[];
    expect(turns.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user']);
    const [text, use] = turns[1]!.content as { type: string; id?: string; input?: unknown }[];
    expect(text).toEqual({ type: 'text', text: 'Vou registrar.' });
    expect(use).toMatchObject({
      type: 'tool_use',
      name: 'registrar_atendimento',
      input: { message: 'Pedido 42 atendido' },
    });
    expect(turns[2]!.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: use!.id }),
    ]);

    const logs = await userLogsOf(api, execution!.id);
    expect(logs).toContainEqual(
      expect.objectContaining({ label: 'Atendimento', message: 'Pedido 42 atendido' }),
    );
    const base = `/api/v1/monitoring/executions/${execution!.id}/data`;
    const agent = (await api.get(`${base}/agente`)).json() as NodeData;
    const msg = agent.runs[0]!.outputs[0]!.msg as { payload: unknown; agent: AgentRunData };
    expect(msg.payload).toBe('Atendimento registrado.');
    expect(msg.agent).toMatchObject({ steps: 2, tokens: { entrada: 26, saida: 12 } });
  });
});
