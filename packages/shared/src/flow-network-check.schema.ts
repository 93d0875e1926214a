import { z } from 'zod';

/**
 * POST /api/v1/flows/network-check: the flow's nodes (as the editor holds them); the answer
 * lists each literal URL of a node parameter that the network guard will refuse when the flow
 * runs (docs/adr/0082). A warning only: a draft may be saved with it.
 */
export const flowNetworkCheckBodySchema = z.object({
  data: z.object({
    nodes: z
      .array(
        z.looseObject({
          uid: z.string().max(200),
          label: z.string().max(500).optional(),
          params: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .max(2000),
  }),
});

export const flowNetworkWarningSchema = z.object({
  node_uid: z.string(),
  label: z.string(),
  param: z.string(),
  message: z.string(),
});

export const flowNetworkCheckSchema = z.object({ items: z.array(flowNetworkWarningSchema) });
export type FlowNetworkCheck = z.infer<typeof flowNetworkCheckSchema>;
export type FlowNetworkCheckBody = z.infer<typeof flowNetworkCheckBodySchema>;
