import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageQuerySchema } from './pagination';
import { text } from './text';

const m = messages.groups;

export const groupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

/** POST /api/v1/groups and PUT /api/v1/groups/{id} */
export const groupBodySchema = z.object({
  name: text({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(limits.groupNameMax, { error: m.nameTooLong }),
});
export type GroupBody = z.infer<typeof groupBodySchema>;

/** GET /api/v1/groups: the header and editors ask page 1, limit 100. */
export const groupListQuerySchema = pageQuerySchema(limits.groupsLookup, limits.groupsPageSize);
export const groupListSchema = listResponseSchema(groupSchema);
export type GroupList = z.infer<typeof groupListSchema>;
