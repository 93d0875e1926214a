import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { flows } from './schema-flows';
import { workspaces } from './schema-workspaces';

/**
 * The addresses of service triggers Ponte registered at their service (Telegram's `setWebhook`,
 * docs/adr/0091): one row per node of an enabled flow. `service_id` is the service's id of the
 * registration (what its removal names); `secret_blob` the secret generated for it, which the
 * service sends back on each delivery, encrypted as service-account secrets are (ADR 0025).
 */
export const serviceHookRegistrations = pgTable(
  'service_hook_registrations',
  {
    flowId: text('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    nodeUid: text('node_uid').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    serviceId: text('service_id').notNull(),
    /** The address registered (Trello signs each delivery with it appended to the body). */
    address: text('address'),
    secretBlob: text('secret_blob').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.nodeUid] })],
);

/**
 * The keys of the events a service trigger node started an execution for (Slack's `event_id`,
 * Telegram's `update_id`): a retried delivery of the same event starts no other. Keys older
 * than a day are deleted when the node claims another.
 */
export const serviceHookEvents = pgTable(
  'service_hook_events',
  {
    flowId: text('flow_id').notNull(),
    nodeUid: text('node_uid').notNull(),
    key: text('key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.flowId, t.nodeUid, t.key] }),
    index('service_hook_events_received_idx').on(t.flowId, t.nodeUid, t.receivedAt),
  ],
);
