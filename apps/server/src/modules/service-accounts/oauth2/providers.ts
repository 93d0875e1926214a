import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { hostOfUrl } from '@ponte/shared/service-account-hosts';
import type { OAuthProvidersConfig } from './oauth2.config';
import { AppError, invalidField } from '../../../lib/app-error';
import type { TokenEndpoint } from './oauth2-client';

/** Where a provider sends the browser back (GET /account/v1/…/return). */
export const returnPath = '/account/v1/service-accounts/oauth2/return';

const m = messages.serviceAccountsOauth;

/** The provider types whose client this installation registers (not the account). */
export const providerNames = {
  trello_oauth2: 'Trello',
  slack_oauth2: 'Slack',
  google_oauth2: 'Google',
};
export type ProviderType = keyof typeof providerNames;

/** Scopes asked of each provider: enough for the lookups and the nodes that use them. */
export const providerScopes = {
  slack:
    'channels:read,groups:read,chat:write,files:write,users:read,channels:history,groups:history,app_mentions:read,reactions:read',
  // Sheets and Drive (every file of the person, as n8n asks), Gmail, Calendar (docs/connectors/).
  google: [
    'openid',
    'email',
    'https://www.googleapis.com/auth/spreadsheets',
    'https://www.googleapis.com/auth/drive',
    'https://www.googleapis.com/auth/gmail.send',
    'https://www.googleapis.com/auth/gmail.readonly',
    'https://www.googleapis.com/auth/calendar.events',
    'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  ].join(' '),
  trello: 'read,write',
};

/** How one account is authorised and how its tokens are fetched. */
export type AuthorizationPlan =
  | {
      kind: 'authorization_code';
      authorizeUrl: string;
      endpoint: TokenEndpoint;
      scope: string | undefined;
      extra: Record<string, string>;
    }
  | { kind: 'client_credentials'; endpoint: TokenEndpoint; scope: string | undefined }
  /** Trello: a token in the URL fragment of the return address, no token endpoint. */
  | { kind: 'fragment_token'; authorizeUrl: string; apiKey: string };

export interface OAuthAccount {
  _id: string;
  name: string;
  type: string;
  data: Record<string, unknown>;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function required(data: Record<string, unknown>, field: string, label: string): string {
  const value = text(data[field]);
  if (!value) throw invalidField(field, messages.serviceAccounts.fieldRequired(label));
  return value;
}

/** The environment variables that give a provider type its client (oauth2.config.ts). */
const providerVariables: Record<ProviderType, string> = {
  trello_oauth2: 'PONTE_OAUTH_TRELLO_API_KEY',
  slack_oauth2: 'PONTE_OAUTH_SLACK_CLIENT_ID e PONTE_OAUTH_SLACK_CLIENT_SECRET',
  google_oauth2: 'PONTE_OAUTH_GOOGLE_CLIENT_ID e PONTE_OAUTH_GOOGLE_CLIENT_SECRET',
};

const notConfiguredText = (type: ProviderType) =>
  m.providerNotConfigured(providerNames[type], providerVariables[type]);

export const notConfigured = (type: ProviderType) =>
  new AppError(400, errorCodes.providerNotConfigured, notConfiguredText(type));

/**
 * What the administrator sets and where: the variables, and what the provider's app must list
 * for this installation (`baseUrl`, PONTE_PUBLIC_URL or the request's address): the return
 * address of Slack and Google, the allowed origin of Trello's Power-Up.
 */
function setupOf(type: ProviderType, baseUrl: string): string {
  const registration =
    type === 'trello_oauth2'
      ? m.providerRegistration('Trello', 'origem permitida', baseUrl)
      : m.providerRegistration(
          providerNames[type],
          'URL de redirecionamento',
          `${baseUrl}${returnPath}`,
        );
  return `${m.providerNeedsApp(providerNames[type], providerVariables[type])} ${registration}`;
}

/** Which provider types are offered (`configured`): the others say what must be set. */
export function configuredProviders(configured: ReadonlySet<string>, baseUrl: string) {
  const item = (type: ProviderType) => ({
    type,
    configured: configured.has(type),
    reason: configured.has(type) ? null : setupOf(type, baseUrl),
  });
  return [item('trello_oauth2'), item('slack_oauth2'), item('google_oauth2')];
}

/** The generic `oauth2` type: Bling ERP at the configured address, or the account's URLs. */
function genericPlan(account: OAuthAccount, config: OAuthProvidersConfig): AuthorizationPlan {
  const data = account.data;
  const clientId = required(data, 'client_id', 'ID do cliente (client ID)');
  const clientSecret = required(data, 'client_secret', 'Segredo do cliente (client secret)');
  const scope = text(data.scope);
  if (data.service_type === 'bling_erp_oauth2') {
    // Bling accepts only the authorization code, with the client in HTTP Basic.
    return {
      kind: 'authorization_code',
      authorizeUrl: `${config.blingUrl}/Api/v3/oauth/authorize`,
      endpoint: {
        tokenUrl: `${config.blingUrl}/Api/v3/oauth/token`,
        clientId,
        clientSecret,
        auth: 'client_secret_basic',
      },
      scope,
      extra: {},
    };
  }
  const endpoint = {
    tokenUrl: required(data, 'token_url', 'URL do token'),
    clientId,
    clientSecret,
  };
  if (data.grant_type === 'authorization_code') {
    return {
      kind: 'authorization_code',
      authorizeUrl: required(data, 'authorize_url', 'URL de autorização'),
      endpoint,
      scope,
      extra: {},
    };
  }
  return { kind: 'client_credentials', endpoint, scope };
}

/** The plan of an OAuth2 account; a 400 in pt-BR when a field or the provider's client lacks. */
export function planOf(account: OAuthAccount, config: OAuthProvidersConfig): AuthorizationPlan {
  switch (account.type) {
    case 'oauth2':
      return genericPlan(account, config);
    // An MCP server authorised with the person's client and URLs, as the generic type's custom
    // service (docs/adr/0097); its other 'Autenticação' choices have no OAuth2 plan.
    case 'mcp':
      if (account.data.auth !== 'oauth2')
        throw new AppError(400, errorCodes.validation, messages.serviceAccounts.notOauth2);
      return genericPlan(account, config);
    case 'slack_oauth2': {
      const client = config.slack.client;
      if (!client) throw notConfigured('slack_oauth2');
      return {
        kind: 'authorization_code',
        authorizeUrl: `${config.slack.url}/oauth/v2/authorize`,
        endpoint: { tokenUrl: `${config.slack.url}/api/oauth.v2.access`, ...client },
        scope: providerScopes.slack,
        extra: {},
      };
    }
    case 'google_oauth2': {
      const client = config.google.client;
      if (!client) throw notConfigured('google_oauth2');
      return {
        kind: 'authorization_code',
        authorizeUrl: config.google.authUrl,
        endpoint: { tokenUrl: config.google.tokenUrl, ...client },
        scope: providerScopes.google,
        // A refresh token comes only with offline access and a consent shown again.
        extra: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
      };
    }
    case 'trello_oauth2': {
      const apiKey = config.trello.apiKey;
      if (!apiKey) throw notConfigured('trello_oauth2');
      return { kind: 'fragment_token', authorizeUrl: `${config.trello.url}/1/authorize`, apiKey };
    }
    default:
      throw new AppError(400, errorCodes.validation, messages.serviceAccounts.notOauth2);
  }
}

/** Trello's page: it sends the token back in the fragment of `returnUrl` (the callback page). */
export function trelloAuthorizeUrl(base: string, apiKey: string, returnUrl: string): string {
  const url = new URL(base);
  url.searchParams.set('expiration', 'never');
  url.searchParams.set('name', 'Ponte');
  url.searchParams.set('scope', providerScopes.trello);
  url.searchParams.set('response_type', 'token');
  url.searchParams.set('key', apiKey);
  url.searchParams.set('callback_method', 'fragment');
  url.searchParams.set('return_url', returnUrl);
  return url.toString();
}

/**
 * The hosts this installation set for a provider account (docs/adr/0071): the PONTE_OAUTH_*
 * addresses of Slack, Google and Bling, which its requests may go to besides the vendor's own
 * domains (a stand-in, a proxy or a sandbox of the vendor).
 */
export function configuredHostsOf(config: OAuthProvidersConfig) {
  return (account: { type: string; data: Record<string, unknown> }): string[] => {
    const { slack, google, blingUrl } = config;
    const urls =
      account.type === 'slack_oauth2'
        ? [slack.url]
        : account.type === 'google_oauth2'
          ? [google.authUrl, google.tokenUrl, google.apiUrl]
          : account.type === 'oauth2' && account.data.service_type === 'bling_erp_oauth2'
            ? [blingUrl]
            : [];
    return urls.map(hostOfUrl).filter((host): host is string => host !== null);
  };
}
