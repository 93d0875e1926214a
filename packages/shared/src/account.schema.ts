import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { roleSchema } from './roles';
import { text } from './text';

const m = messages.account;

export const emailSchema = text({ error: m.emailInvalid })
  .trim()
  .toLowerCase()
  .max(limits.emailMax, { error: m.emailInvalid })
  .pipe(z.email({ error: m.emailInvalid }))
  // The document of the API says what the check says (a pipe shows only its input there).
  .meta({ format: 'email' });

export const passwordSchema = text({ error: m.passwordTooShort })
  .min(limits.passwordMin, { error: m.passwordTooShort })
  .max(limits.passwordMax, { error: m.passwordTooLong });

export const personNameSchema = text({ error: m.nameRequired })
  .trim()
  .min(1, { error: m.nameRequired })
  .max(limits.userNameMax, { error: m.nameTooLong });

export const workspaceNameSchema = text({ error: m.workspaceNameRequired })
  .trim()
  .min(1, { error: m.workspaceNameRequired })
  .max(limits.workspaceNameMax, { error: m.workspaceNameTooLong });

/** POST /account/v1/authenticate */
export const authenticateBodySchema = z.object({
  email: text({ error: m.emailInvalid }).trim().toLowerCase().min(1, { error: m.emailInvalid }),
  password: text({ error: m.passwordTooShort }).min(1, { error: m.passwordTooShort }),
});
export type AuthenticateBody = z.infer<typeof authenticateBodySchema>;

/** Every call that hands out a session answers `{token}`. */
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Claims of the HS256 JWT: `sub` user id, `wid` workspace id, `exp`/`iat` in seconds. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  wid: z.string(),
  exp: z.number(),
  iat: z.number(),
  /** The session's id on the server (ADR 0016); a token without one is refused. */
  jti: z.string().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** GET /account/v1/setup */
export const setupStatusSchema = z.object({ needs_setup: z.boolean() });

/** POST /account/v1/setup: the first account (owner, customer, first workspace). */
export const setupBodySchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  workspace_name: workspaceNameSchema,
});
export type SetupBody = z.infer<typeof setupBodySchema>;

/** GET /account/v1/config: public settings the shell needs before sign-in. */
export const publicConfigSchema = z.object({
  docs_url: z.string().nullable(),
  support_url: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/v1/users/me */
export const meSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  is_owner: z.boolean(),
  customer: z.object({
    _id: z.string(),
    name: z.string(),
    config: z.object({ node_limit: z.number().int() }),
  }),
});
export type Me = z.infer<typeof meSchema>;

/** PUT /api/v1/users/me */
export const profileBodySchema = z.object({ name: personNameSchema });

/** PUT /api/v1/users/me/password */
export const passwordChangeBodySchema = z.object({
  current_password: text({ error: m.currentPasswordWrong }).min(1, {
    error: m.currentPasswordWrong,
  }),
  new_password: passwordSchema,
});

/** GET /api/v1/workspaces/current */
export const workspaceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  engine_url: z.string(),
  /** The caller's role here (docs/adr/0106): what the interface offers. */
  role: roleSchema,
  /** The groups the caller is limited to here (docs/adr/0109); null: every group. */
  groups: z.array(z.string()).nullable().default(null),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /account/v1/workspaces: the workspaces the user belongs to. */
export const workspaceListSchema = z.object({
  items: z.array(z.object({ _id: z.string(), name: z.string(), current: z.boolean() })),
});
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

/** POST /account/v1/workspaces (owner only). */
export const workspaceCreateBodySchema = z.object({ name: workspaceNameSchema });

/** POST /account/v1/workspaces/switch → {token} for the chosen workspace. */
export const workspaceSwitchBodySchema = z.object({
  workspace_id: text({ error: m.notAMember }).min(1, { error: m.notAMember }),
});

/**
 * The groups a member is limited to (docs/adr/0109): group ids of the workspace, at least one;
 * null (or absent) for every group. Only an Editor, Operador or Leitor may be limited.
 */
export const memberGroupsSchema = z
  .array(z.string().min(1).max(200))
  .min(1, { error: messages.members.groupsEmpty })
  .max(500)
  .nullable();

/** POST /account/v1/users (owner only): a user of the customer, member of the current workspace. */
export const userCreateBodySchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The person's role in the workspace (docs/adr/0106); default 'Editor'. */
  role: roleSchema.optional(),
  /** The groups the person is limited to (docs/adr/0109); absent: every group. */
  groups: memberGroupsSchema.optional(),
});
export const userSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type User = z.infer<typeof userSchema>;
