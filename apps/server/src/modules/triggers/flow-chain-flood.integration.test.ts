import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow, executionsOf } from '../../test/flow-fixtures';
import { until } from '../../test/until';

const refusal = messages.engine.flowChainLimit(5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * A flow of workspace A that calls its own webhook twice per execution doubled itself without
 * end. With the chain limit (webhook rate limits off, to see the chain limit alone) it stops
 * after 63 executions and 32 refusals, and B's webhook stays within 5× its unloaded latency
 * measured in the same test (docs/adr/0020).
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

  it("ends at the chain limit and keeps B's webhook within 5× its unloaded latency", async () => {
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
    const latenciesOfB = async (times: number) => {
      const took: number[] = [];
      for (let i = 0; i < times; i++) {
        const started = performance.now();
        const res = await t.app.inject({
          method: 'POST',
          url: `/engine/webhook/${flowB}/b`,
          payload: {},
        });
        took.push(performance.now() - started);
        expect(res.statusCode, res.body).toBe(200);
      }
      return took;
    };

    await latenciesOfB(3);
    const unloaded = median(await latenciesOfB(9));

    expect((await fetch(self, { method: 'POST', body: '{}' })).status).toBe(202);
    // B is measured once A has started 90 executions: without the limit A is still doubling
    // then (9× B's unloaded latency, and hundreds of executions); with it, A is about done.
    await until(async () => (await executionsOf(t, flowA)).length >= 90, 'a cadeia de A crescendo');
    const loaded = median(await latenciesOfB(9));

    // 1 + 2 + 4 + 8 + 16 + 32 executions; each of the last 32 had its first call refused.
    const rows = await until(async () => {
      const all = await executionsOf(t, flowA);
      return all.length >= 95 && all.every((row) => row.endedAt) && all;
    }, 'a cadeia de A encerrada');
    expect(rows).toHaveLength(95);
    expect(rows.filter((row) => row.error?.message === refusal)).toHaveLength(32);
    expect(
      loaded,
      `B: ${loaded.toFixed(1)} ms com a cadeia de A, ${unloaded.toFixed(1)} ms sem carga`,
    ).toBeLessThan(unloaded * 5);
  }, 60_000);
});
