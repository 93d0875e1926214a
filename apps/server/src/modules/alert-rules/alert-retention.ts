import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The alert rules' history kept as long as the logs (PONTE_LOG_RETENTION_DAYS): firings already
 * sent or failed, and resolved incidents, older than the cutoff are removed. A window still
 * capturing, waiting or being sent, and an incident still open, are never removed.
 */
export async function deleteAlertHistoryOlderThan(db: Database, cutoff: Date): Promise<number> {
  const at = cutoff.toISOString();
  const firings = await db.execute(sql`
    delete from alert_firings
    where state in ('sent', 'failed') and closes_at < ${at}::timestamptz
    returning id`);
  const incidents = await db.execute(sql`
    delete from alert_incidents
    where state = 'resolved' and resolved_at < ${at}::timestamptz
      and not exists (
        select 1 from alert_firings f
        where f.incident_id = alert_incidents.id and f.state not in ('sent', 'failed'))
    returning id`);
  const count = (result: unknown) => (result as { rows: unknown[] }).rows.length;
  return count(firings) + count(incidents);
}
