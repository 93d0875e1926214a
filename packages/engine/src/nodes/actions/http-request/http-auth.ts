/** How a service account authenticates an HTTP request (ADR 0028). */
import aws4 from 'aws4';
import { messages } from '@ponte/shared/messages';
import { hostAllowed, hostBinding, httpSigningTypes } from '@ponte/shared/service-account-hosts';
import type {
  ExecutionScope,
  HttpResponse,
  ServiceAccount,
  ServiceAccountsPort,
} from '../../../ports';

/** The account types the HTTP node and custom connectors accept, in the picker's order. */
export const httpAccountTypes: string[] = [...httpSigningTypes];

/** Types whose bearer comes from the port's `accessToken` (fetched, cached, refreshed there). */
const tokenTypes = new Set(['jwt', 'oauth2', 'slack_oauth2', 'google_oauth2']);

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The execution's clock: the signature's date. */
  now: number;
}

export interface HttpAuth {
  /** The account's fixed headers (token types get theirs from `bearer`). */
  headers: Record<string, string>;
  baseUrl?: string;
  /** Throws, naming the account, when a URL's host is not one the account may go to. */
  checkHost: (url: URL) => void;
  /** Token types: the bearer header from the port; `force` asks a fresh one (after a 401). */
  bearer?: (force: boolean) => Promise<Record<string, string>>;
  /** aws_access_key: the headers that sign this exact request (SigV4). */
  sign?: (request: SignInput) => Record<string, string>;
}

interface AuthContext {
  serviceAccounts: ServiceAccountsPort;
  scope: ExecutionScope;
  signal: AbortSignal;
  /** Optional params of the node: the AWS region and service when the host does not say. */
  awsRegion?: string | undefined;
  awsService?: string | undefined;
}

const awsHost = /\.amazonaws\.com(\.cn)?$/i;

interface AwsTarget {
  region?: string | undefined;
  service?: string | undefined;
}

/** The account's key pair, after checking the URL says (or the options give) where it signs. */
function awsKeys(account: ServiceAccount, url: URL, options: AwsTarget) {
  const accessKeyId = String(account.data.access_key_id ?? '');
  const secretAccessKey = String(account.data.secret_access_key ?? '');
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('A conta AWS não tem a chave de acesso completa.');
  }
  if (!awsHost.test(url.hostname) && (!options.region || !options.service)) {
    throw new Error(
      'Informe a região e o serviço AWS: não foi possível deduzi-los do endereço da URL.',
    );
  }
  return { accessKeyId, secretAccessKey };
}

const amzDateOf = (now: number) => new Date(now).toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * A presigned URL (SigV4 in the query string) of a request without a body: whoever holds it
 * may make that request until `expiresSeconds` after `now`.
 */
export function presignAws(
  account: ServiceAccount,
  request: { method: string; url: URL; now: number; expiresSeconds: number },
  options: AwsTarget,
): URL {
  const keys = awsKeys(account, request.url, options);
  const query = new URLSearchParams(request.url.search);
  query.set('X-Amz-Date', amzDateOf(request.now));
  query.set('X-Amz-Expires', String(request.expiresSeconds));
  const signed = aws4.sign(
    {
      method: request.method,
      host: request.url.host,
      path: `${request.url.pathname}?${query.toString()}`,
      signQuery: true,
      ...(options.region ? { region: options.region } : {}),
      ...(options.service ? { service: options.service } : {}),
    },
    keys,
  );
  return new URL(`${request.url.protocol}//${request.url.host}${signed.path ?? ''}`);
}

/** SigV4 headers (authorization, x-amz-date, x-amz-content-sha256 for S3) of one request. */
export function signAws(
  account: ServiceAccount,
  request: SignInput,
  options: AwsTarget,
): Record<string, string> {
  const keys = awsKeys(account, request.url, options);
  const amzDate = amzDateOf(request.now);
  const signed = aws4.sign(
    {
      method: request.method,
      host: request.url.host,
      path: `${request.url.pathname}${request.url.search}`,
      headers: { ...request.headers, 'X-Amz-Date': amzDate },
      ...(request.body !== undefined
        ? { body: typeof request.body === 'string' ? request.body : Buffer.from(request.body) }
        : {}),
      ...(options.region ? { region: options.region } : {}),
      ...(options.service ? { service: options.service } : {}),
    },
    keys,
  );
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(signed.headers ?? {})) {
    // The client sends Host from the URL (the same value); Content-Length from the body.
    if (['host', 'content-length'].includes(key.toLowerCase())) continue;
    headers[key.toLowerCase()] = String(value);
  }
  return headers;
}

/**
 * The rule of docs/adr/0071: an account signs only requests to its own hosts, its vendor's,
 * the domains it lists, or any host when it says 'Todos os domínios'.
 */
export function hostChecker(account: ServiceAccount): (url: URL) => void {
  const binding = hostBinding(account.type, account.data, account.configuredHosts);
  return (url) => {
    if (hostAllowed(binding, url.hostname)) return;
    const m = messages.serviceAccounts;
    throw new Error(
      binding.hosts.length
        ? m.hostRefused(account.name, binding.hosts, url.hostname)
        : m.noHosts(account.name),
    );
  };
}

/** Headers (and base URL, bearer, signer) an account gives the HTTP node. */
export function httpAuth(account: ServiceAccount, context: AuthContext): HttpAuth {
  const data = account.data;
  const baseUrl = typeof data.url === 'string' && data.url ? data.url : undefined;
  const base = { checkHost: hostChecker(account), ...(baseUrl ? { baseUrl } : {}) };
  if (tokenTypes.has(account.type)) {
    const bearer = async (force: boolean) => {
      const token = await context.serviceAccounts.accessToken(context.scope, account._id, {
        force,
        signal: context.signal,
      });
      return { authorization: `Bearer ${token}` };
    };
    return { headers: {}, ...base, bearer };
  }
  switch (account.type) {
    case 'bearer_token':
      return { headers: { authorization: `Bearer ${String(data.token ?? '')}` }, ...base };
    case 'http_basic': {
      const pair = `${String(data.username ?? '')}:${String(data.password ?? '')}`;
      return {
        headers: { authorization: `Basic ${Buffer.from(pair).toString('base64')}` },
        ...base,
      };
    }
    case 'aws_access_key':
      return {
        headers: {},
        ...base,
        sign: (request) =>
          signAws(account, request, { region: context.awsRegion, service: context.awsService }),
      };
    default:
      throw new Error(`A Requisição HTTP não aceita contas de serviço do tipo ${account.type}.`);
  }
}

/** The URL a request goes to: relative ones against the account's base URL; http(s) only. */
export function resolveUrl(raw: string, baseUrl?: string): URL {
  let url: URL;
  try {
    url =
      baseUrl && !/^https?:\/\//i.test(raw)
        ? new URL(raw, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
        : new URL(raw);
  } catch {
    throw new Error(`URL inválida: ${raw}`);
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw new Error(`URL inválida: ${raw}`);
  return url;
}

export interface AuthorizeInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/**
 * Sends a request with an account's auth (or none), the one way the HTTP node and the custom
 * connectors do it. The target's host is checked against the account before anything else (no
 * token is fetched for a request that may not go); `send` gets `authorize`, which checks each
 * try's URL again and gives its headers (the account's, signed for that try when it is AWS);
 * after a 401, a token account asks a fresh token once and `send` runs once more.
 */
export async function sendAuthorized<T extends { response?: HttpResponse | undefined }>(
  auth: HttpAuth | undefined,
  target: URL,
  now: () => number,
  send: (authorize: (request: AuthorizeInput) => Record<string, string>) => Promise<T>,
): Promise<T> {
  auth?.checkHost(target);
  const authHeaders = { ...auth?.headers, ...(await auth?.bearer?.(false)) };
  const authorize = (request: AuthorizeInput) => {
    auth?.checkHost(request.url);
    const sent = { ...request.headers, ...authHeaders };
    if (auth?.sign) Object.assign(sent, auth.sign({ ...request, headers: sent, now: now() }));
    return sent;
  };
  const first = await send(authorize);
  if (first.response?.status !== 401 || !auth?.bearer) return first;
  // A token the target no longer takes: ask for a fresh one once, and try once more.
  Object.assign(authHeaders, await auth.bearer(true));
  return send(authorize);
}
