import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { chain, createFlow, executionsOf, finished, type Step } from '../../test/flow-fixtures';

/** Two million steps of `$map` in lists small enough for the size limits: only time stops it. */
const twoMillionSteps =
  '{{ $count($map([1..2000], function($a) { $sum($map([1..1000], function($b) { $a * $b })) })) }}';

describeEachDriver('expression budgets through the server', (driver) => {
  const t = useTestApp(driver, { webhookTimeoutMs: 60_000 });
  let base = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const webhookFlow = (path: string, ...steps: Step[]) =>
    chain(
      { type: 'core_webhook_trigger', params: { method: 'POST', path, response: 'last_node' } },
      ...steps,
    );
  const setValue = (value: string): Step => ({
    type: 'core_set',
    params: { values: [{ path: 'payload.resultado', value }] },
  });
  const post = (flowId: string, path: string, body: unknown) =>
    fetch(`${base}/engine/webhook/${flowId}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const served = async (call: () => Promise<Response>) => {
    const res = await call();
    await res.arrayBuffer();
    expect(res.status).toBe(200);
  };

  it("fails a long expression with its budget error while another flow's requests are served", async () => {
    const account = await t.createAccount();
    const heavy = await createFlow(t, account, webhookFlow('pesado', setValue(twoMillionSteps)));
    const light = await createFlow(t, account, webhookFlow('leve', setValue('{{ 1 + 1 }}')));
    const callLight = () => post(light, 'leve', {});
    await served(callLight); // warm-up: first compilation, first queries

    let heavyDone = false;
    const heavyCall = post(heavy, 'pesado', {}).then(async (res) => {
      heavyDone = true;
      return res;
    });
    // Wait until the heavy execution is running, then call the light flow while it still runs.
    while ((await executionsOf(t, heavy)).length === 0) await served(callLight);
    let whileHeavy = 0;
    while (!heavyDone && whileHeavy < 5) {
      await served(callLight);
      if (!heavyDone) whileHeavy++;
    }
    // Without turns for the event loop no light call could end while the expression runs.
    expect(whileHeavy, 'light calls answered while the heavy expression ran').toBeGreaterThan(0);
    await heavyCall;

    const [execution] = await finished(t, heavy);
    expect(execution?.status).toBe('error');
    expect(execution?.error?.message).toBe(
      'A expressão do parâmetro "values[1].value" excedeu o tempo limite de 1 s.',
    );
  }, 60_000);

  it('matches a catastrophic regex from a webhook body in linear time, with the right answer', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      webhookFlow(
        'texto',
        setValue(
          '{{ [$contains(msg.payload.texto, /(a+)+$/), $match(msg.payload.texto, /a+!/).index] }}',
        ),
      ),
    );
    const res = await post(flowId, 'texto', { texto: `${'a'.repeat(40)}!` });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { resultado: unknown }).resultado).toEqual([false, 0]);
  });
});
