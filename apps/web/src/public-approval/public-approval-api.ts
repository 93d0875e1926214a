import { approvalSchema } from '@ponte/shared/approvals.schema';
import type { Approval, ApprovalDecisionBody } from '@ponte/shared/approvals.schema';
import { postJson, publicLinkRequest } from '../lib/public-link-request';

export const approvalTexts = {
  title: 'Aprovação de ferramenta',
  notFound: 'Link de aprovação inválido ou expirado.',
  decided: 'Esta aprovação já foi decidida.',
  loadFailed: 'Não foi possível carregar a aprovação. Tente novamente.',
  sendFailed: 'Não foi possível enviar a decisão. Tente novamente.',
  offline: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
} as const;

export type ApprovalAnswer =
  { kind: 'approval'; approval: Approval } | { kind: 'refused'; status: number; message: string };

const base = (token: string) => `/engine/approvals/${encodeURIComponent(token)}`;

async function request(path: string, init: RequestInit, failure: string): Promise<ApprovalAnswer> {
  const answer = await publicLinkRequest(path, init, approvalSchema, {
    notFound: approvalTexts.notFound,
    offline: approvalTexts.offline,
    failure,
    byStatus: { 409: approvalTexts.decided },
  });
  return answer.kind === 'ok' ? { kind: 'approval', approval: answer.value } : answer;
}

/** GET /engine/approvals/{token}/details: the call the link is for, pending or decided. */
export function fetchApproval(token: string): Promise<ApprovalAnswer> {
  return request(`${base(token)}/details`, {}, approvalTexts.loadFailed);
}

/** POST /engine/approvals/{token}/decision: 409 when it was decided already. */
export function sendDecision(token: string, body: ApprovalDecisionBody): Promise<ApprovalAnswer> {
  return request(`${base(token)}/decision`, postJson(body), approvalTexts.sendFailed);
}
