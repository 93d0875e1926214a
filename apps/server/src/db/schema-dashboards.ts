import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Widget } from '@ponte/shared/dashboards.schema';
import { groups, workspaces } from './schema-workspaces';
import { timestamps } from './schema-columns';

/**
 * Dashboards (spec 2 §3 Dashboard, docs/adr/0046): the grid's widgets with their places and
 * configs, stored without their `content` (emptied on save).
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    groupId: text('group_id').references(() => groups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    widgets: jsonb('widgets').$type<Widget[]>().notNull().default([]),
    /** The number of its current version (`resource_versions`, docs/adr/0103). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('dashboards_workspace_updated_idx').on(t.workspaceId, t.updatedAt),
    index('dashboards_workspace_group_idx').on(t.workspaceId, t.groupId),
  ],
);
