import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { chain, createFlow, finished, type Step } from '../../test/flow-fixtures';

const refusal =
  'Endereço bloqueado pela proteção de rede: 127.0.0.1 (loopback). ' +
  'Para liberar, inclua a rede em PONTE_HTTP_ALLOWED_NETWORKS.';

describeEachDriver('network guard through the server', (driver) => {
  const t = useTestApp(driver, { webhookTimeoutMs: 20_000 });
  let healthz = '';

  beforeAll(async () => {
    // The app itself listens: a flow that could reach it could call Ponte's own API.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    healthz = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/healthz`;
  });

  const webhookFlow = (...steps: Step[]) =>
    chain(
      {
        type: 'core_webhook_trigger',
        params: { method: 'POST', path: 'rede', response: 'last_node' },
      },
      ...steps,
    );
  const call = (flowId: string) =>
    t.app.inject({ method: 'POST', url: `/engine/webhook/${flowId}/rede`, payload: {} });

  it("refuses the code node's fetch and axios to Ponte's own address", async () => {
    const account = await t.createAccount();
    const code = `
      const tryIt = async (call) => { try { await call(); return 'alcançou'; } catch (e) { return e.message; } };
      return { payload: {
        fetch: await tryIt(() => fetch(${JSON.stringify(healthz)})),
        axios: await tryIt(() => axios.get(${JSON.stringify(healthz)})),
      } };`;
    const flowId = await createFlow(
      t,
      account,
      webhookFlow({ type: 'core_code', params: { code } }),
    );
    const res = await call(flowId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { fetch: string; axios: string };
    expect(answer.fetch).toContain(refusal);
    expect(answer.axios).toContain(refusal);
  });

  it('fails the execution of a code node or HTTP request that targets the server', async () => {
    const account = await t.createAccount();
    const viaCode = await createFlow(
      t,
      account,
      webhookFlow({
        type: 'core_code',
        params: { code: `await fetch(${JSON.stringify(healthz)}); return msg;` },
      }),
    );
    await call(viaCode);
    const [codeRun] = await finished(t, viaCode);
    expect(codeRun?.status).toBe('error');
    expect(codeRun?.error?.message).toBe(`Erro no código: ${refusal}`);

    const viaNode = await createFlow(
      t,
      account,
      webhookFlow({
        type: 'core_http_request',
        params: { method: 'GET', url: healthz.replace('127.0.0.1', '2130706433') },
      }),
    );
    await call(viaNode);
    const [nodeRun] = await finished(t, viaNode);
    expect(nodeRun?.status).toBe('error');
    expect(nodeRun?.error?.message).toBe(`A requisição HTTP falhou: ${refusal}`);
  });
});
