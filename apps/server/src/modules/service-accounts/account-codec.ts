import type {
  ServiceAccount,
  ServiceAccountHealth,
  ServiceAccountStatus,
  ServiceAccountType,
} from '@ponte/shared/service-accounts.schema';
import { toIso } from '../../lib/list-query';
import type { SecretBox } from '../../lib/secret-box';
import { secretsSet, urlOf, type Fields, type SplitData } from './account-data';
import type { DecryptedAccount } from './connection-testers';
import type { ServiceAccountRow } from './service-accounts.repository';

/** Rows to answers and back: the one place that opens and seals the secrets blob. */
export function createAccountCodec(box: SecretBox) {
  const typeOf = (row: ServiceAccountRow) => row.authType as ServiceAccountType;
  const secretsOf = (row: ServiceAccountRow): Fields =>
    row.secretData ? (JSON.parse(box.decrypt(row.secretData)) as Fields) : {};

  const healthOf = (row: ServiceAccountRow): ServiceAccountHealth => ({
    status: row.healthStatus as ServiceAccountStatus,
    message: row.healthMessage,
    checked_at: row.checkedAt ? toIso(row.checkedAt) : null,
  });

  return {
    typeOf,
    healthOf,
    splitOf: (row: ServiceAccountRow): SplitData => ({
      publicData: row.publicData,
      secrets: secretsOf(row),
    }),

    /** The columns a split writes: the secrets sealed in one blob under the current key. */
    sealed({ publicData, secrets }: SplitData) {
      const any = Object.keys(secrets).length > 0;
      return {
        publicData,
        url: urlOf(publicData),
        secretData: any ? box.encrypt(JSON.stringify(secrets)) : null,
        keyId: any ? box.keyId : null,
      };
    },

    /**
     * The answer: non-secret fields only; `testable` when the app has a tester for the type;
     * `token` only when a ponte_token is created.
     */
    toAccount(
      row: ServiceAccountRow,
      { flowsCount, testable, token }: { flowsCount: number; testable: boolean; token?: string },
    ): ServiceAccount {
      const type = typeOf(row);
      return {
        _id: row.id,
        name: row.name,
        auth_type: type,
        url: row.url,
        workspace: row.workspaceId,
        updated_at: toIso(row.updatedAt),
        secrets_set: secretsSet(type, secretsOf(row)),
        health: healthOf(row),
        flows_count: flowsCount,
        testable,
        [type]: { ...row.publicData },
        ...(token ? { token } : {}),
      };
    },

    decrypted: (row: ServiceAccountRow): DecryptedAccount => ({
      _id: row.id,
      workspaceId: row.workspaceId,
      name: row.name,
      type: typeOf(row),
      data: { ...row.publicData, ...secretsOf(row) },
      updatedAt: row.updatedAt,
    }),
  };
}

export type AccountCodec = ReturnType<typeof createAccountCodec>;
