import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import { createFlow, finished } from '../../test/flow-fixtures';
import {
  startModelChatApisStandIn,
  type ModelChatApisStandIn,
} from '../../test/stand-ins/model-chat-apis';
import { useTestApp } from '../../test/test-app';

// No AI provider is reached: a stand-in of OpenAI's Chat Completions
// (https://platform.openai.com/docs/api-reference/chat/create) answers on 127.0.0.2, opened to
// the network guard.
const key = 'sk-chave-certa-123';
let apis: ModelChatApisStandIn;
beforeAll(async () => {
  apis = await startModelChatApisStandIn('127.0.0.2', key);
});
afterAll(() => apis.close());

describe("the 'Classificar texto' connector in a flow", () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });

  it("sends the message down the chosen class's branch only", async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const created = await api.post('/api/v1/service-accounts', {
      name: 'IA da loja',
      auth_type: 'openai_compatible',
      openai_compatible: { api_url: `${apis.url}/openai/v1`, api_key: key },
    });
    expect(created.statusCode, created.body).toBe(201);
    const node = (uid: string, type: string, x: number, params: Record<string, unknown>) => ({
      uid,
      type,
      position: { x, y: 0 },
      params,
    });
    const flowId = await createFlow(t, account, {
      version: 1,
      nodes: [
        node('inicio', 'core_manual_trigger', 0, {}),
        node('classificar', 'svc_llm_classify', 200, {
          service_account: created.json()._id,
          model: 'gpt-4o-mini',
          text: 'Quero comprar três cadeiras. Meu CPF é 529.982.247-25.',
          classes: [
            { name: 'Vendas', description: 'pedidos de compra e orçamentos' },
            { name: 'Suporte', description: 'problemas com um produto já comprado' },
          ],
        }),
        node('vendas', 'core_code', 400, {
          code: 'return { payload: { ramo: "vendas", classes: msg.classificacao.classes } };',
        }),
        node('suporte', 'core_log', 400, { label: 'Suporte', message: 'chegou' }),
      ],
      edges: [
        { id: 'e1', source: 'inicio', sourceOutput: 'default', target: 'classificar' },
        { id: 'e2', source: 'classificar', sourceOutput: 'Vendas', target: 'vendas' },
        { id: 'e3', source: 'classificar', sourceOutput: 'Suporte', target: 'suporte' },
      ],
    });
    apis.script('openai', { text: '{"classes": ["Vendas"], "motivo": "Quer comprar."}' });
    const before = apis.calls.length;

    const started = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(started.statusCode, started.body).toBe(200);
    const [execution] = await finished(t, flowId);
    expect(execution!.status).toBe('success');

    const made = apis.calls.slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toMatchObject({
      temperature: 0,
      response_format: { type: 'json_object' },
    });
    const sent = JSON.stringify(made[0]!.body);
    expect(sent).toContain('Meu CPF é [CPF_1].');
    expect(sent).not.toContain('529.982.247-25');

    const base = `/api/v1/monitoring/executions/${execution!.id}/data`;
    const data = (await api.get(base)).json() as ExecutionData;
    expect(data.nodes.map((ran) => ran.node_uid).sort()).toEqual([
      'classificar',
      'inicio',
      'vendas',
    ]);
    expect(data.nodes.find((ran) => ran.node_uid === 'classificar')!.outputs).toEqual({
      Vendas: 1,
    });
    const vendas = (await api.get(`${base}/vendas`)).json() as NodeData;
    expect(vendas.runs[0]!.input).toMatchObject({
      classificacao: { classes: ['Vendas'], motivo: 'Quer comprar.' },
      llm: { provider: 'openai', masked: { CPF: 1 } },
    });
    expect(vendas.runs[0]!.outputs[0]!.msg!.payload).toEqual({
      ramo: 'vendas',
      classes: ['Vendas'],
    });
  });
});
