import { z } from 'zod';
import { refineNoForbiddenCharacter, text } from '../text';
import { nodeOnErrorSchema } from './node-on-error';

/** DESIGN.md §5: a flow's `data`, the graph the editor draws and the engine runs. */
export const flowDocumentVersion = 1;

export const flowNodeSchema = z.object({
  uid: text().min(1).max(100),
  type: text().min(1).max(200),
  /**
   * The version of the node type this node runs (ADR 0014). Everything the app writes carries
   * it; a document without it (an export older than versions) is read as version 1.
   */
  typeVersion: z.number().int().positive().default(1),
  label: text().max(200).optional(),
  position: z.object({ x: z.number(), y: z.number() }),
  /** Any JSON without NUL nor lone surrogates; its size is checked by the validator (`too_large`). */
  params: z.record(z.string(), z.unknown()).superRefine(refineNoForbiddenCharacter),
  breakpoint: z.boolean().optional(),
  /** Beyond the spec: a JSONata condition over `{msg, flow, vars}`; the breakpoint stops only when true. */
  breakpointCondition: text().max(2000).optional(),
  disabled: z.boolean().optional(),
  /**
   * 'Ferramenta do agente' (docs/ai.md): the flow's 'Agente de IA' nodes may call this node,
   * the model filling the named params; it needs no edge (one into it still runs it as usual).
   */
  agentTool: z
    .object({
      description: text().max(1000),
      params: z.array(text().min(1).max(200)).max(50),
      /** 'Requer aprovação': each call waits for a person's decision (docs/adr/0100). */
      approval: z.boolean().optional(),
    })
    .optional(),
  /** 'Em caso de erro' (docs/adr/0110): new attempts with backoff, then what happens. */
  onError: nodeOnErrorSchema.optional(),
});
export type FlowNode = z.infer<typeof flowNodeSchema>;

export const flowEdgeSchema = z.object({
  id: text().min(1).max(200),
  source: text().min(1).max(100),
  sourceOutput: text().min(1).max(200),
  target: text().min(1).max(100),
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

/**
 * One message a pinned node sends instead of running (docs/adr/0089): on `output`, `msg`.
 * Pins are used only by editor runs; production executions never read them.
 */
export const pinnedItemSchema = z.object({
  output: text().min(1).max(200),
  msg: z.record(z.string(), z.unknown()).superRefine(refineNoForbiddenCharacter),
});
export type PinnedItem = z.infer<typeof pinnedItemSchema>;

/** Pinned outputs by node uid ('Fixar saída'); a node with no entry runs as usual. */
export const flowPinsSchema = z.record(text().min(1).max(100), z.array(pinnedItemSchema).max(1000));
export type FlowPins = z.infer<typeof flowPinsSchema>;

export const flowDocumentSchema = z.object({
  version: z.literal(flowDocumentVersion),
  nodes: z.array(flowNodeSchema),
  edges: z.array(flowEdgeSchema),
  /** Absent in documents without pins; counted in the document's size limit. */
  pins: flowPinsSchema.optional(),
});
export type FlowDocument = z.infer<typeof flowDocumentSchema>;

export const emptyFlowDocument = (): FlowDocument => ({
  version: flowDocumentVersion,
  nodes: [],
  edges: [],
});
