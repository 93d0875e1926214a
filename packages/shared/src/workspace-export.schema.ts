import { z } from 'zod';
import { flowConfigSchema, flowVariableSchema } from './flows.schema';

/** The file of `ponte export` / `ponte import`: everything a workspace is made of. */
export const workspaceExportSchema = z.object({
  version: z.literal(1),
  groups: z.array(z.object({ _id: z.string(), name: z.string() })),
  variables: z.array(z.object({ name: z.string(), key: z.string(), value: z.string() })),
  flows: z.array(
    z.object({
      name: z.string(),
      enabled: z.boolean(),
      group: z.string().nullable(),
      variables: z.array(flowVariableSchema),
      data: z.unknown(),
      description: z.string(),
      config: flowConfigSchema,
    }),
  ),
});
export type WorkspaceExport = z.infer<typeof workspaceExportSchema>;
