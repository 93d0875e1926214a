import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import type { ThrottledEvent } from '../../lib/security-hooks';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { chain, createFlow, executionsOf } from '../../test/flow-fixtures';
import { until } from '../../test/until';

const refusal = messages.engine.flowChainLimit(5);

/**
 * A flow that calls its own webhook (or calls itself through "Executar flow") multiplied
 * itself without end (600 executions in 6 s). Every request an execution makes carries
 * `x-ponte-chain`, and the runner refuses an execution past PONTE_FLOW_CHAIN_LIMIT (5): the
 * chain stops with a refused execution whose log line says why (docs/adr/0020).
 */
describeEachDriver('flow chain limit', (driver) => {
  const throttled: ThrottledEvent[] = [];
  const t = useTestApp(driver, {
    httpAllowedNetworks: ['127.0.0.0/8'],
    security: { onThrottled: (event) => throttled.push(event) },
  });
  let base = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** Every execution ended, and the refused one among them: nothing is left to call again. */
  const settled = (flowId: string, count: number) =>
    until(async () => {
      const rows = await executionsOf(t, flowId);
      return rows.length >= count && rows.every((row) => row.endedAt) && rows;
    }, `${count} execuções encerradas do flow ${flowId}`);

  it('stops a flow that calls its own webhook after 5 links, with a log line and a 508', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const trigger = {
      type: 'core_webhook_trigger',
      params: { method: 'POST', path: 'eco', response: 'immediate' },
    };
    const flowId = await createFlow(t, account, chain(trigger));
    const self = `${base}/engine/webhook/${flowId}/eco`;
    // A user header cannot lower the depth: the client sets it.
    const callSelf = {
      type: 'core_http_request',
      params: {
        method: 'POST',
        url: self,
        headers: [{ key: 'X-Ponte-Chain', value: '0' }],
        body_type: 'json',
        body: '{}',
      },
    };
    const saved = await api.put(`/api/v1/flows/${flowId}`, { data: chain(trigger, callSelf) });
    expect(saved.statusCode, saved.body).toBe(200);

    const first = await fetch(self, { method: 'POST', body: '{}' });
    expect(first.status).toBe(202);

    // Depths 0 to 5 ran; the sixth call to itself was refused and recorded.
    const rows = await settled(flowId, 7);
    expect(rows).toHaveLength(7);
    const refused = rows.filter((row) => row.error?.message === refusal);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 'error', steps: 0 });
    const lastLink = rows.find((row) => row.error?.message?.includes('status 508'));
    expect(lastLink?.status).toBe('error');

    const filters = encodeURIComponent(
      JSON.stringify({ execution_id: refused[0]!.id, type: 'internal' }),
    );
    const logged = await until(async () => {
      const res = await api.get(`/api/v1/monitoring/logs?filters=${filters}`);
      const { items } = res.json() as { items: { data: { message: string } }[] };
      return items.length > 0 && items.map((item) => item.data.message);
    }, 'a linha de log da execução recusada');
    expect(logged).toEqual([refusal]);

    expect(throttled).toContainEqual({
      kind: 'flow_chain_limit',
      workspaceId: account.workspaceId,
      flowId,
      executionId: refused[0]!.id,
      chainDepth: 6,
      limit: 5,
    });
  });

  it('stops a flow that calls itself through "Executar flow" at the same limit', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowId = await createFlow(t, account, chain({ type: 'core_flow_trigger' }));
    const saved = await api.put(`/api/v1/flows/${flowId}`, {
      data: chain(
        { type: 'core_flow_trigger' },
        { type: 'core_execute_flow', params: { flow: flowId, payload: '{}', wait: false } },
      ),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const starter = await createFlow(
      t,
      account,
      chain(
        { type: 'core_webhook_trigger', params: { method: 'POST', path: 'go' } },
        { type: 'core_execute_flow', params: { flow: flowId, payload: '{}', wait: false } },
      ),
    );
    const outside = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${starter}/go`,
      payload: {},
    });
    expect(outside.statusCode).toBe(202);

    // The starter's execution called the flow at depth 1; depths 1 to 5 ran, the sixth failed.
    const rows = await settled(flowId, 6);
    expect(rows).toHaveLength(6);
    const refused = rows.filter((row) => row.steps === 0);
    expect(refused).toMatchObject([{ status: 'error', error: { message: refusal } }]);
    const failed = rows.filter((row) => (row.steps ?? 0) > 0 && row.status === 'error');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error?.message).toContain(refusal);
  });

  it('answers 508 with the reason to a caller already past the limit', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      chain({ type: 'core_webhook_trigger', params: { method: 'POST', path: 'x' } }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${flowId}/x`,
      headers: { 'x-ponte-chain': '6' },
      payload: {},
    });
    expect(res.statusCode).toBe(508);
    expect(res.json()).toEqual({ statusCode: 508, code: 'flow_chain_limit', message: refusal });
    const deep = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${flowId}/x`,
      headers: { 'x-ponte-chain': '5' },
      payload: {},
    });
    expect(deep.statusCode).toBe(202);
  });
});
