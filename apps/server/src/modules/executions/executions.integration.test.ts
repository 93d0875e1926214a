import { expect, it } from 'vitest';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

describeEachDriver('completed executions', (driver) => {
  const t = useTestApp(driver);

  it('name their flow, lose the name once the flow is removed, and stay in their workspace', async () => {
    const account = await t.createAccount();
    const other = await t.createAccount({ workspaceName: 'Outro' });
    const api = t.request(account.token);
    const flowId = await createFlow(t, account, chain({ type: 'core_manual_trigger' }));
    const run = (await api.post(`/engine/flow/manual-trigger/${flowId}`, {})).json();
    await finished(t, flowId, 1);

    const completed = async (token: string) =>
      (await t.request(token).get('/api/v1/monitoring/executions/completed')).json() as {
        items: { data: { execution_id: string; flow_name: string | null; status: string } }[];
        total: number;
      };
    expect((await completed(account.token)).items.map((item) => item.data)).toEqual([
      expect.objectContaining({
        execution_id: run.execution_id,
        flow_name: 'Flow de teste',
        status: 'success',
      }),
    ]);
    expect(await completed(other.token)).toEqual({ items: [], total: 0 });

    expect((await api.delete(`/api/v1/flows/${flowId}`)).statusCode).toBe(204);
    expect((await completed(account.token)).items.map((item) => item.data.flow_name)).toEqual([
      null,
    ]);
  });
});
