import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { serviceAccountOauthStates } from '../../../db/schema';

/** A state lives 10 minutes: long enough for a consent page, short enough to be worthless. */
export const stateTtlMs = 10 * 60 * 1000;

/** The account id before the first underscore (spec 2 §7), or null when there is none. */
export function accountIdOfState(state: string): string | null {
  const at = state.indexOf('_');
  return at > 0 ? state.slice(0, at) : null;
}

export interface OAuthStates {
  /** A new state `{accountId}_{random}`, bound to the workspace, the account and the user. */
  create(binding: {
    workspaceId: string;
    accountId: string;
    userId: string | null;
  }): Promise<string>;
  /**
   * Uses a state: true when it was issued for this workspace and account and had not expired,
   * and it is gone afterwards (a replay finds nothing). A foreign attempt leaves it in place.
   */
  consume(binding: { workspaceId: string; accountId: string; state: string }): Promise<boolean>;
  /** Removes the expired ones; answers how many. */
  purgeExpired(): Promise<number>;
}

/** One-use OAuth2 states in `service_account_oauth_states` (docs/adr/0026). */
export function createOAuthStates(db: Database, now: () => Date): OAuthStates {
  return {
    async create({ workspaceId, accountId, userId }) {
      const state = `${accountId}_${randomBytes(32).toString('base64url')}`;
      await db.insert(serviceAccountOauthStates).values({
        state,
        workspaceId,
        serviceAccountId: accountId,
        userId,
        expiresAt: new Date(now().getTime() + stateTtlMs),
        createdAt: now(),
      });
      return state;
    },
    async consume({ workspaceId, accountId, state }) {
      // One statement: two requests with the same state cannot both delete the row.
      const used = await db
        .delete(serviceAccountOauthStates)
        .where(
          and(
            eq(serviceAccountOauthStates.state, state),
            eq(serviceAccountOauthStates.workspaceId, workspaceId),
            eq(serviceAccountOauthStates.serviceAccountId, accountId),
            gt(serviceAccountOauthStates.expiresAt, now()),
          ),
        )
        .returning({ state: serviceAccountOauthStates.state });
      return used.length === 1;
    },
    async purgeExpired() {
      const removed = await db
        .delete(serviceAccountOauthStates)
        .where(lte(serviceAccountOauthStates.expiresAt, now()))
        .returning({ state: serviceAccountOauthStates.state });
      return removed.length;
    },
  };
}
