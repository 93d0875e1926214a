import { z } from 'zod';

/** DESIGN.md §5: a flow's `data`, the graph the editor draws and the engine runs. */
export const flowDocumentVersion = 1;

export const flowNodeSchema = z.object({
  uid: z.string().min(1).max(100),
  type: z.string().min(1).max(200),
  /**
   * The version of the node type this node runs (ADR 0014). Everything the app writes carries
   * it; a document without it (an export older than versions) is read as version 1.
   */
  typeVersion: z.number().int().positive().default(1),
  label: z.string().max(200).optional(),
  position: z.object({ x: z.number(), y: z.number() }),
  params: z.record(z.string(), z.unknown()),
  breakpoint: z.boolean().optional(),
  /** Beyond the spec: a JSONata condition over `{msg, flow, vars}`; the breakpoint stops only when true. */
  breakpointCondition: z.string().max(2000).optional(),
  disabled: z.boolean().optional(),
});
export type FlowNode = z.infer<typeof flowNodeSchema>;

export const flowEdgeSchema = z.object({
  id: z.string().min(1).max(200),
  source: z.string().min(1),
  sourceOutput: z.string().min(1),
  target: z.string().min(1),
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

export const flowDocumentSchema = z.object({
  version: z.literal(flowDocumentVersion),
  nodes: z.array(flowNodeSchema),
  edges: z.array(flowEdgeSchema),
});
export type FlowDocument = z.infer<typeof flowDocumentSchema>;

export const emptyFlowDocument = (): FlowDocument => ({
  version: flowDocumentVersion,
  nodes: [],
  edges: [],
});
