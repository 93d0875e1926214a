import { describe, expect, it } from 'vitest';
import {
  customNodeTestResultSchema,
  customNodeType,
  type CustomNodeBodyInput,
} from '@ponte/shared/custom-nodes.schema';
import { eq } from 'drizzle-orm';
import { flowSchema } from '@ponte/shared/flows.schema';
import { messages } from '@ponte/shared/messages';
import { executions } from '../../db/schema';
import { chain, createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { connectorBody, createConnector } from './custom-node-fixtures';

const m = messages.customNodes;

/** A handler that answers `{prefix}{cep}` as the payload. */
const handlerSaying = (prefix: string) =>
  `async function handler(msg, params) { return { payload: '${prefix}' + params.cep }; }`;

describeEachDriver('flows running custom connectors', (driver) => {
  const t = useTestApp(driver, { engineLimits: { sandbox: { timeoutMs: 1000 } } });
  const api = (account: TestAccount) => t.request(account.token);

  /** Manual trigger → the connector at `version` → a log of the payload it sent. */
  const usingConnector = (id: string, version = 1) => {
    const doc = chain(
      { type: 'core_manual_trigger' },
      { type: customNodeType(id), uid: 'conector', params: { cep: '01001000' } },
      { type: 'core_log', params: { label: 'saida', message: '{{ msg.payload }}' } },
    );
    return {
      ...doc,
      nodes: doc.nodes.map((node) =>
        node.uid === 'conector' ? { ...node, typeVersion: version } : node,
      ),
    };
  };
  const save = async (account: TestAccount, id: string, body: CustomNodeBodyInput) => {
    const res = await api(account).put(`/api/v1/custom-nodes/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Runs the flow by hand and waits for its end (the `runs`-th of the flow). */
  async function runByHand(account: TestAccount, flowId: string, runs = 1) {
    const res = await api(account).post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = await finished(t, flowId, runs);
    return rows.find((row) => row.id === (res.json() as { execution_id: string }).execution_id)!;
  }
  const outputOf = async (account: TestAccount, executionId: string) =>
    (await userLogsOf(api(account), executionId)).map((log) => [log.label, log.message]);

  it('runs the version the flow was saved with until its node is updated', async () => {
    const account = await t.createAccount();
    const connector = await createConnector(
      api(account),
      connectorBody('Consulta CEP', { code_execution_content: handlerSaying('v1:') }),
    );
    const flowId = await createFlow(t, account, usingConnector(connector._id));
    const first = await runByHand(account, flowId);
    expect(first.status, JSON.stringify(first.error)).toBe('success');
    expect(await outputOf(account, first.id)).toEqual([['saida', 'v1:01001000']]);
    // The internal log lines name the node by the connector's name, never by its type id.
    const internal = await until(async () => {
      const filters = encodeURIComponent(
        JSON.stringify({ execution_id: first.id, type: 'internal' }),
      );
      const res = await api(account).get(`/api/v1/monitoring/logs?filters=${filters}`);
      const { items } = res.json() as { items: { data: { message: string } }[] };
      const lines = items.map((item) => item.data.message);
      return lines.some((line) => line.includes('(conector) concluído')) && lines;
    }, 'a linha do conector concluído');
    expect(internal.find((line) => line.includes('(conector) concluído'))).toContain(
      'Conector "Consulta CEP" (conector)',
    );

    await save(
      account,
      connector._id,
      connectorBody('Consulta CEP', { code_execution_content: handlerSaying('v2:') }),
    );
    const still = await runByHand(account, flowId, 2);
    expect(await outputOf(account, still.id)).toEqual([['saida', 'v1:01001000']]);

    const updated = await api(account).put(`/api/v1/flows/${flowId}`, {
      data: usingConnector(connector._id, 2),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const newer = await runByHand(account, flowId, 3);
    expect(await outputOf(account, newer.id)).toEqual([['saida', 'v2:01001000']]);
  });

  it('ends in error, naming the connector, the runs of a stored enabled flow whose connector was disabled or removed', async () => {
    const account = await t.createAccount();
    const body = connectorBody('Consulta CEP', { code_execution_content: handlerSaying('') });
    const connector = await createConnector(api(account), body);
    const flowId = await createFlow(t, account, usingConnector(connector._id));
    expect(
      flowSchema.parse((await api(account).get(`/api/v1/flows/${flowId}`)).json()),
    ).toMatchObject({
      enabled: true,
    });

    await save(account, connector._id, { ...body, enabled: false });
    const disabled = await runByHand(account, flowId);
    expect(disabled.status).toBe('error');
    expect((disabled.error as { message: string }).message).toContain(
      m.connectorDisabled('Consulta CEP'),
    );

    expect((await api(account).delete(`/api/v1/custom-nodes/${connector._id}`)).statusCode).toBe(
      204,
    );
    const removed = await runByHand(account, flowId, 2);
    expect(removed.status).toBe('error');
    expect((removed.error as { message: string }).message).toContain('foi removido');
  });

  describe('POST /api/v1/custom-nodes/test', () => {
    const test = async (account: TestAccount, body: object) => {
      const res = await api(account).post('/api/v1/custom-nodes/test', body);
      expect(res.statusCode, res.body).toBe(200);
      return customNodeTestResultSchema.parse(res.json());
    };
    const params = [{ type: 'text', name: 'cep', label: 'CEP' }];

    it("answers the handler's result, its console.log lines and time, and records no execution", async () => {
      const account = await t.createAccount();
      const result = await test(account, {
        code_execution_content:
          "async function handler(msg, params) { console.log('cep', params.cep); return { payload: { cep: params.cep, de: msg.payload.nome } }; }",
        params,
        values: { cep: '{{ msg.payload.cep }}' },
        msg: { payload: { cep: '01001000', nome: 'Ana' } },
      });
      expect(result).toMatchObject({
        ok: true,
        msg: { payload: { cep: '01001000', de: 'Ana' } },
      });
      expect(result.logs.map((log) => log.message)).toEqual([expect.stringContaining('01001000')]);
      expect(result.duration_ms).toBeGreaterThanOrEqual(0);
      const recorded = await t.database.db
        .select()
        .from(executions)
        .where(eq(executions.workspaceId, account.workspaceId));
      expect(recorded).toEqual([]);
    });

    it("answers a throwing handler's message and the sandbox's time limit", async () => {
      const account = await t.createAccount();
      const thrown = await test(account, {
        code_execution_content: "async function handler() { throw new Error('CEP inválido'); }",
        params,
      });
      expect(thrown.ok).toBe(false);
      expect(thrown.error).toContain('CEP inválido');

      const looping = await test(account, {
        code_execution_content: 'async function handler() { while (true) {} }',
        params,
      });
      expect(looping.ok).toBe(false);
      expect(looping.error).toContain('excedeu o tempo limite');
    });

    it('refuses a caller without a session (401)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/custom-nodes/test',
        payload: { code_execution_content: handlerSaying('') },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
