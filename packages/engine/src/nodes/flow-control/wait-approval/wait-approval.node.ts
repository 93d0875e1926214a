import type { ApprovalField, ApprovalFieldType } from '@ponte/shared/approval-requests.schema';
import { approvalFieldTypes } from '@ponte/shared/approval-requests.schema';
import { defineNode } from '../../../kit/define-node';
import { SuspendExecution } from '../../../kit/suspend-execution';
import type { ApprovalAnswer, ApprovalWaitOutcome } from '../../../ports';
import type { Message } from '../../../kit/message';
import { waitTimeoutMs } from '../wait-call/wait-call.node.ts';

export const waitApprovalMessage = 'Aguardando aprovação.';

/** At most this many approvers and fields, and this much data shown on the page. */
export const approvalLimits = {
  approvers: 20,
  fields: 20,
  dataBytes: 64 * 1024,
  title: 200,
  text: 10_000,
};

export const waitApprovalTexts = {
  noApprover: 'Informe ao menos uma pessoa em "Quem aprova".',
  tooManyApprovers: `No máximo ${approvalLimits.approvers} pessoas em "Quem aprova".`,
  tooManyFields: `No máximo ${approvalLimits.fields} campos no formulário.`,
  fieldWithoutLabel: (row: number) => `O campo ${row} do formulário não tem nome.`,
  repeatedField: (label: string) => `O campo "${label}" aparece mais de uma vez no formulário.`,
  dataTooLarge: `Os dados mostrados passam de ${approvalLimits.dataBytes / 1024} KB.`,
  titleTooLong: `O título da página passa de ${approvalLimits.title} caracteres.`,
  textTooLong: `A mensagem passa de ${approvalLimits.text.toLocaleString('pt-BR')} caracteres.`,
};

const fieldTypeOptions: { label: string; value: ApprovalFieldType }[] = [
  { label: 'Texto', value: 'text' },
  { label: 'Número', value: 'number' },
  { label: 'Data', value: 'date' },
  { label: 'Sim/Não', value: 'boolean' },
];

/**
 * 'Aguardar aprovação' (docs/adr/0115): each approver gets a single-use signed link by the
 * 'Links' output (one message each, for an e-mail, WhatsApp or Slack step to send), and the
 * execution waits, holding nothing, until the request is decided ('Aprovado' or 'Rejeitado',
 * with every answer in `msg.approval`) or its time runs out ('Expirado').
 */
export const waitApprovalNode = defineNode({
  type: 'core_wait_approval',
  version: 1,
  category: 'flow_control',
  label: 'Aguardar aprovação',
  description:
    'Envia a cada pessoa um link de uso único para aprovar ou rejeitar e espera a decisão (no máximo 30 dias).',
  icon: 'approval',
  params: {
    approvers: {
      type: 'table-params',
      label: 'Quem aprova',
      description:
        'Um nome ou e-mail por linha; cada pessoa recebe o próprio link. Uma expressão que dá uma lista acrescenta uma pessoa por item.',
      required: true,
      columns: [{ key: 'approver', label: 'Nome ou e-mail', type: 'text' }],
      default: [{ approver: '' }],
    },
    mode: {
      type: 'select',
      label: 'Decisão',
      description: 'Uma rejeição sempre decide na hora.',
      default: 'any',
      options: [
        { label: 'Basta uma aprovação', value: 'any' },
        { label: 'Todas as pessoas precisam aprovar', value: 'all' },
      ],
    },
    title: {
      type: 'text',
      label: 'Título da página',
      required: true,
      default: 'Aprovação necessária',
    },
    text: {
      type: 'textarea',
      label: 'Mensagem',
      description: 'O texto da página de aprovação; aceita expressões.',
      default: '',
    },
    data: {
      type: 'textarea',
      label: 'Dados mostrados',
      description: 'Mostrados na página, como tabela quando são um objeto. Vazio: nenhum.',
      valueType: 'any',
      default: '{{ msg.payload }}',
    },
    comment: {
      type: 'boolean',
      label: 'Pedir um comentário (opcional)',
      default: true,
    },
    fields: {
      type: 'table-params',
      label: 'Campos do formulário',
      description: 'Preenchidos por quem aprova; os obrigatórios só na aprovação.',
      columns: [
        { key: 'label', label: 'Nome', type: 'text' },
        { key: 'type', label: 'Tipo', type: 'select', options: fieldTypeOptions },
        { key: 'required', label: 'Obrigatório', type: 'boolean' },
      ],
    },
    timeout: {
      type: 'number',
      label: 'Expira em',
      description: 'Depois disso os links deixam de valer e a execução segue por Expirado.',
      required: true,
      default: 2,
      min: 0,
    },
    timeout_unit: {
      type: 'select',
      label: 'Unidade',
      default: 'd',
      options: [
        { label: 'Minutos', value: 'min' },
        { label: 'Horas', value: 'h' },
        { label: 'Dias', value: 'd' },
      ],
    },
  },
  outputs: {
    link: { label: 'Links' },
    default: { label: 'Aprovado' },
    rejected: { label: 'Rejeitado' },
    expired: { label: 'Expirado' },
  },
  checkParams: (params) => {
    const { timeout } = params;
    if (timeout === undefined || timeout === '' || typeof timeout === 'string') return null;
    const ms = waitTimeoutMs(timeout, params.timeout_unit);
    if (typeof ms === 'string') return ms;
    return Array.isArray(params.fields) ? fieldsProblem(params.fields) : null;
  },
  async run({ params, input, ports, scope, signal, flow, resumed, node }) {
    if (resumed !== undefined) {
      const outcome = resumed as ApprovalWaitOutcome;
      if (outcome.outcome === 'decided') return decided(input, outcome.decision, outcome.answers);
      // A decision a moment before the time ran out, not resumed yet, wins over the expiry.
      const ended = await ports.approvalWaits.expire(scope, outcome.request, signal);
      if (ended && ended.decision !== 'expired')
        return decided(input, ended.decision, ended.answers);
      return {
        output: 'expired',
        msg: { ...input, approval: { status: 'expired', answers: ended?.answers ?? [] } },
      };
    }
    const ms = waitTimeoutMs(params.timeout, params.timeout_unit);
    if (typeof ms === 'string') throw new Error(ms);
    const approvers = approversOf(params.approvers);
    const fields = fieldsOf(params.fields);
    const data = params.data === '' ? null : (params.data ?? null);
    if (Buffer.byteLength(JSON.stringify(data)) > approvalLimits.dataBytes)
      throw new Error(waitApprovalTexts.dataTooLarge);
    if (params.title.length > approvalLimits.title) throw new Error(waitApprovalTexts.titleTooLong);
    if (params.text.length > approvalLimits.text) throw new Error(waitApprovalTexts.textTooLong);
    const expiresAt = ports.clock.now() + ms;
    const created = await ports.approvalWaits.create(
      scope,
      {
        nodeUid: node.uid,
        input,
        flowData: flow.snapshot(),
        expiresAt,
        mode: params.mode === 'all' ? 'all' : 'any',
        title: params.title,
        text: params.text,
        data,
        fields,
        comment: params.comment,
        approvers,
      },
      signal,
    );
    const expires_at = new Date(expiresAt).toISOString();
    const sent = created.links.map((link) => ({
      output: 'link',
      msg: { ...input, approval: { approver: link.approver, url: link.url, expires_at } },
    }));
    throw new SuspendExecution(waitApprovalMessage, sent, {
      at: expiresAt,
      value: { outcome: 'expired', request: created.id } satisfies ApprovalWaitOutcome,
    });
  },
});

/** The way out of a decision, with every answer, the deciding comment and the fields. */
function decided(input: Message, decision: 'approved' | 'rejected', answers: ApprovalAnswer[]) {
  const approval = { status: decision, answers, ...merged(answers) };
  return { output: decision === 'approved' ? 'default' : 'rejected', msg: { ...input, approval } };
}

/** The deciding comment and the fields of the answers, the last answer's value winning. */
function merged(answers: { comment: string | null; fields: Record<string, unknown> }[]) {
  const last = answers.at(-1);
  return {
    comment: last?.comment ?? null,
    fields: Object.assign({}, ...answers.map((answer) => answer.fields)) as Record<string, unknown>,
  };
}

/** The approvers of the table: trimmed, lists spread, empty and repeated ones left out. */
export function approversOf(rows: Record<string, unknown>[]): string[] {
  const names = rows
    .flatMap((row) => (Array.isArray(row.approver) ? row.approver : [row.approver]))
    .map((value) => (value === null || value === undefined ? '' : String(value).trim()))
    .filter(Boolean);
  const approvers = [...new Set(names)];
  if (!approvers.length) throw new Error(waitApprovalTexts.noApprover);
  if (approvers.length > approvalLimits.approvers)
    throw new Error(waitApprovalTexts.tooManyApprovers);
  return approvers.map((approver) => approver.slice(0, 200));
}

/** The form's fields, or what is wrong with them (pt-BR). */
function fieldsProblem(rows: unknown[]): string | null {
  if (rows.length > approvalLimits.fields) return waitApprovalTexts.tooManyFields;
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const label = String((row as { label?: unknown } | null)?.label ?? '').trim();
    if (!label) return waitApprovalTexts.fieldWithoutLabel(index + 1);
    if (seen.has(label)) return waitApprovalTexts.repeatedField(label);
    seen.add(label);
  }
  return null;
}

function fieldsOf(rows: Record<string, unknown>[] | undefined): ApprovalField[] {
  const list = rows ?? [];
  const problem = fieldsProblem(list);
  if (problem) throw new Error(problem);
  return list.map((row) => {
    const label = String(row.label).trim().slice(0, 200);
    const type = approvalFieldTypes.find((kind) => kind === row.type) ?? 'text';
    return { key: label, label, type, required: row.required === true };
  });
}
