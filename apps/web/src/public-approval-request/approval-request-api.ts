import { approvalRequestPageSchema } from '@ponte/shared/approval-requests.schema';
import { postJson, publicLinkRequest } from '../lib/public-link-request';
import type {
  ApprovalRequestDecision,
  ApprovalRequestPage,
} from '@ponte/shared/approval-requests.schema';

export const approvalRequestTexts = {
  title: 'Aprovação',
  notFound: 'Link de aprovação inválido ou expirado.',
  used: 'Este link já foi usado.',
  decided: 'Esta aprovação já foi decidida.',
  expired: 'Este link de aprovação expirou.',
  loadFailed: 'Não foi possível carregar a aprovação. Tente novamente.',
  sendFailed: 'Não foi possível enviar a decisão. Tente novamente.',
  offline: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
} as const;

export type ApprovalRequestAnswer =
  | { kind: 'page'; page: ApprovalRequestPage }
  | { kind: 'refused'; status: number; message: string };

const base = (token: string) => `/engine/approval-requests/${encodeURIComponent(token)}`;

async function request(
  path: string,
  init: RequestInit,
  failure: string,
): Promise<ApprovalRequestAnswer> {
  const answer = await publicLinkRequest(path, init, approvalRequestPageSchema, {
    notFound: approvalRequestTexts.notFound,
    offline: approvalRequestTexts.offline,
    failure,
    byStatus: { 409: approvalRequestTexts.decided, 410: approvalRequestTexts.expired },
  });
  return answer.kind === 'ok' ? { kind: 'page', page: answer.value } : answer;
}

/** GET /engine/approval-requests/{token}/details: what the link's page shows. */
export function fetchApprovalRequest(token: string): Promise<ApprovalRequestAnswer> {
  return request(`${base(token)}/details`, {}, approvalRequestTexts.loadFailed);
}

/**
 * POST /engine/approval-requests/{token}/decision: the page as it is after it; 409 when the
 * link was used or the request decided, 410 when it expired, 400 for a field refused.
 */
export function sendApprovalDecision(
  token: string,
  body: ApprovalRequestDecision,
): Promise<ApprovalRequestAnswer> {
  return request(`${base(token)}/decision`, postJson(body), approvalRequestTexts.sendFailed);
}
