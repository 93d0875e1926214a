import { expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { describeEachDriver } from '../../test/test-database';

describeEachDriver('executions with text the database cannot hold', (driver) => {
  const t = useTestApp(driver);

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
});
