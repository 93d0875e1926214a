import type { Approval } from '@ponte/shared/approvals.schema';

/**
 * A call waiting for a person, in the shape of packages/shared/src/approvals.schema.ts (the
 * contract the server answers with): a refund the model asked for, with a text that looks like
 * HTML to show it stays text.
 */
export function pendingApproval(extra: Partial<Approval> = {}): Approval {
  return {
    _id: 'ap1',
    status: 'pending',
    execution_id: 'ex1',
    flow: { _id: 'f1', name: 'Atendimento ao cliente' },
    node: { uid: 'agent', name: 'Agente de suporte' },
    tool: { name: 'reembolsar_pedido', label: 'Reembolsar pedido', kind: 'node' },
    arguments: { pedido: 'PED-42', valor: 129.9, nota: '<img src=x onerror=alert(1)>' },
    model_text: 'Vou reembolsar o pedido PED-42, como o cliente pediu.',
    requested_at: '2026-01-15T12:00:00.000Z',
    decided_at: null,
    decided_by: null,
    reason: null,
    ...extra,
  };
}

/** The arguments above as the page shows them. */
export const pendingArgumentsText = `{
  "pedido": "PED-42",
  "valor": 129.9,
  "nota": "<img src=x onerror=alert(1)>"
}`;
