import type { MapContext, Mapped, N8nParams } from '../n8n-workflow';

/** n8n's HTTP Request (v1–v4) as `core_http_request` (ADR 0135). */

/** n8n credential types → the Ponte service-account type the HTTP node accepts. */
const accountTypes: Record<string, string> = {
  httpBasicAuth: 'http_basic',
  httpBearerAuth: 'bearer_token',
  httpHeaderAuth: 'bearer_token',
  oAuth2Api: 'oauth2',
  slackOAuth2Api: 'slack_oauth2',
  jwtAuth: 'jwt',
  aws: 'aws_access_key',
};

/** The Ponte account type for an n8n credential type, or null when none fits. */
export function accountTypeFor(credentialType: string): string | null {
  if (accountTypes[credentialType]) return accountTypes[credentialType];
  if (/^google.*OAuth2Api$/i.test(credentialType)) return 'google_oauth2';
  if (/OAuth2Api$/.test(credentialType)) return 'oauth2';
  return null;
}

/** v1/v2 `authentication` values → credential types. */
const v1Auth: Record<string, string> = {
  basicAuth: 'httpBasicAuth',
  headerAuth: 'httpHeaderAuth',
  queryAuth: 'httpQueryAuth',
  digestAuth: 'httpDigestAuth',
  oAuth1: 'oAuth1Api',
  oAuth2: 'oAuth2Api',
};

function credentialType(params: N8nParams): string | null {
  const auth = params.authentication ?? 'none';
  if (auth === 'none') return null;
  if (auth === 'genericCredentialType') return String(params.genericAuthType ?? '');
  if (auth === 'predefinedCredentialType') return String(params.nodeCredentialType ?? '');
  return v1Auth[auth] ?? String(auth);
}

function accountOf(context: MapContext, type: string): Mapped['account'] {
  const accountType = accountTypeFor(type);
  if (!accountType) {
    context.note(
      `A credencial "${type}" do n8n não tem tipo de conta de serviço equivalente no Ponte: a requisição vai sem autenticação até você ajustá-la (cabeçalhos ou parâmetros).`,
    );
    return undefined;
  }
  if (type === 'httpHeaderAuth')
    context.note(
      'A credencial de cabeçalho do n8n virou uma conta "Bearer token", que envia Authorization: Bearer; se a API espera outro cabeçalho, informe-o nos cabeçalhos.',
    );
  const credential =
    context.node.credentials?.[type] ?? Object.values(context.node.credentials ?? {})[0];
  const key = credential?.id || credential?.name || type;
  return { credential: String(key), accountType };
}

const rows = (context: MapContext, list: unknown) =>
  (Array.isArray(list) ? list : [])
    .filter((row) => row && typeof row === 'object')
    .map((row: Record<string, unknown>) => ({
      key: context.value(row.name ?? ''),
      value: context.value(row.value ?? ''),
    }));

/** Key-value pairs or a JSON text of v3/v4 (`specifyX: keypair|json`). */
function pairsOrJson(
  context: MapContext,
  specify: unknown,
  pairs: unknown,
  json: unknown,
  what: string,
) {
  if (specify === 'json') {
    const parsed = typeof json === 'string' && !json.startsWith('=') ? safeJson(json) : undefined;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return Object.entries(parsed).map(([key, value]) => ({ key, value: String(value) }));
    context.note(
      `Os ${what} escritos como JSON por expressão não foram convertidos: informe-os como pares nome e valor.`,
    );
    return [];
  }
  return rows(context, (pairs as { parameters?: unknown })?.parameters);
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const bodyTypes: Record<string, string> = {
  json: 'json',
  'form-urlencoded': 'form',
  'multipart-form-data': 'multipart',
  raw: 'raw',
};

function v3Body(context: MapContext): Record<string, unknown> {
  const p = context.params;
  if (!p.sendBody) return { body_type: 'none', body: '' };
  const contentType = String(p.contentType ?? 'json');
  const body_type = bodyTypes[contentType];
  if (!body_type) {
    context.note(
      `O corpo "${contentType}" (arquivo binário) não foi convertido: o corpo ficou vazio.`,
    );
    return { body_type: 'none', body: '' };
  }
  if (contentType === 'raw') return { body_type, body: context.value(p.body ?? '') };
  if (p.specifyBody === 'json') {
    const json = p.jsonBody ?? '';
    const parsed = typeof json === 'string' && !json.startsWith('=') ? safeJson(json) : undefined;
    return { body_type, body: parsed !== undefined ? parsed : context.value(json) };
  }
  const fields = (p.bodyParameters?.parameters ?? []) as Record<string, unknown>[];
  return {
    body_type,
    body: Object.fromEntries(
      fields.map((field) => [String(field.name ?? ''), context.value(field.value ?? '')]),
    ),
  };
}

function v1Params(context: MapContext): Record<string, unknown> {
  const p = context.params;
  const json = !!p.jsonParameters;
  const method = p.requestMethod ?? 'GET';
  const headers = json
    ? pairsOrJson(context, 'json', undefined, p.headerParametersJson ?? '{}', 'cabeçalhos')
    : rows(context, p.headerParametersUi?.parameter);
  const query = json
    ? pairsOrJson(context, 'json', undefined, p.queryParametersJson ?? '{}', 'parâmetros da URL')
    : rows(context, p.queryParametersUi?.parameter);
  let body: unknown = '';
  if (method !== 'GET' && method !== 'HEAD') {
    body = json
      ? (safeJson(String(p.bodyParametersJson ?? '')) ?? context.value(p.bodyParametersJson ?? ''))
      : Object.fromEntries(
          ((p.bodyParametersUi?.parameter ?? []) as Record<string, unknown>[]).map((f) => [
            String(f.name ?? ''),
            context.value(f.value ?? ''),
          ]),
        );
  }
  const empty =
    body === '' || (typeof body === 'object' && body !== null && !Object.keys(body).length);
  const bodyType = empty
    ? 'none'
    : p.options?.bodyContentType === 'form-urlencoded'
      ? 'form'
      : 'json';
  return {
    method,
    url: context.value(p.url ?? ''),
    headers,
    query,
    body_type: bodyType,
    body: empty ? '' : body,
  };
}

function v3Params(context: MapContext): Record<string, unknown> {
  const p = context.params;
  return {
    method: p.method ?? 'GET',
    url: context.value(p.url ?? ''),
    headers: p.sendHeaders
      ? pairsOrJson(context, p.specifyHeaders, p.headerParameters, p.jsonHeaders, 'cabeçalhos')
      : [],
    query: p.sendQuery
      ? pairsOrJson(context, p.specifyQuery, p.queryParameters, p.jsonQuery, 'parâmetros da URL')
      : [],
    ...v3Body(context),
  };
}

export const httpRequest = (context: MapContext): Mapped => {
  const version = context.node.typeVersion ?? 1;
  const base = version >= 3 ? v3Params(context) : v1Params(context);
  const options = context.params.options ?? {};
  const timeout = Number(options.timeout);
  const type = credentialType(context.params);
  const account = type ? accountOf(context, type) : undefined;
  if (
    options.response?.response?.responseFormat === 'file' ||
    context.params.responseFormat === 'file'
  )
    context.note(
      'A resposta em arquivo do n8n vira, no Ponte, {encoding: "base64", data} em msg.payload.',
    );
  if (options.pagination)
    context.note('A paginação automática do n8n não existe no nó HTTP do Ponte: use um loop.');
  if (options.batching || options.batchInterval)
    context.note('O envio em lotes do n8n não foi convertido.');
  if (options.response?.response?.fullResponse || options.fullResponse)
    context.note(
      'A "resposta completa" do n8n: no Ponte o corpo vem em msg.payload e status e cabeçalhos em msg.http.',
    );
  return {
    type: 'core_http_request',
    params: {
      ...base,
      timeout_ms: Number.isInteger(timeout) && timeout > 0 ? Math.min(timeout, 600_000) : 30_000,
      retries: 0,
      service_account: '',
      aws_region: '',
      aws_service: '',
    },
    outputs: [['default']],
    ...(account ? { account } : {}),
  };
};
