import type { ServiceAccountType } from './service-account-types';

/** The WHATWG URL of Node and browsers (this package has neither's typings). */
declare const URL: new (input: string) => { protocol: string; host: string; hostname: string };

/**
 * Where a credential may be sent (docs/adr/0071). An account that signs HTTP requests is bound
 * to the hosts of its own addresses (its URL, its login or OAuth2 endpoints), to its vendor's
 * domains and to the domains it lists in 'Domínios'; 'Todos os domínios' lifts the binding.
 * Browser, server and engine judge with these same functions.
 */

/** The types whose credential signs HTTP requests: the HTTP Request node and custom connectors. */
export const httpSigningTypes = [
  'bearer_token',
  'http_basic',
  'jwt',
  'oauth2',
  'slack_oauth2',
  'google_oauth2',
  'aws_access_key',
] as const satisfies readonly ServiceAccountType[];

export const isHttpSigningType = (type: string): boolean =>
  (httpSigningTypes as readonly string[]).includes(type);

/** The fields that hold the service's own addresses, by type. */
const addressFields: Partial<Record<ServiceAccountType, readonly string[]>> = {
  bearer_token: ['url'],
  http_basic: ['url'],
  jwt: ['url', 'auth_url'],
  oauth2: ['authorize_url', 'token_url'],
  slack_oauth2: ['api_url'],
  google_oauth2: ['api_url'],
  telegram_bot: ['api_url'],
  whatsapp_cloud: ['api_url'],
  aws_access_key: ['api_url'],
  omie_erp: ['api_url'],
  pix_api: ['api_url', 'token_url'],
  sankhya_partner_id: ['api_url'],
  trello_oauth2: ['api_url'],
  openai_compatible: ['api_url'],
  anthropic_api: ['api_url'],
  gemini_api: ['api_url'],
  mcp: ['url', 'authorize_url', 'token_url'],
};

/** The vendor's own domains, for accounts of one service whose addresses are not fields. */
const vendorDomains: Partial<Record<ServiceAccountType, readonly string[]>> = {
  slack_oauth2: ['slack.com', '*.slack.com'],
  google_oauth2: ['*.googleapis.com'],
  aws_access_key: ['*.amazonaws.com', '*.amazonaws.com.cn'],
  telegram_bot: ['api.telegram.org'],
  whatsapp_cloud: ['graph.facebook.com'],
  omie_erp: ['app.omie.com.br'],
  sankhya_partner_id: ['api.sankhya.com.br', 'api.sandbox.sankhya.com.br'],
  trello_oauth2: ['api.trello.com'],
  openai_compatible: ['api.openai.com'],
  anthropic_api: ['api.anthropic.com'],
  gemini_api: ['generativelanguage.googleapis.com'],
};
const blingDomains = ['bling.com.br', '*.bling.com.br'];

/**
 * A host as URLs compare it: lower case, punycode, IPv4 in dotted decimal, IPv6 in brackets,
 * no trailing dot. Null when the text is not a host.
 */
export function normalizeHost(host: string): string | null {
  const text = host.trim();
  if (!text || /[\s/?#@\\]/.test(text)) return null;
  try {
    const { hostname } = new URL(`http://${text}`);
    const bare = hostname.replace(/\.$/, '');
    return bare && !bare.startsWith('.') ? bare : null;
  } catch {
    return null;
  }
}

/** The host of a URL the account holds, normalised; null when there is none. */
export function hostOfUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim());
    if (!['http:', 'https:'].includes(url.protocol)) return null;
    return url.hostname.replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

/**
 * One entry of 'Domínios': a host (`api.exemplo.com.br`, `10.0.0.5`, `[::1]`), a port or a
 * whole URL being ignored past its host, or `*.exemplo.com.br` for every subdomain (not the
 * domain itself). Null when the entry is not one of those.
 */
function domainPattern(entry: string): string | null {
  let text = entry.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      text = new URL(text).host;
    } catch {
      return null;
    }
  } else {
    text = text.replace(/[/?#].*$/, '');
  }
  const wildcard = text.startsWith('*.');
  const host = normalizeHost(wildcard ? text.slice(2) : text);
  if (!host || host.includes('*')) return null;
  // `*.com` would open a whole top-level domain: a wildcard needs two labels under it.
  if (wildcard && (host.startsWith('[') || !host.includes('.'))) return null;
  return wildcard ? `*.${host}` : host;
}

/** 'Domínios' split on commas, semicolons or spaces: the patterns, or the first invalid entry. */
export function parseDomainList(text: unknown): { domains: string[]; invalid: string | null } {
  const entries =
    typeof text === 'string'
      ? text
          .split(/[,;\s]+/)
          .map((entry) => entry.trim())
          .filter(Boolean)
      : [];
  const domains: string[] = [];
  for (const entry of entries) {
    const pattern = domainPattern(entry);
    if (!pattern) return { domains, invalid: entry };
    if (!domains.includes(pattern)) domains.push(pattern);
  }
  return { domains, invalid: null };
}

/** Where one account's credential may go: any host, or only these (patterns). */
export interface HostBinding {
  anyHost: boolean;
  hosts: string[];
}

/**
 * The hosts the account itself names, with its vendor's domains: what it is bound to before
 * any domain is listed.
 */
export function ownHosts(type: string, data: Record<string, unknown>): string[] {
  const key = type as ServiceAccountType;
  const vendor =
    key === 'oauth2' && data.service_type === 'bling_erp_oauth2'
      ? blingDomains
      : (vendorDomains[key] ?? []);
  // Bling's OAuth2 endpoints are this installation's (configured); its 'URL da API' is its own.
  const fields =
    key === 'oauth2' && data.service_type === 'bling_erp_oauth2' ? ['api_url'] : addressFields[key];
  const hosts = (fields ?? []).map((field) => hostOfUrl(data[field]));
  return [...new Set([...hosts.filter((host): host is string => host !== null), ...vendor])];
}

/**
 * The binding of an account of `type` with these fields. `configured` adds the hosts this
 * installation set for the account's provider (PONTE_OAUTH_* addresses). Missing
 * `allowed_domains` (accounts saved before it existed) is 'specific'.
 */
export function hostBinding(
  type: string,
  data: Record<string, unknown>,
  configured: readonly string[] = [],
): HostBinding {
  if (data.allowed_domains === 'all') return { anyHost: true, hosts: [] };
  const listed = parseDomainList(data.domains).domains;
  const normalised = configured.map(normalizeHost).filter((host): host is string => !!host);
  return {
    anyHost: false,
    hosts: [...new Set([...ownHosts(type, data), ...normalised, ...listed])],
  };
}

/**
 * An account that signs HTTP requests, allows only specific domains and names none: it could
 * not be used anywhere, so a save asks for its domains (or its URL).
 */
export function needsDomains(type: string, data: Record<string, unknown>): boolean {
  if (!isHttpSigningType(type)) return false;
  const binding = hostBinding(type, data);
  return !binding.anyHost && binding.hosts.length === 0;
}

/** Whether a pattern of a binding covers a host (both normalised). */
function covers(pattern: string, host: string): boolean {
  if (!pattern.startsWith('*.')) return pattern === host;
  return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
}

/** Whether a request to this host (a URL's `hostname`) may carry the account's credential. */
export function hostAllowed(binding: HostBinding, hostname: string): boolean {
  if (binding.anyHost) return true;
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return binding.hosts.some((pattern) => covers(pattern, host));
}
