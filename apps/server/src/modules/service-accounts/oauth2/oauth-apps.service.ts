import { messages } from '@ponte/shared/messages';
import type { OauthApp, OauthAppInput, OauthAppProvider } from '@ponte/shared/oauth-apps.schema';
import type { Database } from '../../../db/client';
import { notFound } from '../../../lib/app-error';
import { toIso } from '../../../lib/list-query';
import type { SecretBox } from '../../../lib/secret-box';
import type { OAuthClientConfig, OAuthProvidersConfig } from './oauth2.config';
import { createOAuthAppsRepository } from './oauth-apps.repository';
import { returnPath } from './providers';

const m = messages.oauthApps;

export const oauthAppNames: Record<OauthAppProvider, string> = {
  slack: 'Slack',
  google: 'Google',
  trello: 'Trello',
};

/** The client this installation's environment gives a provider (PONTE_OAUTH_*), or null. */
export function environmentClient(
  env: OAuthProvidersConfig,
  provider: OauthAppProvider,
): OAuthClientConfig | null {
  if (provider === 'trello')
    return env.trello.apiKey
      ? { clientId: env.trello.apiKey, clientSecret: env.trello.apiSecret ?? '' }
      : null;
  return env[provider].client;
}

export interface OAuthAppsServiceDeps {
  db: Database;
  box: SecretBox;
  now: () => Date;
  /** The PONTE_OAUTH_* configuration: whether the environment has a client too. */
  env: OAuthProvidersConfig;
}

/**
 * A workspace's OAuth apps of Slack, Google and Trello (docs/adr/0093): the client id in clear,
 * the secret sealed with the accounts' key; the secret never leaves the server.
 */
export function createOAuthAppsService({ db, box, now, env }: OAuthAppsServiceDeps) {
  const repository = createOAuthAppsRepository(db);

  async function view(workspaceId: string, provider: OauthAppProvider, baseUrl: string) {
    const row = await repository.find(workspaceId, provider);
    const answer: OauthApp = {
      provider,
      client_id: row?.clientId ?? null,
      secret_set: Boolean(row?.secretData),
      updated_at: row ? toIso(row.updatedAt) : null,
      environment_client: environmentClient(env, provider) !== null,
      redirect_url: `${baseUrl}${returnPath}`,
      allowed_origin: baseUrl,
    };
    return answer;
  }

  return {
    view,

    /**
     * Sets the app; a secret omitted keeps the stored one. Slack and Google authorise only once
     * a secret is set (`oauth-clients.ts`); the form asks for it.
     */
    async save(
      workspaceId: string,
      provider: OauthAppProvider,
      input: OauthAppInput,
      baseUrl: string,
    ): Promise<OauthApp> {
      const stored = await repository.find(workspaceId, provider);
      const secret = input.client_secret ? box.encrypt(input.client_secret) : null;
      const secretData = secret ?? stored?.secretData ?? null;
      await repository.upsert(
        {
          workspaceId,
          provider,
          clientId: input.client_id,
          secretData,
          keyId: secret ? box.keyId : (stored?.keyId ?? null),
        },
        now(),
      );
      return view(workspaceId, provider, baseUrl);
    },

    async remove(workspaceId: string, provider: OauthAppProvider): Promise<void> {
      if (!(await repository.remove(workspaceId, provider)))
        throw notFound(m.notSet(oauthAppNames[provider]));
    },

    /** The workspace's client in clear (server only), or null when it set none. */
    async clientOf(
      workspaceId: string,
      provider: OauthAppProvider,
    ): Promise<OAuthClientConfig | null> {
      const row = await repository.find(workspaceId, provider);
      if (!row) return null;
      return {
        clientId: row.clientId,
        clientSecret: row.secretData ? box.decrypt(row.secretData) : '',
      };
    },
  };
}

export type OAuthAppsService = ReturnType<typeof createOAuthAppsService>;
