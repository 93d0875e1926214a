import type { HttpPort } from '@ponte/engine/ports';
import { messages } from '@ponte/shared/messages';
import { oauth2Types } from '@ponte/shared/service-accounts.schema';
import type { OAuthProvidersConfig } from './oauth2.config';
import type { Database } from '../../../db/client';
import type { ConnectionTester } from '../connection-testers';
import type { ServiceAccountsService } from '../service-accounts.service';
import type { TokenSources } from '../token-sources';
import { createExpiringAccounts } from './expiring-accounts';
import type { OAuthAccountStore } from './oauth-account-store';
import { createOAuthStates } from './oauth-states';
import { createOAuth2Client } from './oauth2-client';
import { createOAuth2Service } from './oauth2.service';
import { createProviderLookups, type ProviderLookups } from './provider-lookups';
import { configuredHostsOf } from './providers';
import { createTokenRefresher } from './token-refresher';
import { createTokenSource } from './token-source';

export interface OAuth2ModuleDeps {
  db: Database;
  /** The app's guarded HTTP client (docs/adr/0013). */
  http: HttpPort;
  now: () => Date;
  providers: OAuthProvidersConfig;
  /** The service-accounts service, late: it takes this module's testers. */
  accounts: () => ServiceAccountsService;
  onError: (error: unknown, account?: { workspaceId: string; id: string }) => void;
}

/** Tokens and testers of the OAuth2 types, the authorisation service, lookups and refresher. */
export function createOAuth2Module(deps: OAuth2ModuleDeps) {
  const { db, http, now, providers } = deps;
  const store: OAuthAccountStore = {
    getDecrypted: async (workspaceId, id) =>
      (await deps.accounts().getDecrypted(workspaceId, id)) ?? null,
    patchData: (workspaceId, id, patch) => deps.accounts().patchData(workspaceId, id, patch),
    setHealth: (workspaceId, id, health) => deps.accounts().setHealth(workspaceId, id, health),
    present: (workspaceId, id) => deps.accounts().get(workspaceId, id),
  };
  const client = createOAuth2Client(http, now);
  const states = createOAuthStates(db, now);
  const late: { lookups?: ProviderLookups } = {};
  const tokens = createTokenSource({
    store,
    client,
    providers,
    now,
    probe: (workspaceId, account) => late.lookups!.probe(workspaceId, account),
  });
  const lookups = createProviderLookups({ http, store, tokens, providers });
  late.lookups = lookups;

  const tokenSources: TokenSources = {};
  const testers: Partial<Record<(typeof oauth2Types)[number], ConnectionTester>> = {};
  for (const type of oauth2Types) {
    tokenSources[type] = (account, { force, signal }) =>
      tokens.accessToken(account.workspaceId, account._id, { force, signal });
    testers[type] = async (account) => {
      await tokens.test(account.workspaceId, account._id);
      return messages.serviceAccountsOauth.testTokenOk;
    };
  }

  const refresher = createTokenRefresher({
    listExpiring: createExpiringAccounts(db),
    refresh: (workspaceId, id, marginMs) => tokens.refreshIfExpiring(workspaceId, id, marginMs),
    purgeStates: () => states.purgeExpired(),
    now,
    onError: deps.onError,
  });

  return {
    service: createOAuth2Service({ store, states, client, providers }),
    lookups,
    tokens,
    tokenSources,
    testers,
    refresher,
    providers,
    /** The PONTE_OAUTH_* hosts a provider account may sign requests to (docs/adr/0071). */
    configuredHosts: configuredHostsOf(providers),
  };
}

export type OAuth2Module = ReturnType<typeof createOAuth2Module>;
