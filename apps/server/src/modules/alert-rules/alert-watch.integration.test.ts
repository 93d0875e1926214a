import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { alertFirings, alertRules } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLogWriter, type LogEntry } from '../logs/log-writer';
import { createAlertWatch } from './alert-watch';

describeEachDriver('alert watch in the log writer', (driver) => {
  const t = useTestApp(driver);

  async function ruleIn(workspaceId: string, content: string, flowId: string | null = null) {
    const id = randomUUID();
    await t.database.db.insert(alertRules).values({
      id,
      workspaceId,
      name: 'Regra',
      type: 'match_log',
      action: 'webhook',
      actionWebhookMethod: 'post',
      actionWebhookUrl: 'http://127.0.0.1:9/x',
      matchLogType: 'message',
      matchLogContent: content,
      flowId,
      timewindowSeconds: 60,
    });
    return id;
  }

  const line = (workspaceId: string, message: string, at: Date): LogEntry => ({
    workspaceId,
    flowId: 'flow-1',
    executionId: 'exec-1',
    type: 'user',
    label: 'L',
    message,
    createdAt: at,
  });

  const firingsOf = (ruleId: string) =>
    t.database.db
      .select()
      .from(alertFirings)
      .where(eq(alertFirings.ruleId, ruleId))
      .orderBy(alertFirings.openedAt);

  it('counts a burst in one window, opens a new one after it closes, and sees only its workspace', async () => {
    const mine = await t.createAccount();
    const other = await t.createAccount();
    const ruleId = await ruleIn(mine.workspaceId, '/time(out)?/i');
    const otherRule = await ruleIn(other.workspaceId, 'nunca');
    const watch = createAlertWatch(t.database.db, {
      onError: (error) => {
        throw error;
      },
    });
    await watch.refresh();
    const writer = createLogWriter(t.database.db, { watch, maxBatch: 20 });
    const start = new Date('2026-11-24T12:00:00Z');
    for (let i = 0; i < 50; i += 1) {
      writer.write(line(mine.workspaceId, `pedido ${i}: TIMEOUT`, new Date(start.getTime() + i)));
      writer.write(line(mine.workspaceId, `pedido ${i}: ok`, new Date(start.getTime() + i)));
      writer.write(line(other.workspaceId, `pedido ${i}: timeout`, new Date(start.getTime() + i)));
    }
    await writer.flush();
    let firings = await firingsOf(ruleId);
    expect(firings).toHaveLength(1);
    expect(firings[0]).toMatchObject({ state: 'open', count: 50 });
    expect(firings[0]!.lines).toHaveLength(10);
    expect(firings[0]!.lines[0]!.message).toBe('pedido 0: TIMEOUT');
    expect(firings[0]!.closesAt.getTime() - firings[0]!.openedAt.getTime()).toBe(60_000);

    writer.write(line(mine.workspaceId, 'outro timeout', new Date(start.getTime() + 61_000)));
    await writer.close();
    firings = await firingsOf(ruleId);
    expect(firings.map((row) => [row.state, row.count])).toEqual([
      ['due', 50],
      ['open', 1],
    ]);
    expect(await firingsOf(otherRule)).toEqual([]);
  });
});
