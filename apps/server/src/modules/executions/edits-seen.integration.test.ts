import { expect, it } from 'vitest';
import { chain, createFlow, finished, userLogsOf } from '../../test/flow-fixtures';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

describeEachDriver('edits seen by the next execution', (driver) => {
  const t = useTestApp(driver);

  it('gives the next execution a variable edited a moment before', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const created = await api.post('/api/v1/variables', {
      name: 'Região',
      key: 'REGIAO',
      value: 'sul',
    });
    expect(created.statusCode).toBe(201);
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'região', message: 'Região {{ vars.REGIAO }}' } },
      ),
    );
    const first = (await api.post(`/engine/flow/manual-trigger/${flowId}`, {})).json();
    await finished(t, flowId, 1);
    const edited = await api.put(`/api/v1/variables/${created.json()._id as string}`, {
      name: 'Região',
      key: 'REGIAO',
      value: 'nordeste',
    });
    expect(edited.statusCode).toBe(200);
    const second = (await api.post(`/engine/flow/manual-trigger/${flowId}`, {})).json();
    await finished(t, flowId, 2);

    const expectLog = async (executionId: string, message: string) =>
      expect((await userLogsOf(api, executionId)).map((line) => line.message)).toEqual([message]);
    await expectLog(first.execution_id as string, 'Região sul');
    await expectLog(second.execution_id as string, 'Região nordeste');
  });

  it('runs the flow as saved a moment before', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const flowOf = (message: string) =>
      chain(
        { type: 'core_manual_trigger' },
        { type: 'core_log', params: { label: 'versão', message } },
      );
    const flowId = await createFlow(t, account, flowOf('primeira versão'));
    await api.post(`/engine/flow/manual-trigger/${flowId}`, {});
    await finished(t, flowId, 1);
    const saved = await api.put(`/api/v1/flows/${flowId}`, {
      name: 'Flow de teste',
      enabled: true,
      data: flowOf('segunda versão'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = (await api.post(`/engine/flow/manual-trigger/${flowId}`, {})).json();
    await finished(t, flowId, 2);
    const lines = await userLogsOf(api, second.execution_id as string);
    expect(lines.map((line) => line.message)).toEqual(['segunda versão']);
  });
});
