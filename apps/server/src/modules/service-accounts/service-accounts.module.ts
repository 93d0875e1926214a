import { oauth2Config } from './oauth2/oauth2.config';
import { serviceAccountsConfig } from './service-accounts.config';
import type { FastifyRequest } from 'fastify';
import { defaultOAuthProviders, type OAuthProvidersConfig } from './oauth2/oauth2.config';
import { defaultServiceProviders, type ServiceProvidersConfig } from './service-accounts.config';
import { createFtpTester } from '../../adapters/ftp/ftp-port';
import type { Provided } from '../../container/provided';
import { defineModule, roles } from '../../container/server-module';
import { publicBaseUrl } from '../../lib/public-url';
import { createSecretBox } from '../../lib/secret-box';
import { checkEncryptionKey } from './encryption-check';
import { createMcpTester } from './mcp-tester';
import { networkTesters } from './network-testers';
import { createOAuth2Module, type OAuth2Module } from './oauth2/oauth2-module';
import { oauth2AccountRoutes, oauth2ApiRoutes } from './oauth2/oauth2.routes';
import { createProviderTesters } from './provider-testers';
import { createServiceAccountStore } from './service-account-store';
import { serviceAccountsRoutes } from './service-accounts.routes';
import {
  createServiceAccountsService,
  type ServiceAccountsService,
} from './service-accounts.service';
import { createTokenSources, type TokenSources } from './token-sources';
import { serviceAccountsAccess } from './service-accounts.access';

declare module '../../container/provided' {
  interface Provided {
    serviceAccounts: ServiceAccountsService;
    /** OAuth2 of the service accounts (docs/adr/0026): authorisation, lookups, refresher. */
    oauth2: OAuth2Module;
    /** Bearer credentials by account type (jwt and the OAuth2 types). */
    accountTokens: TokenSources;
  }
}

export interface ServiceAccountsOptions {
  /** PONTE_OAUTH_*: the OAuth2 providers of the service accounts (default: the real ones). */
  oauthProviders?: OAuthProvidersConfig;
  /** PONTE_AWS_STS_URL, PONTE_OMIE_URL, PONTE_SANKHYA_URL (default: the real ones). */
  serviceProviders?: ServiceProvidersConfig;
  /** PEM certificates FTPS servers may present besides the system's CAs (a private CA; tests). */
  ftpTrustedCa?: string;
}

/**
 * The workspaces' service accounts, their secrets encrypted with PONTE_ENCRYPTION_KEY (a key
 * that cannot open what is stored stops the start, docs/adr/0025), their connection tests
 * through the network guard, and OAuth2.
 */
export const serviceAccountsModule = defineModule({
  name: 'service-accounts',
  access: serviceAccountsAccess,
  needs: ['db', 'now', 'log', 'config', 'network', 'outboundHttp', 'publicUrl'],
  provides: ['serviceAccounts', 'oauth2', 'accountTokens'],
  config: [oauth2Config, serviceAccountsConfig],
  tables: ['service_accounts', 'service_account_oauth_states', 'oauth_apps', 'encryption_check'],
  async create(
    { db, now, log, config, network, outboundHttp: http },
    options: ServiceAccountsOptions,
  ) {
    const box = createSecretBox(config.encryptionKey);
    await checkEncryptionKey(db, box);
    // The store reads and writes accounts in clear; the service and OAuth2 both use it.
    const store = createServiceAccountStore({ db, box, now });
    const providers = options.serviceProviders ?? defaultServiceProviders;
    const oauth2 = createOAuth2Module({
      db,
      box,
      http,
      now,
      providers: options.oauthProviders ?? defaultOAuthProviders,
      store,
      log,
    });
    const serviceAccounts = createServiceAccountsService({
      db,
      now,
      box,
      store,
      http,
      testers: {
        ...networkTesters(network),
        ...oauth2.testers,
        ftp_server: createFtpTester({
          ...network,
          ...(options.ftpTrustedCa ? { trustedCa: options.ftpTrustedCa } : {}),
        }),
        // AWS STS, Omie and Sankhya: one documented call each, through the guarded client.
        ...createProviderTesters(providers, now),
        // After the OAuth2 testers: an MCP account is tested by listing its server's tools.
        mcp: createMcpTester(oauth2.tokenSources.mcp),
      },
    });
    const accountTokens = {
      ...createTokenSources({ http, now, sankhyaUrl: providers.sankhyaUrl }),
      ...oauth2.tokenSources,
    };
    return { serviceAccounts, oauth2, accountTokens };
  },
  routes: {
    api: async (api, parts) => {
      const { serviceAccounts } = parts;
      await api.register(oauth2ApiRoutes, oauth2RoutesOptions(parts));
      await api.register(serviceAccountsRoutes, { service: serviceAccounts });
    },
    account: async (account, parts) => {
      await account.register(oauth2AccountRoutes, oauth2RoutesOptions(parts));
    },
  },
  // OAuth2 tokens refreshed ahead of expiry while the app runs (docs/adr/0026).
  tasks: ({ oauth2 }) => [
    { name: 'renovação dos tokens OAuth2', runsOn: roles.work, ...oauth2.refresher },
  ],
});

/** The OAuth2 routes' options: the module, the accounts it answers with, the public address. */
function oauth2RoutesOptions(parts: Pick<Provided, 'oauth2' | 'serviceAccounts' | 'publicUrl'>) {
  return {
    ...parts.oauth2,
    accounts: parts.serviceAccounts,
    publicUrl: (request: FastifyRequest) => publicBaseUrl(request, parts.publicUrl),
  };
}
