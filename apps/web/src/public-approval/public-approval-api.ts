import { approvalSchema } from '@ponte/shared/approvals.schema';
import type { Approval, ApprovalDecisionBody } from '@ponte/shared/approvals.schema';

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

/**
 * The engine's refusal as a person reads it: 404 is always the link's own text (whatever
 * answered it), 409 and the others the server's pt-BR message when it sent one.
 */
async function refusalOf(response: Response, fallback: string): Promise<ApprovalAnswer> {
  const status = response.status;
  if (status === 404) return { kind: 'refused', status, message: approvalTexts.notFound };
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const sent = typeof body?.message === 'string' && body.message ? body.message : null;
  return {
    kind: 'refused',
    status,
    message: sent ?? (status === 409 ? approvalTexts.decided : fallback),
  };
}

async function request(path: string, init: RequestInit, failure: string): Promise<ApprovalAnswer> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch {
    return { kind: 'refused', status: 0, message: approvalTexts.offline };
  }
  if (!response.ok) return refusalOf(response, failure);
  const parsed = approvalSchema.safeParse(await response.json().catch(() => null));
  return parsed.success
    ? { kind: 'approval', approval: parsed.data }
    : { kind: 'refused', status: response.status, message: failure };
}

/** GET /engine/approvals/{token}/details: the call the link is for, pending or decided. */
export function fetchApproval(token: string): Promise<ApprovalAnswer> {
  return request(`${base(token)}/details`, {}, approvalTexts.loadFailed);
}

/** POST /engine/approvals/{token}/decision: 409 when it was decided already. */
export function sendDecision(token: string, body: ApprovalDecisionBody): Promise<ApprovalAnswer> {
  return request(
    `${base(token)}/decision`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
    approvalTexts.sendFailed,
  );
}
