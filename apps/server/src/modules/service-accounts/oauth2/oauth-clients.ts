import { messages } from '@ponte/shared/messages';
import type { OauthAppProvider } from '@ponte/shared/oauth-apps.schema';
import type { OAuthClientConfig, OAuthProvidersConfig } from './oauth2.config';
import { environmentClient, oauthAppNames, type OAuthAppsService } from './oauth-apps.service';
import { OAuth2Error } from './oauth2-client';

/** The account field that records the client id an account was authorised with. */
export const clientIdField = 'oauth_client_id';

const providerOfType: Record<string, OauthAppProvider> = {
  slack_oauth2: 'slack',
  google_oauth2: 'google',
  trello_oauth2: 'trello',
};

type AccountOf = { type: string; data: Record<string, unknown> };

/** The environment's configuration with a provider's client replaced by `client`. */
function withClient(
  env: OAuthProvidersConfig,
  provider: OauthAppProvider,
  client: OAuthClientConfig | null,
): OAuthProvidersConfig {
  if (provider === 'trello')
    return { ...env, trello: { ...env.trello, apiKey: client?.clientId ?? null } };
  return { ...env, [provider]: { ...env[provider], client } };
}

/**
 * Which client (Slack, Google: client id and secret; Trello: API key) serves an account
 * (docs/adr/0093). A new authorisation takes the workspace's app, else the environment's. An
 * authorised account keeps the client it was authorised with (its `oauth_client_id`): its
 * tokens were issued to that client and no other can refresh or use them; when neither the
 * workspace nor the environment has it any more, the account needs a new authorisation.
 * An account authorised before workspace apps existed records none: the environment's first.
 */
export function createOAuthClients(env: OAuthProvidersConfig, apps: OAuthAppsService) {
  async function candidates(workspaceId: string, provider: OauthAppProvider) {
    const own = await apps.clientOf(workspaceId, provider);
    // Slack and Google exchange codes with the secret: an app without one cannot serve yet.
    const usable = own && (provider === 'trello' || own.clientSecret !== '') ? own : null;
    return { workspace: usable, environment: environmentClient(env, provider) };
  }

  /** The client of an authorised account: the one it recorded, or the first available. */
  async function clientOf(workspaceId: string, provider: OauthAppProvider, account: AccountOf) {
    const { workspace, environment } = await candidates(workspaceId, provider);
    const recorded = account.data[clientIdField];
    if (typeof recorded !== 'string' || recorded === '') return environment ?? workspace;
    const client = [workspace, environment].find((one) => one?.clientId === recorded);
    if (!client)
      throw new OAuth2Error(
        messages.serviceAccountsOauth.appChanged(oauthAppNames[provider]),
        null,
      );
    return client;
  }

  return {
    /** The configuration a new authorisation of `type` uses, and the client id it records. */
    async forAuthorization(workspaceId: string, type: string) {
      const provider = providerOfType[type];
      if (!provider) return { providers: env, clientId: null };
      const { workspace, environment } = await candidates(workspaceId, provider);
      const client = workspace ?? environment;
      return { providers: withClient(env, provider, client), clientId: client?.clientId ?? null };
    },

    /** The configuration an authorised account's exchange, refresh and API calls use. */
    async forAccount(workspaceId: string, account: AccountOf): Promise<OAuthProvidersConfig> {
      const provider = providerOfType[account.type];
      if (!provider) return env;
      return withClient(env, provider, await clientOf(workspaceId, provider, account));
    },

    /**
     * The secret of the app the account was authorised with (Trello signs its webhooks'
     * deliveries with it, docs/adr/0091); undefined when there is none.
     */
    async secretForAccount(workspaceId: string, account: AccountOf): Promise<string | undefined> {
      const provider = providerOfType[account.type];
      if (!provider) return undefined;
      const client = await clientOf(workspaceId, provider, account).catch(() => null);
      return client?.clientSecret || undefined;
    },

    /** Whether a provider can authorise in this workspace (its app or the environment's). */
    async configured(workspaceId: string, provider: OauthAppProvider): Promise<boolean> {
      const { workspace, environment } = await candidates(workspaceId, provider);
      return (workspace ?? environment) !== null;
    },
  };
}

export type OAuthClients = ReturnType<typeof createOAuthClients>;
