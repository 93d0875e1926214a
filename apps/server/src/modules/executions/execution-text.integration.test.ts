import { expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { describeEachDriver } from '../../test/test-database';

describeEachDriver('executions with text the database cannot hold', (driver) => {
  // One execution at a time: the second run of a test waits in the queue (a stored job).
  const t = useTestApp(driver, { executionConcurrency: 1 });

  it('records the end of executions whose error holds NUL or a lone surrogate, and of the others finishing with them', async () => {
    const account = await t.createAccount();
    const failing = (text: string) =>
      createFlow(
        t,
        account,
        chain(
          { type: 'core_manual_trigger' },
          { type: 'core_code', params: { code: `throw new Error(${JSON.stringify(text)});` } },
        ),
      );
    const nul = await failing('falha \u0000 aqui');
    const surrogate = await failing('falha \uD800 aqui');
    const fine = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_code', params: { code: 'return msg;' } },
      ),
    );
    const api = t.request(account.token);
    for (const flowId of [nul, surrogate, fine]) {
      const run = await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
      expect(run.statusCode, run.body).toBe(200);
    }
    const [ofNul] = await finished(t, nul);
    expect(ofNul!.status).toBe('error');
    expect((ofNul!.error as { message: string }).message).toContain('falha \uFFFD aqui');
    const [ofSurrogate] = await finished(t, surrogate);
    expect((ofSurrogate!.error as { message: string }).message).toContain('falha \uFFFD aqui');
    const [ofFine] = await finished(t, fine);
    expect(ofFine!.status).toBe('success');
  });

  it('queues a run of a flow whose rate limit was saved beyond what the database stores', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const slow = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_delay', params: { amount: 300, unit: 'ms' } },
      ),
    );
    const saved = await api.post('/api/v1/flows', {
      name: 'Sem limite',
      enabled: true,
      config: { rate_limit: 3e9 },
      data: chain(
        { type: 'core_manual_trigger' },
        { type: 'core_code', params: { code: 'return msg;' } },
      ),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const big = (saved.json() as { _id: string })._id;
    expect((await api.post(`/engine/flow/manual-trigger/${slow}`, {})).statusCode).toBe(200);
    const queued = await api.post(`/engine/flow/manual-trigger/${big}`, {});
    expect(queued.statusCode, queued.body).toBe(200);
    const [run] = await finished(t, big);
    expect(run!.status).toBe('success');
  });
});
