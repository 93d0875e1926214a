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
  const timed = async (call: () => Promise<Response>) => {
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

  it("fails a long expression with its budget error while another flow's requests are served", async () => {
    const account = await t.createAccount();
    const heavy = await createFlow(t, account, webhookFlow('pesado', setValue(twoMillionSteps)));
    const light = await createFlow(t, account, webhookFlow('leve', setValue('{{ 1 + 1 }}')));
    const callLight = () => post(light, 'leve', {});

    await timed(callLight); // warm-up: first compilation, first queries
    const unloaded: number[] = [];
    for (let i = 0; i < 5; i++) unloaded.push(await timed(callLight));

    let heavyDone = false;
    const heavyCall = post(heavy, 'pesado', {}).then(async (res) => {
      heavyDone = true;
      return res;
    });
    const loaded: number[] = [];
    // Wait until the heavy execution is running, then measure while it still runs.
    while ((await executionsOf(t, heavy)).length === 0) await timed(callLight);
    while (!heavyDone && loaded.length < 5) loaded.push(await timed(callLight));
    expect(heavyDone, 'the light calls ended before the heavy expression').toBe(false);
    await heavyCall;

    // Measured: about 2 to 10 times. Without turns for the event loop a light call waits for
    // the whole expression: 1 s of budget (about 100 times), or all of it with no budget.
    expect(median(loaded) / median(unloaded)).toBeLessThan(40);
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
