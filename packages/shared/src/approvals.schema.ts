import { z } from 'zod';
import { text } from './text';

/**
 * A tool call an 'Agente de IA' asked for on a tool marked 'Requer aprovação' (docs/adr/0100):
 * the execution waits (status `waiting`) until a person approves or rejects it, in
 * /monitoring/active or by its link.
 */
export const approvalStatusSchema = z.enum(['pending', 'approved', 'rejected', 'cancelled']);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

export const approvalSchema = z.object({
  _id: z.string(),
  status: approvalStatusSchema,
  execution_id: z.string(),
  flow: z.object({ _id: z.string(), name: z.string() }),
  /** The agent node that asked. */
  node: z.object({ uid: z.string(), name: z.string() }),
  /** The tool as the person named it on the canvas (its node's name), and its kind. */
  tool: z.object({
    name: z.string(),
    label: z.string(),
    kind: z.enum(['node', 'flow', 'mcp']),
  }),
  /** The arguments the tool will run with (the real values, unmasked). */
  arguments: z.unknown(),
  /** What the model wrote before asking (may be empty). */
  model_text: z.string(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  /** Who decided: a member's name, or 'Link de aprovação'. */
  decided_by: z.string().nullable(),
  /** The reason given with a rejection (told to the model). */
  reason: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** GET /api/v1/approvals: the workspace's pending approvals, oldest first. */
export const approvalListSchema = z.object({ items: z.array(approvalSchema) });
export type ApprovalList = z.infer<typeof approvalListSchema>;

/** POST /api/v1/approvals/:id/decision and POST /engine/approvals/:token/decision. */
export const approvalDecisionBodySchema = z.object({
  decision: z.enum(['approve', 'reject']),
  reason: text().trim().max(1000).optional(),
});
export type ApprovalDecisionBody = z.infer<typeof approvalDecisionBodySchema>;
