import { z } from 'zod';
import { messages } from './messages';
import { text } from './text';

const m = messages.oauthApps;

/** The providers whose OAuth app a workspace registers itself (docs/adr/0093). */
export const oauthAppProviders = ['slack', 'google', 'trello'] as const;
export type OauthAppProvider = (typeof oauthAppProviders)[number];

/** The account type each provider's app authorises. */
export const oauthAppAccountTypes = {
  slack: 'slack_oauth2',
  google: 'google_oauth2',
  trello: 'trello_oauth2',
} as const satisfies Record<OauthAppProvider, string>;

export const oauthAppParamsSchema = z.object({
  provider: z.enum(oauthAppProviders, { error: m.unknownProvider }),
});

/**
 * PUT …/oauth2/apps/{provider}: the client id (Trello: the API key) and the client secret
 * (Trello: the secret). A secret omitted or '' keeps the stored one.
 */
export const oauthAppInputSchema = z.object({
  client_id: text({ error: m.clientIdRequired })
    .trim()
    .min(1, { error: m.clientIdRequired })
    .max(500, { error: m.tooLong }),
  client_secret: text({ error: m.secretInvalid }).trim().max(2000, { error: m.tooLong }).optional(),
});
export type OauthAppInput = z.infer<typeof oauthAppInputSchema>;

/**
 * GET/PUT …/oauth2/apps/{provider}: the workspace's app (never its secret: only whether one is
 * set), whether the server's environment has one, and what the vendor's app must list for
 * this installation (the redirect URL; Trello: the allowed origin).
 */
export const oauthAppSchema = z.object({
  provider: z.enum(oauthAppProviders),
  client_id: z.string().nullable(),
  secret_set: z.boolean(),
  updated_at: z.string().nullable(),
  environment_client: z.boolean(),
  redirect_url: z.string(),
  allowed_origin: z.string(),
});
export type OauthApp = z.infer<typeof oauthAppSchema>;
