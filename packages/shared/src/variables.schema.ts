import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageQuerySchema } from './pagination';
import { text } from './text';

const m = messages.variables;

export const variableSchema = z.object({
  _id: z.string(),
  name: z.string(),
  key: z.string(),
  value: z.string(),
  workspace: z.string(),
  updated_at: z.string(),
});
export type Variable = z.infer<typeof variableSchema>;

/** A key is what flows read with getVar('KEY'): an identifier, unique in its workspace. */
export const variableKeyPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** POST /api/v1/variables and PUT /api/v1/variables/{id}. `workspace` is ignored: the token decides. */
export const variableBodySchema = z.object({
  name: text({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(limits.variableNameMax, { error: m.nameTooLong }),
  key: text({ error: m.keyRequired })
    .trim()
    .min(1, { error: m.keyRequired })
    .max(limits.variableKeyMax, { error: m.keyTooLong })
    .regex(variableKeyPattern, { error: m.keyPattern }),
  value: text().max(limits.variableValueMax, { error: m.valueTooLong }).default(''),
  workspace: text().max(200).optional(),
});
export type VariableBody = z.input<typeof variableBodySchema>;

/** GET /api/v1/variables?limit=1000 */
export const variableListQuerySchema = pageQuerySchema(
  limits.variablesLookup,
  limits.variablesLookup,
);
export const variableListSchema = listResponseSchema(variableSchema);
export type VariableList = z.infer<typeof variableListSchema>;
