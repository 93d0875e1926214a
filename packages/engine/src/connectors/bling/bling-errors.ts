import type { ConnectorResponse } from '../kit/define-connector';

/**
 * Bling's refusals (https://developer.bling.com.br/referencia, "Estrutura de erros"):
 * `{error: {type, message, description, fields: [{code, msg, element, namespace}]}}`; 429 with
 * type TOO_MANY_REQUESTS when the calls pass 3 a second or the daily cap.
 */
interface BlingError {
  type?: unknown;
  message?: unknown;
  description?: unknown;
  fields?: { code?: unknown; msg?: unknown; element?: unknown; namespace?: unknown }[];
}

export function blingError(response: ConnectorResponse): BlingError {
  const body = response.body as { error?: BlingError } | null;
  return body && typeof body === 'object' && body.error && typeof body.error === 'object'
    ? body.error
    : {};
}

/** Bling's elements the node has a field for: the message names the field people see. */
const fieldLabels: Record<string, string> = {
  nome: 'Nome',
  numeroDocumento: 'CPF/CNPJ',
  tipo: 'Tipo de pessoa',
  email: 'E-mail',
  telefone: 'Telefone',
  codigo: 'Código (SKU)',
  preco: 'Preço',
  unidade: 'Unidade',
  contato: 'ID do contato',
  'contato.id': 'ID do contato',
  data: 'Data',
  itens: 'Itens',
  produto: 'ID do produto',
  'produto.id': 'ID do produto',
  deposito: 'ID do depósito',
  'deposito.id': 'ID do depósito',
  quantidade: 'Quantidade',
  operacao: 'Operação de estoque',
  idsProdutos: 'IDs dos produtos',
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** One field of a refusal: 'o campo "Nome" (nome): O nome do contato não pode ser vazio'. */
function fieldText(field: NonNullable<BlingError['fields']>[number]): string {
  const element = text(field.element);
  const label = fieldLabels[element];
  const name = label ? `"${label}" (${element})` : element ? `"${element}"` : '';
  const msg = text(field.msg);
  if (name && msg) return `o campo ${name}: ${msg}`;
  return name ? `o campo ${name}` : msg;
}

/** The pt-BR message of a refusal, naming Bling and the fields it names. */
export function blingErrorMessage(response: ConnectorResponse): string | undefined {
  const error = blingError(response);
  const type = text(error.type);
  if (response.status === 401) {
    return 'O Bling recusou o token de acesso da conta de serviço: autorize a conta de novo em Contas de serviço.';
  }
  if (response.status === 429 || type === 'TOO_MANY_REQUESTS') {
    return 'O Bling limitou as chamadas (3 por segundo e um teto diário por conta) e continuou recusando depois das novas tentativas. Tente mais tarde ou diminua a frequência do fluxo.';
  }
  const what = text(error.description) || text(error.message);
  const fields = (Array.isArray(error.fields) ? error.fields : []).map(fieldText).filter(Boolean);
  if (response.status === 404 || type === 'RESOURCE_NOT_FOUND') {
    return `O Bling não encontrou o registro pedido: confira o campo "ID"${what ? ` (${what})` : ''}.`;
  }
  if (!what && !fields.length) return undefined;
  const base = `O Bling recusou a chamada${what ? `: ${what.replace(/\.$/, '')}` : ''}`;
  return fields.length ? `${base} — ${fields.join('; ')}.` : `${base}.`;
}
