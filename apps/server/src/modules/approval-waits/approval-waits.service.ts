import type {
  ApprovalField,
  ApprovalRequestDecision,
  ApprovalRequestPage,
} from '@ponte/shared/approval-requests.schema';
import { errorCodes } from '@ponte/shared/errors';
import type { ApprovalWaitOutcome } from '@ponte/engine/ports';
import { approvalLinkIdOf, approvalLinkSigned } from '../../adapters/approval-waits-port';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import type { Database } from '../../db/client';
import type { ResumeRequest } from '../executions/execution-enqueue';
import {
  createApprovalWaitsRepository,
  type ApprovalWaitLinkRow,
  type ApprovalWaitRow,
  type Recorded,
} from './approval-waits.repository';

export const approvalWaitTexts = {
  notFound: 'Link de aprovação inválido ou expirado.',
  used: 'Este link já foi usado.',
  decided: 'Esta aprovação já foi decidida.',
  expired: 'Este link de aprovação expirou.',
  notWaiting: 'A execução desta aprovação não está aguardando agora; tente de novo em instantes.',
  ended: 'Esta aprovação não vale mais: a execução foi encerrada.',
  required: (label: string) => `Preencha "${label}" para aprovar.`,
  number: (label: string) => `"${label}" deve ser um número.`,
  date: (label: string) => `"${label}" deve ser uma data válida (DD/MM/AAAA).`,
  boolean: (label: string) => `"${label}" deve ser sim ou não.`,
  text: (label: string) => `"${label}" deve ser um texto.`,
};

export interface ApprovalWaitsServiceDeps {
  db: Database;
  now: () => Date;
  /** The key the links are signed with (approvalLinkKey). */
  key: Buffer;
  /** Resumes a waiting execution (the runner's); false when it was not waiting. */
  resume(workspaceId: string, executionId: string, request: ResumeRequest): Promise<boolean>;
  /** The execution's status in the workspace, or null when it is gone. */
  executionStatus(workspaceId: string, executionId: string): Promise<string | null>;
}

/** The statuses of an execution an answer may still resume. */
const alive = ['waiting', 'running', 'queued'];

const refused = (status: 409 | 410, message: string) =>
  new AppError(status, status === 410 ? errorCodes.expired : errorCodes.conflict, message);

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const validDate = (value: string) => {
  const match = isoDate.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
};

/** The answer's values of the request's fields, checked: the first problem in pt-BR. */
export function fieldValues(
  fields: ApprovalField[],
  given: Record<string, unknown>,
  approving: boolean,
): Record<string, unknown> {
  const values: Record<string, unknown> = Object.create(null);
  for (const field of fields) {
    const value = Object.hasOwn(given, field.key) ? given[field.key] : undefined;
    // A required yes/no is a box to tick, as on the public forms.
    const empty =
      value === undefined || value === null || value === '' || (field.required && value === false);
    if (empty) {
      if (approving && field.required)
        throw invalidField(field.key, approvalWaitTexts.required(field.label));
      continue;
    }
    const fits =
      field.type === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : field.type === 'boolean'
          ? typeof value === 'boolean'
          : typeof value === 'string' && (field.type !== 'date' || validDate(value));
    if (!fits) throw invalidField(field.key, approvalWaitTexts[field.type](field.label));
    values[field.key] = typeof value === 'string' ? value.trim() : value;
  }
  return { ...values };
}

function pageOf(
  request: ApprovalWaitRow,
  links: ApprovalWaitLinkRow[],
  link: ApprovalWaitLinkRow,
): ApprovalRequestPage {
  return {
    title: request.title,
    text: request.text,
    data: request.data ?? null,
    fields: request.fields,
    comment: request.comment,
    approver: link.approver,
    mode: request.mode,
    status: request.status,
    link_status: link.status,
    needed: request.mode === 'all' ? links.length : 1,
    approved: links.filter((candidate) => candidate.status === 'approved').length,
    requested_at: request.requestedAt.toISOString(),
    expires_at: request.expiresAt.toISOString(),
    decided_at: link.decidedAt?.toISOString() ?? null,
  };
}

/**
 * The links of 'Aguardar aprovação' (docs/adr/0115): a link's page, and its one answer. The
 * answer that decides the request resumes the waiting execution at the node, once.
 */
export function createApprovalWaitsService(deps: ApprovalWaitsServiceDeps) {
  const repository = createApprovalWaitsRepository(deps.db);

  /** The link the token names, its signature checked against its request's expiry. */
  async function linkOf(token: string) {
    const id = approvalLinkIdOf(token);
    const found = id ? await repository.findLink(id) : null;
    if (!found || !approvalLinkSigned(deps.key, token, found.request.expiresAt))
      throw notFound(approvalWaitTexts.notFound);
    return found;
  }

  return {
    async details(token: string): Promise<ApprovalRequestPage> {
      const { request, links, link } = await linkOf(token);
      const expired = request.status === 'pending' && request.expiresAt <= deps.now();
      return pageOf(expired ? { ...request, status: 'expired' } : request, links, link);
    },

    async decide(token: string, body: ApprovalRequestDecision): Promise<ApprovalRequestPage> {
      const { request, link } = await linkOf(token);
      if (link.status !== 'pending' && link.status !== 'void')
        throw refused(409, approvalWaitTexts.used);
      const approving = body.decision === 'approve';
      const fields = fieldValues(request.fields, body.fields, approving);
      // Decided or expired, the answer is refused for that below; pending, the run must wait.
      if (request.status === 'pending' && request.expiresAt > deps.now())
        await refuseEnded(request);
      const recorded = await repository.record({
        linkId: link.id,
        decision: approving ? 'approved' : 'rejected',
        comment: request.comment ? body.comment || null : null,
        fields,
        at: deps.now(),
      });
      if (recorded.kind === 'refused') {
        if (recorded.why === 'expired') throw refused(410, approvalWaitTexts.expired);
        throw refused(409, approvalWaitTexts[recorded.why]);
      }
      if (recorded.kind === 'decided') await resumeWith(recorded, link.id);
      const after = await linkOf(token);
      return pageOf(after.request, after.links, after.link);
    },
  };

  /** An execution stopped or ended no longer waits: its request is closed and refused (410). */
  async function refuseEnded(request: ApprovalWaitRow) {
    const status = await deps.executionStatus(request.workspaceId, request.executionId);
    if (status !== null && alive.includes(status)) return;
    await repository.expire(request.workspaceId, request.id, deps.now());
    throw refused(410, approvalWaitTexts.ended);
  }

  /**
   * The deciding answer resumes the execution at the node. Not waiting at that moment (the
   * part that asked still runs), or the queue failing: the answer is undone for the person to
   * send again, unless the node's expiry took the decision meanwhile (it then went on with it).
   */
  async function resumeWith(recorded: Extract<Recorded, { kind: 'decided' }>, linkId: string) {
    const { request } = recorded;
    const value: ApprovalWaitOutcome = {
      outcome: 'decided',
      request: request.id,
      decision: request.status === 'approved' ? 'approved' : 'rejected',
      answers: recorded.answers,
    };
    const resumed = await deps
      .resume(request.workspaceId, request.executionId, {
        nodeUid: request.nodeUid,
        msg: (request.input ?? {}) as Record<string, unknown>,
        value,
        flowData: (request.flowData ?? {}) as Record<string, unknown>,
      })
      .catch(async (error: unknown) => {
        await repository.giveBack(request.id, linkId);
        throw error;
      });
    if (resumed) return repository.forget(request.id);
    if (!(await repository.giveBack(request.id, linkId))) return;
    await refuseEnded(request);
    throw new AppError(503, errorCodes.flowBusy, approvalWaitTexts.notWaiting);
  }
}

export type ApprovalWaitsService = ReturnType<typeof createApprovalWaitsService>;
