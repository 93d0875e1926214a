import type { ServiceAccountStatus } from '@ponte/shared/service-accounts.schema';

/** An account with its secrets decrypted (never leaves the server). */
export interface DecryptedAccount {
  _id: string;
  name: string;
  type: string;
  data: Record<string, unknown>;
  updatedAt?: Date | string;
}

/**
 * What the OAuth2 module needs of the service accounts: the service-accounts store
 * (`../service-account-store.ts`) provides it, the same one the service-accounts service uses.
 */
export interface OAuthAccountStore {
  getDecrypted(workspaceId: string, id: string): Promise<DecryptedAccount | undefined>;
  /** Writes fields of the type's sub-object; null deletes one; secrets are encrypted again. */
  patchData(workspaceId: string, id: string, patch: Record<string, unknown>): Promise<unknown>;
  setHealth(
    workspaceId: string,
    id: string,
    health: { status: ServiceAccountStatus; message: string | null },
  ): Promise<unknown>;
}
