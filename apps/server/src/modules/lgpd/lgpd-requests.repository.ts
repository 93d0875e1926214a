import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { TitularKind } from '@ponte/shared/lgpd/personal-data-mask';
import type { Database } from '../../db/client';
import { lgpdRequests, users } from '../../db/schema';
import type { LgpdRequestPlaceRow } from '../../db/schema-lgpd-requests';
import { pageOffset } from '../../lib/list-query';

export interface LgpdRequestInput {
  kind: 'search' | 'erasure';
  /** Null when the person is gone (an API token whose creator was removed). */
  userId: string | null;
  /** Who asked as the history shows it; by default the person's name now. */
  userName?: string;
  titularKind: TitularKind;
  titularMasked: string;
  places: LgpdRequestPlaceRow[];
}

export type LgpdRequestRow = typeof lgpdRequests.$inferSelect;

/** The `lgpd_requests` rows of one workspace (docs/adr/0124). */
export function createLgpdRequestsRepository(db: Database) {
  return {
    /** Keeps a request with the name given, else the one its user has now. */
    async create(workspaceId: string, input: LgpdRequestInput, at: Date): Promise<LgpdRequestRow> {
      let userName = input.userName;
      if (userName === undefined && input.userId) {
        const [user] = await db
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, input.userId));
        userName = user?.name;
      }
      const [row] = await db
        .insert(lgpdRequests)
        .values({
          id: randomUUID(),
          workspaceId,
          ...input,
          userName: userName ?? '',
          createdAt: at,
        })
        .returning();
      return row!;
    },

    async find(workspaceId: string, id: string): Promise<LgpdRequestRow | null> {
      const [row] = await db
        .select()
        .from(lgpdRequests)
        .where(and(eq(lgpdRequests.workspaceId, workspaceId), eq(lgpdRequests.id, id)));
      return row ?? null;
    },

    /** Newest first. */
    async list(workspaceId: string, { page, limit }: { page: number; limit: number }) {
      const where = eq(lgpdRequests.workspaceId, workspaceId);
      const [counted] = await db.select({ total: count() }).from(lgpdRequests).where(where);
      const total = counted?.total ?? 0;
      const items = await db
        .select()
        .from(lgpdRequests)
        .where(where)
        .orderBy(desc(lgpdRequests.createdAt), desc(lgpdRequests.id))
        .limit(limit)
        .offset(pageOffset(page, limit, total));
      return { items, total };
    },
  };
}
