import type { HttpPort } from '@ponte/engine/ports';
import { messages } from '@ponte/shared/messages';
import { oauth2Types } from '@ponte/shared/service-accounts.schema';
import type { OAuthProvidersConfig } from './oauth2.config';
import type { Database } from '../../../db/client';
import type { SecretBox } from '../../../lib/secret-box';
import type { ConnectionTester } from '../connection-testers';
import type { TokenSources } from '../token-sources';
import { createExpiringAccounts } from './expiring-accounts';
import type { OAuthAccountStore } from './oauth-account-store';
import { createOAuthAppsService } from './oauth-apps.service';
import { createOAuthClients } from './oauth-clients';
import { createOAuthStates } from './oauth-states';
import { createOAuth2Client } from './oauth2-client';
import { createOAuth2Service } from './oauth2.service';
import { createProviderLookups, createProviderProbe } from './provider-lookups';
import { configuredHostsOf } from './providers';
import { createTokenRefresher } from './token-refresher';
import { createTokenSource } from './token-source';

export interface OAuth2ModuleDeps {
  db: Database;
  /** The accounts' secret box: it seals the workspaces' app secrets too (docs/adr/0093). */
  box: SecretBox;
  /** The app's guarded HTTP client (docs/adr/0013). */
  http: HttpPort;
  now: () => Date;
  providers: OAuthProvidersConfig;
  /**
   * The service-accounts store (`../service-account-store.ts`), the same one the
   * service-accounts service uses: this module's testers go to that service, not the reverse.
   */
  store: OAuthAccountStore;
  /** Where the background refresher says which account it could not refresh (the app's log). */
  log: { warn(details: object, message: string): void };
}

/** Tokens and testers of the OAuth2 types, the authorisation service, lookups and refresher. */
export function createOAuth2Module(deps: OAuth2ModuleDeps) {
  const { db, box, http, now, providers, store, log } = deps;
  const client = createOAuth2Client(http, now);
  const apps = createOAuthAppsService({ db, box, now, env: providers });
  const clients = createOAuthClients(providers, apps);
  const states = createOAuthStates(db, now);
  // The probe is built from its own parts; the token source hands itself to it when it tests.
  const tokens = createTokenSource({
    store,
    client,
    providers,
    clients,
    now,
    probe: createProviderProbe({ http, providers, clients }),
  });
  const lookups = createProviderLookups({ http, store, tokens, providers, clients });

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
    onError: (error, account) =>
      log.warn({ err: error, account }, 'falha ao renovar o token OAuth2 de uma conta'),
  });

  return {
    service: createOAuth2Service({ store, states, client, clients }),
    /** The workspaces' own OAuth apps of Slack, Google and Trello (docs/adr/0093). */
    apps,
    clients,
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
