import { z } from 'zod';
import { flowConfigSchema, flowVariableSchema } from './flows.schema';
import { refineNoForbiddenCharacter, text } from './text';

/**
 * The file of `ponte export` / `ponte import`: everything a workspace is made of (its flows,
 * groups, variables and own holidays). No text may
 * hold NUL nor a lone surrogate (the database refuses them); the services check the rest as for
 * the API.
 */
export const workspaceExportSchema = z.object({
  version: z.literal(1),
  groups: z.array(z.object({ _id: text(), name: text() })),
  variables: z.array(z.object({ name: text(), key: text(), value: text() })),
  /** The workspace's own holidays (docs/adr/0121); absent in files made before them. */
  holidays: z.array(z.object({ date: text(), name: text(), recurring: z.boolean() })).default([]),
  flows: z.array(
    z.object({
      name: text(),
      enabled: z.boolean(),
      group: text().nullable(),
      variables: z.array(flowVariableSchema),
      data: z.unknown().superRefine(refineNoForbiddenCharacter),
      description: text(),
      config: flowConfigSchema,
    }),
  ),
});
export type WorkspaceExport = z.infer<typeof workspaceExportSchema>;
