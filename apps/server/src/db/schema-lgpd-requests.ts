import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TitularKind } from '@ponte/shared/lgpd/personal-data-mask';
import type { TitularHit, TitularPlace } from '@ponte/shared/lgpd/titular.schema';
import { users, workspaces } from './schema-workspaces';

/** What a request found (and, for an erasure, did) in one place, as kept. */
export interface LgpdRequestPlaceRow {
  place: TitularPlace;
  found: number;
  masked: number;
  /** Erasure: deleted, removed, rewritten or anonymised. */
  done?: number;
  /** Erasure: items met but not removed. */
  failed?: number;
  /** Erasure: what the search run after it found. */
  after?: number;
  /** Erasure: of `after`, the masked traces, kept on purpose (they may be another person's). */
  kept?: number;
  /** Erasure: the search before it had stopped short of the place's end. */
  stopped_early?: boolean;
  /** Erasure: the place's erasure, or the search after it, stopped on an error (pt-BR). */
  error?: string;
  truncated?: boolean;
  skipped?: number;
  walk_stopped?: boolean;
  /** The first hits, their texts masked (a path or a name may hold the value). */
  items: TitularHit[];
}

/**
 * A titular's requests answered in a workspace (docs/adr/0124): each search and each erasure,
 * who asked (the id and the name at the time) and what was found and done per place. The
 * titular's value is kept masked only; the reports are made from these rows.
 */
export const lgpdRequests = pgTable(
  'lgpd_requests',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'search' | 'erasure'>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    titularKind: text('titular_kind').$type<TitularKind>().notNull(),
    titularMasked: text('titular_masked').notNull(),
    places: jsonb('places').$type<LgpdRequestPlaceRow[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('lgpd_requests_workspace_time_idx').on(t.workspaceId, t.createdAt)],
);
