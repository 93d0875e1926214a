import type { HttpPort } from '@ponte/engine/ports';
import { messages } from '@ponte/shared/messages';
import type { ServiceAccountType } from '@ponte/shared/service-accounts.schema';
import { testGpgAccount } from '@ponte/engine/nodes/actions/pgp/pgp-keys';
import {
  createJwtTokenSource,
  testJwtAccount,
} from '../../adapters/service-account-tokens/jwt-token';

const m = messages.serviceAccounts;

/** An account with its secrets decrypted, as the service gives it to other modules. */
export interface DecryptedAccount {
  _id: string;
  workspaceId: string;
  name: string;
  type: ServiceAccountType;
  /** Public fields and decrypted secrets together. */
  data: Record<string, unknown>;
  updatedAt: Date;
}

export interface ConnectionTestContext {
  /** The app's guarded HTTP client (docs/adr/0013). */
  http: HttpPort;
  signal: AbortSignal;
}

/**
 * Really tries an account: resolves with a pt-BR success text, throws an Error whose message
 * (pt-BR, no secret) says why it failed.
 */
export type ConnectionTester = (
  account: DecryptedAccount,
  context: ConnectionTestContext,
) => Promise<string>;

const testTimeoutMs = 15_000;

/** HTTP GET of the account's url with the credential: ok below 400, except 401 and 403. */
function httpGetTester(headersOf: (data: Record<string, unknown>) => Record<string, string>) {
  const tester: ConnectionTester = async (account, { http, signal }) => {
    const url = account.data.url;
    if (typeof url !== 'string' || url === '') throw new Error(m.testUrlRequired);
    const response = await http.request({
      method: 'GET',
      url,
      headers: headersOf(account.data),
      timeoutMs: testTimeoutMs,
      signal,
    });
    if (response.status === 401 || response.status === 403)
      throw new Error(m.testRefused(response.status));
    if (response.status >= 400) throw new Error(m.testFailedStatus(response.status));
    return m.testOk(response.status);
  };
  return tester;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const bearerToken = httpGetTester((data) => ({ authorization: `Bearer ${text(data.token)}` }));

const httpBasic = httpGetTester((data) => ({
  authorization: `Basic ${Buffer.from(`${text(data.username)}:${text(data.password)}`).toString('base64')}`,
}));

/**
 * The testers by type. Each other type adds its own line from its own file; a type without
 * one answers 400 `messages.serviceAccounts.testUnavailable`.
 */
export const connectionTesters: Partial<Record<ServiceAccountType, ConnectionTester>> = {
  bearer_token: bearerToken,
  http_basic: httpBasic,
  ponte_token: async () => m.testTokenActive,
  // A fresh login at auth_url (docs/adr/0028); the flows' cached token is left alone.
  jwt: (account, { http, signal }) => testJwtAccount(createJwtTokenSource(http), account, signal),
  gpg_auth: (account) => testGpgAccount(account.data),
};
