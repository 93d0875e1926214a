import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow, executionsOf } from '../../test/flow-fixtures';

/**
 * A flood of one workspace's webhook from one client becomes only as many executions as its
 * limit allows, and another workspace's webhook keeps answering (docs/adr/0020). Without the
 * limit, every call of the flood became an execution, and A's executions took every slot of
 * the runner: B's execution waited for one of them to end.
 */
describe('a webhook flood from one workspace', () => {
  const t = useTestApp('embedded', {
    trustProxy: ['10.0.0.0/8'],
    webhookRateLimit: { perAddress: 30, perFlow: 60 },
  });

  it("turns only the limit's worth of calls into executions; another workspace's webhook answers", async () => {
    const a = await t.createAccount();
    const b = await t.createAccount();
    // A answers at once and works for thirty seconds (its executions hold runner slots); B answers with its result.
    const flowA = await createFlow(
      t,
      a,
      chain(
        { type: 'core_webhook_trigger', params: { method: 'POST', path: 'a' } },
        { type: 'core_delay', params: { amount: 30, unit: 's' } },
      ),
    );
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
          params: {
            target: 'msg',
            values: [{ path: 'payload.dobro', value: '{{ msg.payload.n * 2 }}' }],
          },
        },
      ),
    );
    const call = (flowId: string, path: string, client: string) =>
      t.app.inject({
        method: 'POST',
        url: `/engine/webhook/${flowId}/${path}`,
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': client },
        payload: { n: 21 },
      });
    // The flood: 12 clients' worth of calls from one address, far past its limit of 30 a
    // minute. Only the calls under the limit become executions; the rest are refused at the
    // door, so A's executions cannot take every slot of the runner.
    const flood = await Promise.all(
      Array.from({ length: 200 }, () => call(flowA, 'a', '203.0.113.66')),
    );
    const statuses = flood.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(170);
    expect(await executionsOf(t, flowA)).toHaveLength(30);

    // While A's thirty executions wait out their delay (each answered 202 at once), B's webhook answers with its result,
    // from each of its callers.
    for (const client of ['198.51.100.7', '198.51.100.8', '198.51.100.9']) {
      const res = await call(flowB, 'b', client);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ dobro: 42 });
    }
    const runningOfA = (await executionsOf(t, flowA)).filter((row) => !row.endedAt);
    expect(runningOfA).toHaveLength(30);
  }, 60_000);
});
