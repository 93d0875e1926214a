import type { ServiceAccount, ServiceAccountStatus } from '@ponte/shared/service-accounts.schema';

/** An account with its secrets decrypted (never leaves the server). */
export interface DecryptedAccount {
  _id: string;
  name: string;
  type: string;
  data: Record<string, unknown>;
  updatedAt?: Date | string;
}

/**
 * What the OAuth2 module needs of the service-accounts store: the service of
 * `modules/service-accounts` provides it (app wiring maps one onto the other).
 */
export interface OAuthAccountStore {
  getDecrypted(workspaceId: string, id: string): Promise<DecryptedAccount | null>;
  /** Writes fields of the type's sub-object; null deletes one; secrets are encrypted again. */
  patchData(workspaceId: string, id: string, patch: Record<string, unknown>): Promise<unknown>;
  setHealth(
    workspaceId: string,
    id: string,
    health: { status: ServiceAccountStatus; message: string | null },
  ): Promise<unknown>;
  /** The account as the API answers it (no secret in clear). */
  present(workspaceId: string, id: string): Promise<ServiceAccount>;
}
