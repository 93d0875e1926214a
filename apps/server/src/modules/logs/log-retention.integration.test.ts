import { expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLogRetention } from './log-retention';
import { createLogWriter } from './log-writer';
import { createLogsRepository } from './logs.repository';

const days = (n: number) => n * 24 * 60 * 60 * 1000;

describeEachDriver('log retention', (driver) => {
  const t = useTestApp(driver);

  async function seed(workspaceId: string, ages: number[]) {
    const writer = createLogWriter(t.database.db, { maxBatch: 1000 });
    for (const age of ages) {
      writer.write({
        workspaceId,
        flowId: 'flow-a',
        executionId: 'exec-1',
        type: 'user',
        label: '',
        message: `${age} dias`,
        createdAt: new Date(t.clock.now().getTime() - days(age)),
      });
    }
    await writer.close();
  }

  async function messagesOf(token: string) {
    const filters = encodeURIComponent(JSON.stringify({ date_alias: '1000d' }));
    const res = await t.request(token).get(`/api/v1/monitoring/logs?filters=${filters}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { data: { message: string } }[] }).items
      .map((item) => item.data.message)
      .sort();
  }

  it('removes the logs older than the retention in every workspace, and keeps the rest', async () => {
    const first = await t.createAccount();
    const second = await t.createAccount({ workspaceName: 'Outro' });
    await seed(first.workspaceId, [0, 29, 31, 45, 90]);
    await seed(second.workspaceId, [1, 30.5, 200]);
    const retention = createLogRetention({
      db: t.database.db,
      days: 30,
      now: () => t.clock.now(),
      onError: (error) => {
        throw error;
      },
    });

    expect(await retention.runOnce()).toBe(5);
    expect(await messagesOf(first.token)).toEqual(['0 dias', '29 dias']);
    expect(await messagesOf(second.token)).toEqual(['1 dias']);
    expect(await retention.runOnce()).toBe(0);
  });

  it('deletes in batches until nothing old is left', async () => {
    const account = await t.createAccount();
    await seed(account.workspaceId, [40, 41, 42, 43, 44, 45, 46, 2]);
    const repository = createLogsRepository(t.database.db);

    const removed = await repository.deleteOlderThan(
      new Date(t.clock.now().getTime() - days(30)),
      3,
    );
    expect(removed).toBe(7);
    expect(await messagesOf(account.token)).toEqual(['2 dias']);
  });
});
