import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The live processes of a Ponte on one database (docs/adr/0065): each renews its lease by
 * heartbeat; the running executions of a process whose lease ran out are marked crashed by
 * whichever process notices first.
 */
export const ponteProcesses = pgTable(
  'ponte_processes',
  {
    id: text('id').primaryKey(),
    /** PONTE_ROLE: all, api or worker. */
    role: text('role').notNull(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('ponte_processes_lease_idx').on(t.leaseUntil)],
);

/** Secrets every process of the instance shares, generated once (the JWT signing secret). */
export const instanceSecrets = pgTable('instance_secrets', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
