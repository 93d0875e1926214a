import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRunData } from '@ponte/shared/flow/agent-transcript';
import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import { createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import {
  startModelChatApisStandIn,
  type ModelChatApisStandIn,
} from '../../test/stand-ins/model-chat-apis';
import { useTestApp, type TestAccount } from '../../test/test-app';

// No AI provider is reached: a stand-in of OpenAI's Chat Completions with tool calls
// (https://platform.openai.com/docs/api-reference/chat/create and
// https://platform.openai.com/docs/guides/function-calling) answers on 127.0.0.2.
const key = 'sk-agente-123';
const cpf = '529.982.247-25';
let apis: ModelChatApisStandIn;
beforeAll(async () => {
  apis = await startModelChatApisStandIn('127.0.0.2', key);
});
afterAll(() => apis.close());

const at = (x: number) => ({ x, y: 0 });

describe("the 'Agente de IA' connector", () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });

  async function setUp(account: TestAccount) {
    const api = t.request(account.token);
    const created = await api.post('/api/v1/service-accounts', {
      name: 'OpenAI do agente',
      auth_type: 'openai_compatible',
      openai_compatible: { api_url: `${apis.url}/openai/v1`, api_key: key },
    });
    expect(created.statusCode, created.body).toBe(201);
    const subflow = await createFlow(t, account, {
      version: 1,
      nodes: [
        {
          uid: 'chamado',
          type: 'core_flow_trigger',
          position: at(0),
          params: {
            inputs: [
              { name: 'cpf', type: 'string', description: 'CPF do cliente', required: true },
            ],
          },
        },
      ],
      edges: [],
    });
    const flowId = await createFlow(t, account, {
      version: 1,
      nodes: [
        {
          uid: 'inicio',
          type: 'core_manual_trigger',
          position: at(0),
          params: {
            fields: [
              { name: 'texto', label: 'Texto', type: 'text', required: true },
              { name: 'fone', label: 'Telefone', type: 'text', required: true },
            ],
          },
        },
        {
          uid: 'agente',
          type: 'svc_agent',
          position: at(200),
          params: {
            service_account: created.json()._id,
            model: 'gpt-4o-mini',
            system: 'Você atende os clientes da loja.',
            message: '{{ msg.payload.texto }}',
            conversation: '{{ msg.payload.fone }}',
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
        {
          uid: 'pedidos',
          type: 'core_execute_flow',
          label: 'Consultar pedidos',
          position: at(600),
          params: { flow: subflow, wait: true },
          agentTool: { description: 'Consulta os pedidos do cliente.', params: [] },
        },
      ],
      edges: [{ id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'agente' }],
    });
    return { api, flowId };
  }

  async function run(account: TestAccount, flowId: string, fields: object, count: number) {
    const api = t.request(account.token);
    const started = await api.post(`/engine/flow/manual-trigger/${flowId}`, fields);
    expect(started.statusCode, started.body).toBe(200);
    const rows = await finished(t, flowId, count);
    const execution = rows.sort((a, b) => +a.startedAt! - +b.startedAt!).at(-1)!;
    const base = `/api/v1/monitoring/executions/${execution.id}/data`;
    const data = (await api.get(base)).json() as ExecutionData;
    const agent = (await api.get(`${base}/agente`)).json() as NodeData;
    return { execution, data, msg: agent.runs[0]!.outputs[0]!.msg as Record<string, unknown> };
  }

  it('calls a node and a sub-flow as tools, masks the CPF, records the transcript and remembers the conversation', async () => {
    const account = await t.createAccount();
    const { api, flowId } = await setUp(account);
    apis.script(
      'openai',
      {
        toolCalls: [
          { name: 'registrar_atendimento', args: { message: 'Cliente [CPF_1] atendido' } },
        ],
      },
      { toolCalls: [{ name: 'consultar_pedidos', args: { cpf: '[CPF_1]' } }] },
      { text: 'Tudo certo, [CPF_1]: seu pedido está a caminho.' },
    );
    const before = apis.calls.length;
    const first = await run(
      account,
      flowId,
      { texto: `Sou o cliente ${cpf}, e meu pedido?`, fone: '+5511999990000' },
      1,
    );
    expect(first.execution.status).toBe('success');
    const made = apis.calls.slice(before);
    expect(made).toHaveLength(3);
    for (const call of made) expect(JSON.stringify(call.body)).not.toContain(cpf);
    expect(
      (made[0]!.body.tools as { function: { name: string } }[]).map((tool) => tool.function.name),
    ).toEqual(['registrar_atendimento', 'consultar_pedidos']);
    // The sub-flow's declared inputs are the tool's arguments.
    const offered = made[0]!.body.tools as { function: { parameters: unknown } }[];
    expect(offered[1]!.function.parameters).toEqual({
      type: 'object',
      properties: { cpf: { type: 'string', description: 'CPF do cliente' } },
      required: ['cpf'],
      additionalProperties: false,
    });
    // The log node ran with the CPF behind the placeholder, as a node of the execution.
    const logs = await userLogsOf(api, first.execution.id);
    expect(logs).toContainEqual({
      ...logs[0],
      node_uid: 'registro',
      label: 'Atendimento',
      message: 'Cliente 529.982.247-25 atendido',
    });
    expect(first.data.nodes.map((node) => node.node_uid).sort()).toEqual([
      'agente',
      'inicio',
      'pedidos',
      'registro',
    ]);
    const agent = first.msg.agent as AgentRunData;
    expect(first.msg.payload).toBe(`Tudo certo, ${cpf}: seu pedido está a caminho.`);
    expect(agent).toMatchObject({
      steps: 3,
      tokens: { entrada: 33, saida: 21 },
      masked: { CPF: 1 },
    });
    expect(agent.transcript[3]).toMatchObject({
      type: 'tool',
      name: 'consultar_pedidos',
      kind: 'flow',
      input: { cpf },
      output: { cpf },
    });

    // The same phone number continues the conversation from the workspace's database.
    const second = await run(account, flowId, { texto: 'Obrigado!', fone: '+5511999990000' }, 2);
    expect(second.execution.status).toBe('success');
    const sent = apis.calls.at(-1)!.body.messages as { role: string; content: string }[];
    expect(sent.map((turn) => turn.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[1]!.content).toBe('Sou o cliente [CPF_1], e meu pedido?');
    expect(sent[2]!.content).toBe('Tudo certo, [CPF_1]: seu pedido está a caminho.');
    expect(second.msg.payload).toBe('Recebido: Obrigado!');
  });
});
