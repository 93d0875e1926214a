import { z } from 'zod';
import { text } from './text';

/**
 * 'Aguardar aprovação' (docs/adr/0115): a flow waits for one or several people to approve or
 * reject, each by a single-use signed link that expires. Here, what the link's page reads and
 * sends (`/engine/approval-requests/{token}`).
 */

/** The kinds of a field the person fills in on the page. */
export const approvalFieldTypes = ['text', 'number', 'date', 'boolean'] as const;
export type ApprovalFieldType = (typeof approvalFieldTypes)[number];

export const approvalFieldSchema = z.object({
  /** Its key in the output (`msg.approval.fields[key]`). */
  key: z.string(),
  label: z.string(),
  type: z.enum(approvalFieldTypes),
  /** Required to approve (a rejection never asks for it). */
  required: z.boolean(),
});
export type ApprovalField = z.infer<typeof approvalFieldSchema>;

/** Any approver's approval is enough, or every approver must approve. */
export const approvalModes = ['any', 'all'] as const;
export type ApprovalMode = (typeof approvalModes)[number];

export const approvalRequestStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ApprovalRequestStatus = (typeof approvalRequestStatuses)[number];

/** One approver's link: waiting, answered, or void (the request was decided without it). */
export const approvalLinkStatuses = ['pending', 'approved', 'rejected', 'void'] as const;
export type ApprovalLinkStatus = (typeof approvalLinkStatuses)[number];

/** GET /engine/approval-requests/{token}/details: what the page shows. */
export const approvalRequestPageSchema = z.object({
  /** The node's title and text, expressions resolved when the flow asked. */
  title: z.string(),
  text: z.string(),
  /** The data the node shows (any JSON; null: none). */
  data: z.unknown(),
  fields: z.array(approvalFieldSchema),
  /** Whether the page offers a comment (always optional). */
  comment: z.boolean(),
  /** Whom this link is for, as the flow named them. */
  approver: z.string(),
  mode: z.enum(approvalModes),
  /** The request's status, and this link's. */
  status: z.enum(approvalRequestStatuses),
  link_status: z.enum(approvalLinkStatuses),
  /** How many approvals it needs, and how many it has. */
  needed: z.number().int(),
  approved: z.number().int(),
  requested_at: z.string(),
  expires_at: z.string(),
  /** When this link was answered (null while pending). */
  decided_at: z.string().nullable(),
});
export type ApprovalRequestPage = z.infer<typeof approvalRequestPageSchema>;

const fieldValueSchema = z.union([text().max(5000), z.number(), z.boolean(), z.null()]);

/** POST /engine/approval-requests/{token}/decision. A date field is sent as YYYY-MM-DD. */
export const approvalRequestDecisionSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  comment: text().trim().max(2000).optional(),
  fields: z.record(z.string(), fieldValueSchema).default({}),
});
export type ApprovalRequestDecision = z.infer<typeof approvalRequestDecisionSchema>;

/** An approver of a waiting execution, as /monitoring/active shows them. */
export const waitingApproverSchema = z.object({
  approver: z.string(),
  status: z.enum(approvalLinkStatuses),
  /** The link, while it is pending (to copy and send again); null after. */
  url: z.string().nullable(),
});
export type WaitingApprover = z.infer<typeof waitingApproverSchema>;
