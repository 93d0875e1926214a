import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  ApprovalField,
  ApprovalLinkStatus,
  ApprovalMode,
  ApprovalRequestStatus,
} from '@ponte/shared/approval-requests.schema';
import { workspaces } from './schema-workspaces';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * What an 'Aguardar aprovação' asked (docs/adr/0115): the page as the node resolved it, how it
 * is decided, and what the execution resumes with (the node's input and the flow data),
 * emptied once it resumed or expired. `pending` → `approved`, `rejected` or `expired`, once.
 */
export const approvalWaits = pgTable(
  'approval_waits',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    flowId: text('flow_id').notNull(),
    executionId: text('execution_id').notNull(),
    nodeUid: text('node_uid').notNull(),
    mode: text('mode').$type<ApprovalMode>().notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    data: jsonb('data'),
    fields: jsonb('fields').$type<ApprovalField[]>().notNull(),
    comment: boolean('comment').notNull(),
    status: text('status').$type<ApprovalRequestStatus>().notNull(),
    input: jsonb('input'),
    flowData: jsonb('flow_data'),
    expiresAt: at('expires_at').notNull(),
    requestedAt: at('requested_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (t) => [index('approval_waits_execution_idx').on(t.workspaceId, t.executionId)],
);

/**
 * One approver's single-use link: its id is the first part of the token, whose second part
 * signs the id and the expiry (nothing secret is stored). `pending` → `approved` or `rejected`
 * by its person, or `void` when the request was decided or expired without them.
 */
export const approvalWaitLinks = pgTable(
  'approval_wait_links',
  {
    id: text('id').primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => approvalWaits.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    approver: text('approver').notNull(),
    status: text('status').$type<ApprovalLinkStatus>().notNull(),
    comment: text('comment'),
    fields: jsonb('fields').$type<Record<string, unknown>>(),
    decidedAt: at('decided_at'),
  },
  (t) => [index('approval_wait_links_request_idx').on(t.requestId)],
);
