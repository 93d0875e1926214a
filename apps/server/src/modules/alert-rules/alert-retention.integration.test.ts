import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AlertFiringState } from '@ponte/shared/alert-rules.schema';
import { alertFirings, alertIncidents, alertRules } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { createLogRetention } from '../logs/log-retention';
import { deleteAlertHistoryOlderThan } from './alert-retention';

const dayMs = 24 * 60 * 60 * 1000;

describeEachDriver('alert history retention', (driver) => {
  const t = useTestApp(driver, { alerts: { dispatchIntervalMs: 3_600_000 } });

  it('removes sent and failed firings and resolved incidents past the retention, and nothing pending', async () => {
    const account = await t.createAccount();
    const db = t.database.db;
    const ruleId = randomUUID();
    await db.insert(alertRules).values({
      id: ruleId,
      workspaceId: account.workspaceId,
      name: 'Regra',
      type: 'no_success',
      enabled: false,
      action: 'webhook',
      actionWebhookMethod: 'post',
      actionWebhookUrl: 'http://127.0.0.1:9/x',
      matchLogType: 'message',
      flowId: 'flow-1',
      noSuccessMinutes: 60,
    });
    const now = t.clock.now().getTime();
    const ago = (days: number) => new Date(now - days * dayMs);
    const firing = async (name: string, state: AlertFiringState, days: number) => {
      await db.insert(alertFirings).values({
        id: name,
        workspaceId: account.workspaceId,
        ruleId,
        kind: 'match',
        state,
        openedAt: ago(days),
        closesAt: ago(days),
      });
    };
    await firing('sent-old', 'sent', 40);
    await firing('failed-old', 'failed', 31);
    await firing('sent-recent', 'sent', 10);
    await firing('due-old', 'due', 40);
    await firing('open-old', 'open', 40);
    await db.insert(alertIncidents).values([
      {
        id: 'resolved-old',
        workspaceId: account.workspaceId,
        ruleId,
        state: 'resolved',
        startedAt: ago(50),
        resolvedAt: ago(45),
      },
      {
        id: 'firing-old',
        workspaceId: account.workspaceId,
        ruleId,
        state: 'firing',
        startedAt: ago(50),
      },
    ]);
    const retention = createLogRetention({
      db,
      days: 30,
      now: () => t.clock.now(),
      onError: (error) => {
        throw error;
      },
      deleteOlderThan: (cutoff) => deleteAlertHistoryOlderThan(db, cutoff),
    });

    expect(await retention.runOnce()).toBe(3);
    const firings = await db
      .select({ id: alertFirings.id })
      .from(alertFirings)
      .where(eq(alertFirings.ruleId, ruleId));
    expect(firings.map((row) => row.id).sort()).toEqual(['due-old', 'open-old', 'sent-recent']);
    const incidents = await db.select({ id: alertIncidents.id }).from(alertIncidents);
    expect(incidents.map((row) => row.id)).toEqual(['firing-old']);
    expect(await retention.runOnce()).toBe(0);
  });
});
