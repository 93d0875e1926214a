import type { ConnectorDeclaration, ConnectorResponse } from '../kit/connector-types';
import { pixApiBaseUrl, pixClientCertificate } from './pix-api-account';

/**
 * The calls of the Banco Central's Pix API (https://github.com/bacen/pix-api, openapi.yaml
 * v2.9.0) that the 'Pix' node and its trigger share (docs/adr/0117): the account's 'URL da
 * API', its OAuth2 token as a bearer, its client certificate on every call (mutual TLS), and the
 * API's refusals (RFC 7807 problem JSON) in pt-BR naming the fields.
 */

/** One entry of `violacoes` (schema Violacao): the field and why. */
interface Violation {
  razao?: unknown;
  propriedade?: unknown;
  valor?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Statuses the API documents, said in pt-BR when the problem has no title. */
const statusMeanings: Record<number, string> = {
  400: 'requisição inválida',
  401: 'token recusado',
  403: 'acesso negado (o token não tem o escopo desta operação)',
  404: 'não encontrado',
  503: 'serviço indisponível',
};

/**
 * The pt-BR message of a refusal (schema Problema: `title`, `detail`, `violacoes`):
 * 'A API Pix recusou a chamada (status 400): Cobrança inválida. — campo cob.valor.original: O
 * campo cob.valor.original não respeita o _schema_.'
 */
export function pixApiErrorMessage(response: ConnectorResponse): string | undefined {
  const body =
    response.body && typeof response.body === 'object'
      ? (response.body as Record<string, unknown>)
      : {};
  const title = text(body.title);
  const detail = text(body.detail);
  const violations = (Array.isArray(body.violacoes) ? (body.violacoes as Violation[]) : [])
    .map((violation) => {
      const field = text(violation.propriedade);
      const reason = text(violation.razao);
      return field ? `campo ${field}: ${reason || 'valor inválido'}` : reason;
    })
    .filter(Boolean);
  const said = [title, detail].filter(Boolean).join(' ') || statusMeanings[response.status];
  if (!said && !violations.length) return undefined;
  const fields = violations.length ? ` — ${violations.join('; ')}` : '';
  return `A API Pix recusou a chamada (status ${response.status}): ${said ?? ''}${fields}`.trim();
}

export const pixApiDeclaration: ConnectorDeclaration = {
  service: 'pix',
  label: 'API Pix',
  description:
    'Cobranças imediatas, Pix recebidos, devoluções e webhooks da API Pix do Banco Central.',
  icon: 'qrcode',
  accountTypes: ['pix_api'],
  // A PSP has no common address: the account's 'URL da API' is required.
  baseUrl: (account) => pixApiBaseUrl(account.data),
  params: {},
  operations: {},
  refuseAccount(account) {
    if (!/^https:\/\//i.test(pixApiBaseUrl(account.data)))
      return `A conta "${account.name}" precisa de uma URL da API com https.`;
    return undefined;
  },
  async authorize(_account, request, context) {
    request.headers.authorization = `Bearer ${await context.accessToken()}`;
  },
  clientCertificate: (account) => pixClientCertificate(account.data),
  errorMessage: pixApiErrorMessage,
};
