import { and, eq, inArray, sql } from 'drizzle-orm';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { Database } from '../../db/client';
import { alertFirings, alertRules } from '../../db/schema';
import { createPeriodicTask } from '../../lib/periodic-task';
import type { FiringRow, RuleRow } from './alert-email';
import { DeliveryFailure, type AlertSender, type DeliveryResult } from './alert-delivery';

export interface AlertDispatcherOptions {
  db: Database;
  now: () => Date;
  /** One sender per action. */
  senders: Record<RuleRow['action'], AlertSender>;
  /** Default 2 s. */
  intervalMs?: number;
  onError: (error: unknown) => void;
}

/** The wait before try `attempts + 1`: 30 s, 1 min, 2 min, 4 min… */
export const retryDelayMs = (attempts: number) =>
  limits.alertRetryBaseMs * 2 ** Math.max(0, attempts - 1);

const iso = (date: Date) => date.toISOString();

/** Windows whose end has come wait to be sent. */
async function closeWindows(db: Database, at: Date) {
  await db.execute(sql`
    update alert_firings set state = 'due'
    where state = 'open' and closes_at <= ${iso(at)}::timestamptz`);
}

/** Takes up to a batch of firings for this process (`skip locked`: never one another took). */
async function claim(db: Database, at: Date): Promise<{ id: string; attempts: number }[]> {
  const result = await db.execute(sql`
    update alert_firings
    set state = 'sending', attempts = attempts + 1,
      claimed_until = ${iso(new Date(at.getTime() + limits.alertClaimMs))}::timestamptz
    where id in (
      select id from alert_firings
      where (state = 'due'
          and (next_attempt_at is null or next_attempt_at <= ${iso(at)}::timestamptz))
        or (state = 'sending' and claimed_until <= ${iso(at)}::timestamptz)
      order by closes_at
      limit ${limits.alertDispatchBatch}
      for update skip locked)
    returning id, attempts`);
  return (result as unknown as { rows: { id: string; attempts: number }[] }).rows.map((row) => ({
    id: row.id,
    attempts: Number(row.attempts),
  }));
}

/** Writes a try's outcome while this process still holds the claim. */
async function record(
  db: Database,
  firing: FiringRow,
  values: Partial<typeof alertFirings.$inferInsert>,
) {
  await db
    .update(alertFirings)
    .set({ claimedUntil: null, ...values })
    .where(
      and(
        eq(alertFirings.id, firing.id),
        eq(alertFirings.state, 'sending'),
        eq(alertFirings.attempts, firing.attempts),
      ),
    );
}

/**
 * Sends the alert rules' notifications (docs/adr/0052). Each pass: (1) windows whose
 * `closes_at` has come are closed (`open` → `due`); (2) due firings whose wait is over, and
 * `sending` ones whose claim expired (their process died), are claimed in one statement with
 * `for update skip locked`, so two processes never take the same row; (3) each is sent with its
 * rule's current action; (4) the result is recorded, only while the claim is still this
 * process's (same `attempts`): `sent`, back to `due` after a growing wait, or `failed`.
 */
export function createAlertDispatcher(options: AlertDispatcherOptions) {
  const { db, now } = options;
  const controller = new AbortController();

  async function failed(firing: FiringRow, error: unknown) {
    const failure =
      error instanceof DeliveryFailure
        ? error
        : new DeliveryFailure(error instanceof Error ? error.message : String(error));
    const last = failure.options.permanent || firing.attempts >= limits.alertDeliveryAttempts;
    await record(db, firing, {
      state: last ? 'failed' : 'due',
      nextAttemptAt: last ? null : new Date(now().getTime() + retryDelayMs(firing.attempts)),
      resultStatus: failure.options.status ?? null,
      resultMessage: failure.message,
    });
  }

  async function deliver(rule: RuleRow, firing: FiringRow) {
    if (!rule.enabled) {
      await record(db, firing, {
        state: 'failed',
        resultMessage: messages.alertRules.ruleDisabled,
      });
      return;
    }
    let result: DeliveryResult;
    try {
      result = await options.senders[rule.action](rule, firing, controller.signal);
    } catch (error) {
      await failed(firing, error);
      return;
    }
    await record(db, firing, {
      state: 'sent',
      sentAt: now(),
      nextAttemptAt: null,
      resultStatus: result.status,
      resultMessage: result.message,
    });
  }

  /** One pass; answers how many firings it tried. */
  async function pass(): Promise<number> {
    const at = now();
    await closeWindows(db, at);
    const claimed = await claim(db, at);
    if (!claimed.length) return 0;
    const rows = await db
      .select({ firing: alertFirings, rule: alertRules })
      .from(alertFirings)
      .innerJoin(
        alertRules,
        and(
          eq(alertRules.id, alertFirings.ruleId),
          eq(alertRules.workspaceId, alertFirings.workspaceId),
        ),
      )
      .where(
        inArray(
          alertFirings.id,
          claimed.map((row) => row.id),
        ),
      );
    await Promise.all(
      rows.map(({ firing, rule }) =>
        deliver(rule, firing).catch((error: unknown) => options.onError(error)),
      ),
    );
    return rows.length;
  }

  const task = createPeriodicTask(pass, {
    intervalMs: options.intervalMs ?? 2000,
    onError: options.onError,
  });

  return {
    /** One pass now (joined when one is under way). */
    runOnce: () => task.runOnce(),
    start: () => task.start(),
    /** Stops the timer, aborts the tries under way (they go back to `due`) and waits. */
    async stop() {
      controller.abort(new Error('O Ponte está encerrando.'));
      await task.stop();
    },
  };
}

export type AlertDispatcher = ReturnType<typeof createAlertDispatcher>;
