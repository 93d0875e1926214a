import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './schema-columns';
import { users, workspaces } from './schema-workspaces';

/**
 * The workspace's own holidays (docs/adr/0121). `date` is the calendar day as `YYYY-MM-DD`
 * (text: its month and day, `right(date, 5)`, index a recurring one). One holiday per day: a
 * one-off one is unique on its date, a recurring one ('Todo ano') on its month and day.
 */
export const workspaceHolidays = pgTable(
  'workspace_holidays',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    name: text('name').notNull(),
    recurring: boolean('recurring').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('workspace_holidays_date_shape', sql`${t.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    uniqueIndex('workspace_holidays_date_unique')
      .on(t.workspaceId, t.date)
      .where(sql`not ${t.recurring}`),
    uniqueIndex('workspace_holidays_month_day_unique')
      .on(t.workspaceId, sql`right(${t.date}, 5)`)
      .where(sql`${t.recurring}`),
    index('workspace_holidays_workspace_idx').on(t.workspaceId),
  ],
);
