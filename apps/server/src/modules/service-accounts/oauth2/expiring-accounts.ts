import { and, inArray, ne, sql } from 'drizzle-orm';
import { oauth2Types } from '@ponte/shared/service-accounts.schema';
import type { Database } from '../../../db/client';
import { serviceAccounts } from '../../../db/schema';

/** Most accounts one background pass refreshes; the rest wait for the next minute. */
const passLimit = 500;

/**
 * OAuth2 accounts of every workspace whose `expires_at` (a public field) is before `before`,
 * soonest first, leaving out those already waiting for a new consent.
 */
export function createExpiringAccounts(db: Database) {
  return async (before: Date): Promise<{ workspaceId: string; id: string }[]> => {
    const expiresAt = sql`(${serviceAccounts.publicData}->>'expires_at')`;
    return db
      .select({ workspaceId: serviceAccounts.workspaceId, id: serviceAccounts.id })
      .from(serviceAccounts)
      .where(
        and(
          inArray(serviceAccounts.authType, [...oauth2Types]),
          ne(serviceAccounts.healthStatus, 'reauthorization_required'),
          sql`${expiresAt} is not null and ${expiresAt} <> '' and ${expiresAt}::timestamptz < ${before.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(sql`${expiresAt}::timestamptz`)
      .limit(passLimit);
  };
}
