import type {
  ConnectorPaging,
  ConnectorResponse,
  ConnectorSignedRequest,
  ConnectorAuthContext,
} from '../kit/define-connector';
import type { ServiceAccount } from '../../ports';

/**
 * What Google's REST APIs share (https://cloud.google.com/apis/design/errors): a bearer token of
 * the `google_oauth2` account; refusals `{error: {code, message, status, errors: [{reason,
 * location}]}}`; limits as 429 or 403 `rateLimitExceeded` / `userRateLimitExceeded`.
 *
 * An account's 'URL da API' replaces the root of every `*.googleapis.com` host, so each path
 * carries its API and version (`v4/spreadsheets`, `drive/v3/files`, `upload/drive/v3/files`):
 * one proxy or stand-in serves Sheets and Drive alike.
 */

/** Sheets' root; Drive lives at `www.googleapis.com`. */
export const sheetsRoot = 'https://sheets.googleapis.com';
export const driveRoot = 'https://www.googleapis.com';

interface GoogleError {
  code?: number;
  message?: string;
  status?: string;
  errors?: { reason?: string; location?: string; message?: string }[];
}

export const googleError = (response: ConnectorResponse): GoogleError => {
  const body = response.body as { error?: unknown } | null;
  return body && typeof body === 'object' && body.error && typeof body.error === 'object'
    ? (body.error as GoogleError)
    : {};
};

const limitReasons = ['rateLimitExceeded', 'userRateLimitExceeded'];

/** A 403 that is Google limiting the calls, not a refusal: waited and tried again. */
export function googleRateLimited(response: ConnectorResponse): boolean {
  const reasons = (googleError(response).errors ?? []).map((e) => e.reason);
  return response.status === 403 && reasons.some((r) => limitReasons.includes(String(r)));
}

/**
 * The bearer token of the account; a Drive path on Sheets' host goes to Drive's host (the
 * spreadsheet picker lists Drive files), unless 'URL da API' serves both.
 */
export async function googleAuthorize(
  _account: ServiceAccount,
  request: ConnectorSignedRequest,
  context: ConnectorAuthContext,
): Promise<void> {
  if (request.url.origin === sheetsRoot && /^\/(upload\/)?drive\//.test(request.url.pathname)) {
    request.url.host = new URL(driveRoot).host;
  }
  request.headers.authorization = `Bearer ${await context.accessToken()}`;
}

/** The pt-BR words of the refusals people meet, by Google's reason or status. */
export interface GoogleRefusals {
  /** The service as people write it: 'Google Sheets'. */
  label: string;
  /** By `errors[].location` (a query param or a body field): the param's label. */
  fields: Record<string, string>;
  /** What a 404 means for this service's operations. */
  notFound: string;
  /** By Google's message, its own cases (a range that does not parse). */
  known?: [RegExp, string][];
}

/** Google's refusal in pt-BR, naming the service and, when it says, the field. */
export function googleErrorMessage({ label, fields, notFound, known = [] }: GoogleRefusals) {
  return (response: ConnectorResponse): string | undefined => {
    const error = googleError(response);
    const message = error.message ?? '';
    const reasons = (error.errors ?? []).map((e) => String(e.reason ?? ''));
    const location = (error.errors ?? []).map((e) => e.location).find(Boolean);
    const said = (text: string) =>
      message
        ? `O ${label} recusou a chamada: ${text} (${message}).`
        : `O ${label} recusou a chamada: ${text}.`;
    if (response.status === 401)
      return `O ${label} recusou o token da conta de serviço: conecte a conta Google de novo.`;
    if (
      /has not been used|is disabled|accessNotConfigured|SERVICE_DISABLED/.test(
        `${message} ${reasons.join(' ')}`,
      )
    )
      return said(`a API do ${label} não está ativada no projeto do Google Cloud da conta`);
    const hit = known.find(([pattern]) => pattern.test(message));
    if (hit) return said(hit[1]);
    if (location && fields[location]) return said(`o campo "${fields[location]}" não é válido`);
    if (response.status === 404) return said(notFound);
    if (response.status === 403 || error.status === 'PERMISSION_DENIED')
      return said('a conta Google não tem permissão para isso (ou faltam escopos ao conectá-la)');
    // Google's own message may end with its full stop ('Internal error encountered.').
    const own = message.replace(/\.$/, '');
    return own ? `O ${label} recusou a chamada: ${own}.` : undefined;
  };
}

/** Google's listings: `pageToken` of the next page from the answer's `nextPageToken`. */
export const googlePaging = (key: string): ConnectorPaging => ({
  items: (response) => {
    const items = (response.body as Record<string, unknown> | null)?.[key];
    return Array.isArray(items) ? items : [];
  },
  next: (request, response) => {
    const token = (response.body as { nextPageToken?: unknown } | null)?.nextPageToken;
    return typeof token === 'string' && token
      ? { ...request, query: { ...request.query, pageToken: token } }
      : null;
  },
});

/** A Drive `q` string literal: backslash and quote escaped. */
export const driveQuoted = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
