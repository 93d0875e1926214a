import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow, executionsOf } from '../../test/flow-fixtures';
import { until } from '../../test/until';

const refusal = messages.engine.flowChainLimit(5);

/**
 * A flow of workspace A that calls its own webhook twice per execution doubled itself without
 * end. With the chain limit (webhook rate limits off, to see the chain limit alone) it stops
 * after 63 executions and 32 refusals, and B's webhook answers with its result meanwhile
 * (docs/adr/0020; its latency was measured once, not timed here).
 */
describe('a flow of one workspace calling its own webhook twice per execution', () => {
  const t = useTestApp('embedded', {
    httpAllowedNetworks: ['127.0.0.0/8'],
    webhookRateLimit: { perAddress: 0, perFlow: 0 },
  });
  let base = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it("ends at the chain limit while B's webhook keeps answering with its result", async () => {
    const a = await t.createAccount();
    const b = await t.createAccount();
    const trigger = {
      type: 'core_webhook_trigger',
      params: { method: 'POST', path: 'eco', response: 'immediate' },
    };
    const flowA = await createFlow(t, a, chain(trigger));
    const self = `${base}/engine/webhook/${flowA}/eco`;
    const callSelf = {
      type: 'core_http_request',
      params: { method: 'POST', url: self, body_type: 'json', body: '{}' },
    };
    const saved = await t
      .request(a.token)
      .put(`/api/v1/flows/${flowA}`, { data: chain(trigger, callSelf, callSelf) });
    expect(saved.statusCode, saved.body).toBe(200);
    const flowB = await createFlow(
      t,
      b,
      chain(
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'b', response: 'last_node' },
        },
        {
          type: 'core_set',
          params: { target: 'msg', values: [{ path: 'payload.ok', value: 'sim' }] },
        },
      ),
    );
    const callB = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/engine/webhook/${flowB}/b`,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: 'sim' });
    };
    await callB();

    expect((await fetch(self, { method: 'POST', body: '{}' })).status).toBe(202);
    // B is called once A has started 90 executions: without the limit A is still doubling then.
    await until(async () => (await executionsOf(t, flowA)).length >= 90, 'a cadeia de A crescendo');
    await callB();

    // 1 + 2 + 4 + 8 + 16 + 32 executions; each of the last 32 had its first call refused.
    const rows = await until(async () => {
      const all = await executionsOf(t, flowA);
      return all.length >= 95 && all.every((row) => row.endedAt) && all;
    }, 'a cadeia de A encerrada');
    expect(rows).toHaveLength(95);
    expect(rows.filter((row) => row.error?.message === refusal)).toHaveLength(32);
  }, 60_000);
});
