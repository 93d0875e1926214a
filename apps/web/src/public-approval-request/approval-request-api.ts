import { approvalRequestPageSchema } from '@ponte/shared/approval-requests.schema';
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

/** What a person reads when the server sent no message of its own. */
function fallbackOf(status: number, failure: string): string {
  if (status === 409) return approvalRequestTexts.decided;
  if (status === 410) return approvalRequestTexts.expired;
  return failure;
}

/**
 * The server's refusal as a person reads it: 404 is always the link's own text (whatever
 * answered it), the others the server's pt-BR message when it sent one.
 */
async function refusalOf(response: Response, failure: string): Promise<ApprovalRequestAnswer> {
  const status = response.status;
  if (status === 404) return { kind: 'refused', status, message: approvalRequestTexts.notFound };
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const sent = typeof body?.message === 'string' && body.message ? body.message : null;
  return { kind: 'refused', status, message: sent ?? fallbackOf(status, failure) };
}

async function request(
  path: string,
  init: RequestInit,
  failure: string,
): Promise<ApprovalRequestAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch {
    return { kind: 'refused', status: 0, message: approvalRequestTexts.offline };
  }
  if (!response.ok) return refusalOf(response, failure);
  const parsed = approvalRequestPageSchema.safeParse(await response.json().catch(() => null));
  return parsed.success
    ? { kind: 'page', page: parsed.data }
    : { kind: 'refused', status: response.status, message: failure };
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
  return request(
    `${base(token)}/decision`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
    approvalRequestTexts.sendFailed,
  );
}
