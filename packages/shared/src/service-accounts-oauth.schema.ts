import { z } from 'zod';
import { accountApiOauthTypes } from './service-accounts.schema';
import { text } from './text';

/**
 * GET /api/v1/service-accounts/oauth2/providers: which provider types this installation can
 * authorise. One not configured is shown disabled with `reason` (docs/adr/0026).
 */
export const oauthProvidersSchema = z.object({
  providers: z.array(
    z.object({
      type: z.enum(accountApiOauthTypes),
      configured: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
});
export type OauthProviders = z.infer<typeof oauthProvidersSchema>;

/** GET /account/v1/service-accounts/oauth2/return: what the provider sends back. */
export const oauthReturnQuerySchema = z.object({
  code: text().max(4000).optional(),
  state: text().max(500).optional(),
  error: text().max(500).optional(),
  error_description: text().max(2000).optional(),
});

/** One board, list or channel of a helper lookup. */
export const lookupItemSchema = z.object({ id: z.string(), name: z.string() });

/** A Trello custom field: its type and, for dropdowns, the options. */
export const trelloCustomFieldSchema = lookupItemSchema.extend({
  type: z.string(),
  options: z.array(z.object({ id: z.string(), value: z.string() })).optional(),
});

/** The answer of every helper lookup (spec 2 §7): `{items, total}`, all at once. */
export const lookupListSchema = z.object({
  items: z.array(lookupItemSchema),
  total: z.number().int().min(0),
});
export type LookupList = z.infer<typeof lookupListSchema>;

export const trelloCustomFieldListSchema = z.object({
  items: z.array(trelloCustomFieldSchema),
  total: z.number().int().min(0),
});
export type TrelloCustomFieldList = z.infer<typeof trelloCustomFieldListSchema>;
