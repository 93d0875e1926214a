import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { VersionedKind } from '@ponte/shared/versions.schema';
import { workspaces } from './schema-workspaces';

/**
 * Every saved version of what people edit (docs/adr/0103): flows, forms, dashboards, table
 * structures, alert rules and queues. One row per save with the whole document the resource had
 * after it, in the shape its own API answers; never rewritten. The resource's row keeps the
 * number of its current version (`version`). Removing a resource removes its versions; the
 * workspace's retention prunes the old ones, never the current one. Executions name the
 * version they ran by number only: nothing here points at them, nor they here.
 */
export const resourceVersions = pgTable(
  'resource_versions',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<VersionedKind>().notNull(),
    resourceId: text('resource_id').notNull(),
    number: integer('number').notNull(),
    document: jsonb('document').notNull(),
    /** The user who saved it; null for the state kept before versions existed. */
    authorId: text('author_id'),
    /** The author's name when they saved it (shown if the user is removed). */
    authorName: text('author_name'),
    message: text('message').notNull().default(''),
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.resourceId, t.number] }),
    index('resource_versions_workspace_created_idx').on(t.workspaceId, t.createdAt),
  ],
);
