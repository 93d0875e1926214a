import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditCategory, AuditChange } from '@ponte/shared/audit.schema';

/**
 * The audit log (docs/adr/0107): every change made through the API (who — a person or a key —,
 * from which address, what, with a before/after summary of an update) and, folded in, the
 * security log's events (docs/adr/0021: denials, failed sign-ins, limits, sandbox kills).
 * `workspace_id` is null when no workspace is known (a sign-in with an unknown e-mail). Nothing
 * here holds a secret: a change is summarised from what the API answers, which never holds one.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: text('workspace_id'),
    category: text('category').$type<AuditCategory>().notNull(),
    /** A change's action (`create`, `update`…) or a security event's kind. */
    action: text('action').notNull(),
    userId: text('user_id'),
    /** The API key that made the change, when one did (its creator is `user_id`). */
    apiKeyId: text('api_key_id'),
    /** Who it was when it happened: the person's name, or the key's. */
    actorName: text('actor_name').notNull().default(''),
    ip: text('ip'),
    /** The area (`flows`, `records`…) and the row, for a change. */
    resourceKind: text('resource_kind').notNull().default(''),
    resourceId: text('resource_id').notNull().default(''),
    resourceName: text('resource_name').notNull().default(''),
    /** What was asked for or stopped, for a security event: `flow:abc`, `socket`… */
    resource: text('resource').notNull().default(''),
    detail: text('detail').notNull().default(''),
    changes: jsonb('changes').$type<AuditChange[]>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('audit_events_workspace_time_idx').on(t.workspaceId, t.createdAt),
    index('audit_events_workspace_category_time_idx').on(
      t.workspaceId,
      t.category,
      t.action,
      t.createdAt,
    ),
    index('audit_events_time_idx').on(t.createdAt),
  ],
);
