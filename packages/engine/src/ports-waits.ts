import type { ApprovalField, ApprovalMode } from '@ponte/shared/approval-requests.schema';
import type { ExecutionScope } from './execution-scope';

/**
 * The unique links an 'Aguardar chamada' waits on (docs/adr/0114): a call to one resumes the
 * execution at its node with the caller's body, once; past `expiresAt` it answers that it
 * expired.
 */
export interface WaitLinksPort {
  /** Keeps the link with what the node resumes with: its id and its address. */
  create(
    scope: ExecutionScope,
    link: { nodeUid: string; input: unknown; flowData: Record<string, unknown>; expiresAt: number },
    signal: AbortSignal,
  ): Promise<{ id: string; url: string }>;
  /** The link expired: no call is taken any more. False when a call took it first. */
  expire(scope: ExecutionScope, id: string, signal: AbortSignal): Promise<boolean>;
}

/** What an 'Aguardar chamada' resumed by its link or its expiry gets in `ctx.resumed`. */
export type WaitLinkOutcome =
  | { outcome: 'called'; link: string; body: unknown; query: Record<string, string> }
  | { outcome: 'expired'; link: string };

/** What an 'Aguardar aprovação' asks (docs/adr/0115): resolved when the node ran. */
export interface ApprovalWaitRequest {
  nodeUid: string;
  input: unknown;
  flowData: Record<string, unknown>;
  expiresAt: number;
  mode: ApprovalMode;
  title: string;
  text: string;
  data: unknown;
  fields: ApprovalField[];
  comment: boolean;
  /** One single-use link each, in this order. */
  approvers: string[];
}

/** One person's answer, as the node's output shows it. */
export interface ApprovalAnswer {
  approver: string;
  decision: 'approved' | 'rejected';
  comment: string | null;
  fields: Record<string, unknown>;
  decided_at: string;
}

/** How a request ended when its time ran out: expired, or decided just before. */
export interface ApprovalEnd {
  decision: 'expired' | 'approved' | 'rejected';
  answers: ApprovalAnswer[];
}

/**
 * The approvals 'Aguardar aprovação' nodes wait on (docs/adr/0115): each approver gets a
 * single-use signed link that expires; the request resumes the execution at its node once it
 * is decided (any approval, or all of them; a rejection decides at once), or at its expiry.
 */
export interface ApprovalWaitsPort {
  /** Keeps the request and one link per approver (same order): its id and the links. */
  create(
    scope: ExecutionScope,
    request: ApprovalWaitRequest,
    signal: AbortSignal,
  ): Promise<{ id: string; links: { approver: string; url: string }[] }>;
  /**
   * The time ran out: the request expires with the answers given so far, or, decided a moment
   * before and not yet resumed, gives that decision; null when nothing is left to give.
   */
  expire(scope: ExecutionScope, id: string, signal: AbortSignal): Promise<ApprovalEnd | null>;
}

/** What an 'Aguardar aprovação' resumed by a decision or by its expiry gets in `ctx.resumed`. */
export type ApprovalWaitOutcome =
  | {
      outcome: 'decided';
      request: string;
      decision: 'approved' | 'rejected';
      answers: ApprovalAnswer[];
    }
  | { outcome: 'expired'; request: string };
