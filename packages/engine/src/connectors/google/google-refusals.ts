import type { ConnectorResponse } from '../kit/define-connector';

/**
 * Google's JSON error answer (https://cloud.google.com/apis/design/errors#http_mapping and
 * https://developers.google.com/gmail/api/guides/handle-errors):
 * `{error: {code, message, status, errors: [{reason, message, location}]}}`.
 */
export interface GoogleError {
  code?: number;
  message?: string;
  status?: string;
  errors?: { reason?: string; message?: string; location?: string }[];
}

export function googleError(response: ConnectorResponse): GoogleError {
  const body = response.body as { error?: unknown } | undefined;
  return body && typeof body === 'object' && body.error && typeof body.error === 'object'
    ? (body.error as GoogleError)
    : {};
}

const reasons = (error: GoogleError) =>
  (error.errors ?? []).map((item) => item.reason).filter((reason) => !!reason) as string[];

/** 403 reasons by which Google says it limits the calls: waited out as a 429. */
const limitReasons = ['rateLimitExceeded', 'userRateLimitExceeded'];

export const googleRateLimited = (response: ConnectorResponse): boolean =>
  response.status === 403 && reasons(googleError(response)).some((r) => limitReasons.includes(r));

/** A rule: what Google's answer says, the pt-BR text naming the node's field. */
export type GoogleRule = [(error: GoogleError, status: number) => boolean, string];

export const byReason =
  (...names: string[]) =>
  (error: GoogleError) =>
    reasons(error).some((reason) => names.includes(reason));

export const byMessage = (pattern: RegExp) => (error: GoogleError) =>
  pattern.test(error.message ?? '') ||
  (error.errors ?? []).some((e) => pattern.test(e.message ?? ''));

/**
 * The pt-BR message of one of Google's refusals, `service` being the API's name ('Gmail'):
 * the account's authorisation and the API's activation first (same for every Google API), then
 * the connector's own rules naming its fields, else Google's own message.
 */
export function googleErrorMessage(
  service: string,
  response: ConnectorResponse,
  rules: GoogleRule[],
): string | undefined {
  const error = googleError(response);
  const said = error.message ? ` (${error.message})` : '';
  if (response.status === 401)
    return `O Google recusou o acesso da conta de serviço ao ${service}: autorize a conta de novo.`;
  if (
    error.status === 'PERMISSION_DENIED' &&
    (byReason('accessNotConfigured', 'SERVICE_DISABLED')(error) ||
      /has not been used|is disabled/i.test(error.message ?? ''))
  )
    return `A API do ${service} não está ativada no projeto do Google Cloud da conta de serviço: ative-a na Biblioteca de APIs do console${said}.`;
  if (
    byReason('insufficientPermissions', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT')(error) ||
    /insufficient authentication scopes/i.test(error.message ?? '')
  )
    return `A conta de serviço não autorizou o Ponte a usar o ${service}: autorize a conta de novo, aceitando o acesso ao ${service}.`;
  const hit = rules.find(([matches]) => matches(error, response.status));
  if (hit) return `O ${service} recusou a chamada: ${hit[1]}${said}.`;
  // Google's own message may end with its full stop ('Internal error encountered.').
  const own = error.message?.replace(/\.$/, '');
  return own ? `O ${service} recusou a chamada: ${own}.` : undefined;
}

/** Google's next page: the same request with `pageToken`, or null after the last one. */
export function nextPageToken<R extends { query?: Record<string, unknown> }>(
  request: R,
  response: ConnectorResponse,
): R | null {
  const token = (response.body as { nextPageToken?: unknown } | undefined)?.nextPageToken;
  return typeof token === 'string' && token
    ? { ...request, query: { ...request.query, pageToken: token } }
    : null;
}

/** The bearer token of a Google (OAuth2) account, refreshed by the server when it expires. */
export async function googleAuthorize(
  _account: unknown,
  request: { headers: Record<string, string> },
  context: { accessToken(): Promise<string> },
): Promise<void> {
  request.headers.authorization = `Bearer ${await context.accessToken()}`;
}
