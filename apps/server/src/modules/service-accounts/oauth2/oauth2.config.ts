import { z } from 'zod';
import { ConfigError } from '../../../config/config-error';
import { defineModuleConfig, type ConfigEnv } from '../../../config/module-config';

/**
 * Where the OAuth2 providers of the service accounts live, and the clients this installation
 * registered with them (docs/adr/0026). Base URLs come from the environment so that tests point
 * them at local servers; a provider whose client is missing is not offered in the form.
 */
export interface OAuthProvidersConfig {
  /** Bling ERP (service_type bling_erp_oauth2 of the oauth2 type): the account has its client. */
  blingUrl: string;
  slack: { url: string; client: OAuthClientConfig | null };
  google: { authUrl: string; tokenUrl: string; apiUrl: string; client: OAuthClientConfig | null };
  /** `apiSecret`: the Power-Up's secret, which signs its webhooks' deliveries. */
  trello: { url: string; apiUrl: string; apiKey: string | null; apiSecret?: string | null };
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
}

export const defaultOAuthProviders: OAuthProvidersConfig = {
  blingUrl: 'https://www.bling.com.br',
  slack: { url: 'https://slack.com', client: null },
  google: {
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    apiUrl: 'https://www.googleapis.com',
    client: null,
  },
  trello: {
    url: 'https://trello.com',
    apiUrl: 'https://api.trello.com',
    apiKey: null,
    apiSecret: null,
  },
};

const d = defaultOAuthProviders;

const variables = [
  {
    name: 'PONTE_OAUTH_BLING_URL',
    default: d.blingUrl,
    description: 'Endereço do Bling ERP para as contas OAuth2 do serviço Bling.',
  },
  {
    name: 'PONTE_OAUTH_SLACK_URL',
    default: d.slack.url,
    description: 'Endereço do Slack (autorização, token e API).',
  },
  {
    name: 'PONTE_OAUTH_SLACK_CLIENT_ID',
    default: null,
    description: 'Client ID do app do Slack; sem ele, o tipo Slack (OAuth2) fica indisponível.',
  },
  {
    name: 'PONTE_OAUTH_SLACK_CLIENT_SECRET',
    default: null,
    description: 'Client secret do app do Slack (junto com PONTE_OAUTH_SLACK_CLIENT_ID).',
  },
  {
    name: 'PONTE_OAUTH_GOOGLE_AUTH_URL',
    default: d.google.authUrl,
    description: 'Página de consentimento do Google.',
  },
  {
    name: 'PONTE_OAUTH_GOOGLE_TOKEN_URL',
    default: d.google.tokenUrl,
    description: 'Endpoint de token do Google.',
  },
  {
    name: 'PONTE_GOOGLE_API_URL',
    default: d.google.apiUrl,
    description: 'Endereço das APIs do Google usadas pelas contas Google (OAuth2).',
  },
  {
    name: 'PONTE_OAUTH_GOOGLE_CLIENT_ID',
    default: null,
    description: 'Client ID do Google; sem ele, o tipo Google (OAuth2) fica indisponível.',
  },
  {
    name: 'PONTE_OAUTH_GOOGLE_CLIENT_SECRET',
    default: null,
    description: 'Client secret do Google (junto com PONTE_OAUTH_GOOGLE_CLIENT_ID).',
  },
  {
    name: 'PONTE_OAUTH_TRELLO_URL',
    default: d.trello.url,
    description: 'Endereço da página de autorização do Trello.',
  },
  {
    name: 'PONTE_TRELLO_API_URL',
    default: d.trello.apiUrl,
    description: 'Endereço da API do Trello.',
  },
  {
    name: 'PONTE_OAUTH_TRELLO_API_KEY',
    default: null,
    description:
      'Chave de API do Trello (Power-Up); sem ela, o tipo Trello (OAuth) fica indisponível.',
  },
  {
    name: 'PONTE_OAUTH_TRELLO_API_SECRET',
    default: null,
    description:
      'Segredo do Power-Up do Trello (junto com PONTE_OAUTH_TRELLO_API_KEY): confere a assinatura das entregas do gatilho do Trello.',
  },
];

const url = z
  .url({ error: 'deve ser um endereço http:// ou https:// válido' })
  .refine((value) => /^https?:\/\//i.test(value), {
    error: 'deve ser um endereço http:// ou https:// válido',
  })
  .transform((value) => value.replace(/\/+$/, ''));
const clientText = z.string().max(2000, { error: 'é longo demais' });

const envShape = {
  PONTE_OAUTH_BLING_URL: url.optional(),
  PONTE_OAUTH_SLACK_URL: url.optional(),
  PONTE_OAUTH_SLACK_CLIENT_ID: clientText.optional(),
  PONTE_OAUTH_SLACK_CLIENT_SECRET: clientText.optional(),
  PONTE_OAUTH_GOOGLE_AUTH_URL: url.optional(),
  PONTE_OAUTH_GOOGLE_TOKEN_URL: url.optional(),
  PONTE_GOOGLE_API_URL: url.optional(),
  PONTE_OAUTH_GOOGLE_CLIENT_ID: clientText.optional(),
  PONTE_OAUTH_GOOGLE_CLIENT_SECRET: clientText.optional(),
  PONTE_OAUTH_TRELLO_URL: url.optional(),
  PONTE_TRELLO_API_URL: url.optional(),
  PONTE_OAUTH_TRELLO_API_KEY: clientText.optional(),
  PONTE_OAUTH_TRELLO_API_SECRET: clientText.optional(),
};

type OAuthEnv = ConfigEnv<typeof envShape>;

function clientOf(provider: string, id?: string, secret?: string): OAuthClientConfig | null {
  if (id === undefined && secret === undefined) return null;
  if (id === undefined || secret === undefined) {
    const missing = id === undefined ? 'CLIENT_ID' : 'CLIENT_SECRET';
    throw new ConfigError(
      `A variável de ambiente PONTE_OAUTH_${provider}_${missing} é obrigatória quando a outra variável do cliente OAuth do ${provider === 'SLACK' ? 'Slack' : 'Google'} é informada.`,
    );
  }
  return { clientId: id, clientSecret: secret };
}

/** The providers' configuration from the parsed environment (both halves of a client or none). */
function oauthProvidersOf(env: OAuthEnv): OAuthProvidersConfig {
  return {
    blingUrl: env.PONTE_OAUTH_BLING_URL ?? d.blingUrl,
    slack: {
      url: env.PONTE_OAUTH_SLACK_URL ?? d.slack.url,
      client: clientOf(
        'SLACK',
        env.PONTE_OAUTH_SLACK_CLIENT_ID,
        env.PONTE_OAUTH_SLACK_CLIENT_SECRET,
      ),
    },
    google: {
      authUrl: env.PONTE_OAUTH_GOOGLE_AUTH_URL ?? d.google.authUrl,
      tokenUrl: env.PONTE_OAUTH_GOOGLE_TOKEN_URL ?? d.google.tokenUrl,
      apiUrl: env.PONTE_GOOGLE_API_URL ?? d.google.apiUrl,
      client: clientOf(
        'GOOGLE',
        env.PONTE_OAUTH_GOOGLE_CLIENT_ID,
        env.PONTE_OAUTH_GOOGLE_CLIENT_SECRET,
      ),
    },
    trello: {
      url: env.PONTE_OAUTH_TRELLO_URL ?? d.trello.url,
      apiUrl: env.PONTE_TRELLO_API_URL ?? d.trello.apiUrl,
      apiKey: env.PONTE_OAUTH_TRELLO_API_KEY ?? null,
      apiSecret: env.PONTE_OAUTH_TRELLO_API_SECRET ?? null,
    },
  };
}

/** PONTE_OAUTH_* / PONTE_*_API_URL: the OAuth2 providers of the service accounts. */
export const oauth2Config = defineModuleConfig({
  variables,
  envShape,
  read: (parsed) => ({ oauthProviders: oauthProvidersOf(parsed) }),
});
