import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow } from '../../test/flow-fixtures';
import { until } from '../../test/until';
import { bestLatencyRatio, median } from '@ponte/engine/testing/latency';

/**
 * A flood of one workspace's webhook from one client leaves another workspace's webhook within
 * a few times its unloaded latency, measured in the same test (docs/adr/0020). Without the
 * limit, every call of the flood became an execution, and A's executions took every slot of
 * the runner: B's execution waited for one of them to end.
 */
describe('a webhook flood from one workspace', () => {
  const t = useTestApp('embedded', {
    trustProxy: ['10.0.0.0/8'],
    webhookRateLimit: { perAddress: 30, perFlow: 60 },
  });

  it("keeps another workspace's webhook within 5× its unloaded latency", async () => {
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
    const latenciesOfB = async (times: number) => {
      const took: number[] = [];
      for (let i = 0; i < times; i++) {
        const started = performance.now();
        const res = await call(flowB, 'b', '198.51.100.7');
        took.push(performance.now() - started);
        expect(res.statusCode, res.body).toBe(200);
      }
      return took;
    };

    await latenciesOfB(3);
    const { ratio, pairs } = await bestLatencyRatio(async () => {
      const unloaded = median(await latenciesOfB(9));
      let stop = false;
      let sent = 0;
      const floodWorker = async () => {
        while (!stop) {
          await call(flowA, 'a', '203.0.113.66');
          sent++;
        }
      };
      const flooding = Array.from({ length: 12 }, floodWorker);
      await until(() => sent >= 200, 'o flood de A em andamento');
      const loaded = median(await latenciesOfB(9));
      stop = true;
      await Promise.all(flooding);
      return { unloaded, loaded };
    }, 5);

    expect(ratio, `B durante o flood de A: ${pairs}`).toBeLessThan(5);
  }, 60_000);
});
