import { z } from 'zod';
import { messages } from './messages';
import { apiKeyScopes, type Permission } from './roles';
import { text } from './text';

const m = messages.mcpServer;

/** What the workspace's API tokens start with, so a leaked one is recognised. */
export const apiTokenPrefix = 'ponte_';
/** The scopes of a token made without any: the MCP server's (list the tool flows, run them). */
export const mcpScopes: Permission[] = ['flows.read', 'flows.run'];
/** Tokens a workspace may hold at once. */
export const apiTokensMax = 100;

/** A workspace API token as listed: never its secret (docs/adr/0098). */
export const apiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The first characters of the token, so a person tells two apart ('ponte_AbC1…'). */
  hint: z.string(),
  created_by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** What the key may do (docs/adr/0106): permissions, an area's write including its read. */
  scopes: z.array(z.enum(apiKeyScopes)),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** POST /api/v1/api-tokens. */
export const apiTokenBodySchema = z.object({
  name: text({ error: m.tokenNameLength })
    .trim()
    .min(1, { error: m.tokenNameLength })
    .max(120, { error: m.tokenNameLength }),
  /** Days the token works from its creation, at most a year; absent or null: it never expires. */
  expires_in_days: z
    .number()
    .int()
    .min(1, { error: m.tokenExpiryRange })
    .max(365, { error: m.tokenExpiryRange })
    .nullable()
    .optional(),
  /**
   * What the key may do; absent: read and run flows, what the MCP server needs (the tokens made
   * before scopes existed have it).
   */
  scopes: z
    .array(z.enum(apiKeyScopes, { error: messages.apiKeys.scopesRequired }))
    .min(1, { error: messages.apiKeys.scopesRequired })
    .max(apiKeyScopes.length)
    .optional(),
});
export type ApiTokenBody = z.input<typeof apiTokenBodySchema>;

/** The answer of a creation: the token in clear, this once. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
