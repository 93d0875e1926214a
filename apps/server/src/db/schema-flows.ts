import type { FlowLgpd } from '@ponte/shared/lgpd/lgpd.schema';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { groups, workspaces } from './schema-workspaces';
import { timestamps } from './schema-columns';

export interface FlowConfig {
  rate_limit: number;
  /** Absent in flows saved before it existed: 'default' (docs/adr/0060). */
  save_executions?: 'default' | 'all' | 'errors' | 'none';
  /** Absent in flows saved before it existed: true (docs/adr/0076). */
  continue_unawaited?: boolean;
  /** 'Disponível como ferramenta MCP' (docs/adr/0098); absent: off. */
  mcp_tool?: { enabled: boolean; description: string };
  /** Masking and the register of processing (docs/lgpd.md); absent: the instance's masking. */
  lgpd?: FlowLgpd;
  /** Days its logs and execution data are kept; absent or null: the instance's. */
  retention_days?: number | null;
}

export const flows = pgTable(
  'flows',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** A removed group leaves its flows in "Sem grupo". */
    groupId: text('group_id').references(() => groups.id, { onDelete: 'set null' }),
    triggers: jsonb('triggers').$type<{ node_uid: string; node_type: string }[]>().notNull(),
    variables: jsonb('variables').$type<{ key: string; value: string }[]>().notNull(),
    data: jsonb('data').$type<unknown>().notNull(),
    thumbnailData: text('thumbnail_data'),
    description: text('description').notNull().default(''),
    config: jsonb('config').$type<FlowConfig>().notNull(),
    /** The number of its current version (`resource_versions`, docs/adr/0103). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('flows_workspace_updated_idx').on(t.workspaceId, t.updatedAt),
    index('flows_workspace_group_idx').on(t.workspaceId, t.groupId),
  ],
);
