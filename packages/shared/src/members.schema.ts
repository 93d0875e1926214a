import { z } from 'zod';
import {
  authenticateBodySchema,
  emailSchema,
  memberGroupsSchema,
  passwordSchema,
  personNameSchema,
} from './account.schema';
import { messages } from './messages';
import { roleSchema } from './roles';

/** A member of the workspace (docs/adr/0106). */
export const memberSchema = z.object({
  /** The person's user id. */
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** The groups the member is limited to (docs/adr/0109); null: every group. */
  groups: z.array(z.string()).nullable(),
  /** When they joined the workspace. */
  joined_at: z.string(),
  /** The caller themselves. */
  is_you: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/v1/members: everyone, owners first, then by name. */
export const memberListSchema = z.object({ items: z.array(memberSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

/** PUT /api/v1/members/{id}: the role and, when given, the groups. */
export const memberRoleBodySchema = z.object({
  role: roleSchema,
  groups: memberGroupsSchema.optional(),
});
export type MemberRoleBody = z.infer<typeof memberRoleBodySchema>;

/** An invitation by link, pending (docs/adr/0106): never its link, which is shown once. */
export const invitationSchema = z.object({
  _id: z.string(),
  role: roleSchema,
  created_by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Where the link was sent by e-mail; null for a link only shown to its author. */
  email: z.string().nullable(),
  /** The groups the person will be limited to (docs/adr/0109); null: every group. */
  groups: z.array(z.string()).nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({
  items: z.array(invitationSchema),
  /** Whether the instance SMTP (PONTE_SMTP_URL) is there to send an invitation by e-mail. */
  by_email: z.boolean(),
});
export type InvitationList = z.infer<typeof invitationListSchema>;

/** Days an invitation link works, from 1 to 30 (default 7). */
export const invitationDaysMax = 30;

/** POST /api/v1/members/invitations */
export const invitationBodySchema = z.object({
  role: roleSchema,
  expires_in_days: z
    .number()
    .int()
    .min(1, { error: messages.members.invitationDays })
    .max(invitationDaysMax, { error: messages.members.invitationDays })
    .optional(),
  /** Send the link to this address through the instance SMTP as well (docs/adr/0106). */
  email: emailSchema.optional(),
  /** The groups the person will be limited to once they join (docs/adr/0109). */
  groups: memberGroupsSchema.optional(),
});
export type InvitationBody = z.infer<typeof invitationBodySchema>;

/** The answer of a creation: the link, this once. */
export const invitationCreatedSchema = invitationSchema.extend({ link: z.string() });
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** GET /account/v1/invitations/{token}: what the invited person sees before accepting. */
export const invitationPreviewSchema = z.object({
  workspace_name: z.string(),
  role: roleSchema,
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /account/v1/invitations/{token}/accept: a new person's account. */
export const invitationAcceptBodySchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type InvitationAcceptBody = z.infer<typeof invitationAcceptBodySchema>;

/**
 * POST /account/v1/invitations/{token}/join: an existing account, its e-mail and password
 * checked as a sign-in is (docs/adr/0106).
 */
export const invitationJoinBodySchema = authenticateBodySchema;
export type InvitationJoinBody = z.infer<typeof invitationJoinBodySchema>;
