import { asc, desc, eq, sql } from 'drizzle-orm';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import type { Database } from '../db/client';
import { workspaceHolidays } from '../db/schema';

/**
 * The order holidays are listed in (docs/adr/0121): the recurring ones first, by month and day,
 * then the one-off ones by date.
 */
export const holidayOrder = [
  desc(workspaceHolidays.recurring),
  asc(
    sql`case when ${workspaceHolidays.recurring} then right(${workspaceHolidays.date}, 5) else ${workspaceHolidays.date} end`,
  ),
  asc(workspaceHolidays.id),
];

/**
 * Every holiday the workspace added itself, as the calendar functions take them: what
 * executions (the engine's holidays port), the expression preview and the schedules read.
 */
export function createWorkspaceHolidaysReader(db: Database) {
  return async (workspaceId: string): Promise<WorkspaceHoliday[]> =>
    db
      .select({
        date: workspaceHolidays.date,
        name: workspaceHolidays.name,
        recurring: workspaceHolidays.recurring,
      })
      .from(workspaceHolidays)
      .where(eq(workspaceHolidays.workspaceId, workspaceId))
      .orderBy(...holidayOrder);
}

export type WorkspaceHolidaysReader = ReturnType<typeof createWorkspaceHolidaysReader>;
