import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { CustomNodeExecutionType, CustomNodeParam } from '@ponte/shared/custom-nodes.schema';
import { groups, workspaces } from './schema-workspaces';
import { timestamps } from './schema-columns';

/**
 * Custom connectors (spec 2 §3 Custom connector, docs/adr/0041). `version` goes up when a save
 * changes the params or the handler (`revision` at every save, docs/adr/0104); each version's params and handler stay in
 * `custom_node_versions`, so that flows keep running the version they were saved with. A
 * removed connector keeps its row (`deleted_at`) so that the flows still holding it can name it.
 */
export const customNodes = pgTable(
  'custom_nodes',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    groupId: text('group_id').references(() => groups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    serviceName: text('service_name').notNull().default(''),
    description: text('description').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    imageData: text('image_data').notNull().default(''),
    executionType: text('execution_type')
      .$type<CustomNodeExecutionType>()
      .notNull()
      .default('custom_code'),
    code: text('code').notNull(),
    params: jsonb('params').$type<CustomNodeParam[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    /** The number of its current saved version (docs/adr/0104): goes up at every save; its ETag. */
    revision: integer('revision').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (t) => [
    index('custom_nodes_workspace_name_idx').on(t.workspaceId, t.name),
    index('custom_nodes_workspace_group_idx').on(t.workspaceId, t.groupId),
  ],
);

/** Every version of a connector: immutable once written. */
export const customNodeVersions = pgTable(
  'custom_node_versions',
  {
    customNodeId: text('custom_node_id')
      .notNull()
      .references(() => customNodes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    params: jsonb('params').$type<CustomNodeParam[]>().notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customNodeId, t.version] })],
);
