import { z } from 'zod';
import { roleSchema } from './roles';

/** A member of the workspace (docs/adr/0106). */
export const memberSchema = z.object({
  /** The person's user id. */
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** When they joined the workspace. */
  joined_at: z.string(),
  /** The caller themselves. */
  is_you: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/v1/members: everyone, owners first, then by name. */
export const memberListSchema = z.object({ items: z.array(memberSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

/** PUT /api/v1/members/{id} */
export const memberRoleBodySchema = z.object({ role: roleSchema });
export type MemberRoleBody = z.infer<typeof memberRoleBodySchema>;
