import { messages } from '@ponte/shared/messages';
import type {
  ServiceAccountHealth,
  ServiceAccountStatus,
} from '@ponte/shared/service-accounts.schema';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { applyPatch, type Fields } from './account-data';
import { createAccountCodec } from './account-codec';
import type { DecryptedAccount } from './connection-testers';
import { createServiceAccountsRepository } from './service-accounts.repository';

/** The health message kept at most (a provider may say a lot). */
const longestHealthMessage = 500;

/** 404 of an account the workspace does not hold (the security log notes its kind and id). */
export const accountNotFound = (id: string) =>
  notFound(messages.serviceAccounts.notFound, { kind: 'service_account', id });

export interface ServiceAccountStoreDeps {
  db: Database;
  box: SecretBox;
  now: () => Date;
}

/**
 * The accounts as the server itself reads and writes them, secrets in clear (never sent to a
 * client): the one place both the service-accounts service and the OAuth2 module go through,
 * built from the database, the secret box and the clock only, so it depends on neither.
 */
export function createServiceAccountStore({ db, box, now }: ServiceAccountStoreDeps) {
  const repository = createServiceAccountsRepository(db);
  const codec = createAccountCodec(box);

  return {
    /** The account with its secrets in clear (public fields and secrets in `data`). */
    async getDecrypted(workspaceId: string, id: string): Promise<DecryptedAccount | undefined> {
      const row = await repository.find(workspaceId, id);
      return row ? codec.decrypted(row) : undefined;
    },

    /**
     * Merges fields into the account (secret fields re-encrypted, null deletes), leaving the
     * others as they are, under a row lock; bumps updated_at.
     */
    async patchData(
      workspaceId: string,
      id: string,
      patch: Fields,
    ): Promise<DecryptedAccount | undefined> {
      const row = await db.transaction(async (tx) => {
        const locked = createServiceAccountsRepository(tx);
        const stored = await locked.findForUpdate(workspaceId, id);
        if (!stored) return null;
        const merged = applyPatch(codec.typeOf(stored), codec.splitOf(stored), patch);
        return locked.update(workspaceId, id, { ...codec.sealed(merged), updatedAt: now() });
      });
      return row ? codec.decrypted(row) : undefined;
    },

    /** Stores a test's or a refresh's outcome (message cut at 500); `checked_at` is now. */
    async setHealth(
      workspaceId: string,
      id: string,
      health: { status: ServiceAccountStatus; message: string | null },
    ): Promise<ServiceAccountHealth> {
      const row = await repository.update(workspaceId, id, {
        healthStatus: health.status,
        healthMessage: health.message?.slice(0, longestHealthMessage) ?? null,
        checkedAt: now(),
      });
      if (!row) throw accountNotFound(id);
      return codec.healthOf(row);
    },
  };
}

export type ServiceAccountStore = ReturnType<typeof createServiceAccountStore>;
