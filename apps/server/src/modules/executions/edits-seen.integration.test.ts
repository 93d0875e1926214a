import { expect, it } from 'vitest';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
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
    const loggedBy = async (executionId: string) => {
      const filters = encodeURIComponent(
        JSON.stringify({ execution_id: executionId, type: 'user' }),
      );
      const res = await api.get(`/api/v1/monitoring/logs?filters=${filters}`);
      return (res.json() as { items: { data: { message: string } }[] }).items.map(
        (item) => item.data.message,
      );
    };

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

    const expectLog = async (executionId: string, message: string) => {
      for (let turn = 0; turn < 200; turn++) {
        const lines = await loggedBy(executionId);
        if (lines.length) return expect(lines).toEqual([message]);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`sem log da execução ${executionId}`);
    };
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
    for (let turn = 0; turn < 200; turn++) {
      const filters = encodeURIComponent(
        JSON.stringify({ execution_id: second.execution_id, type: 'user' }),
      );
      const res = await api.get(`/api/v1/monitoring/logs?filters=${filters}`);
      const lines = (res.json() as { items: { data: { message: string } }[] }).items;
      if (lines.length)
        return expect(lines.map((line) => line.data.message)).toEqual(['segunda versão']);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('sem log da segunda execução');
  });
});
