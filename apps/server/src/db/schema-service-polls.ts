import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { flows } from './schema-flows';
import { workspaces } from './schema-workspaces';

/**
 * Where each polling trigger of a service connector stopped (docs/adr/0091): one row per flow
 * and node. `tick_at` is the last poll claimed (a process claims a tick by moving it forward:
 * with several processes each poll runs once); `cursor` is written only after the executions of
 * the new items were enqueued (a crash polls again, never skips); `fingerprint` is the node's
 * type, version and params when the cursor was taken: a node saved with other ones starts over.
 */
export const servicePollCursors = pgTable(
  'service_poll_cursors',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Deleted with its flow. */
    flowId: text('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    nodeUid: text('node_uid').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Null until the first poll of the node's current fingerprint recorded where it is. */
    cursor: jsonb('cursor'),
    tickAt: timestamp('tick_at', { withTimezone: true, precision: 3 }).notNull(),
    polledAt: timestamp('polled_at', { withTimezone: true, precision: 3 }),
    /** The last poll's failure in pt-BR, null after a poll that worked. */
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.nodeUid] })],
);
