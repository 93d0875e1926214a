import type { HttpClientCertificate } from '../../ports';

/**
 * What a 'Pix (API do BC)' account (`pix_api`, docs/adr/0117) gives every call: the scopes its
 * token asks, where the token comes from, and the client certificate of mutual TLS.
 */

/** The scopes of the Banco Central's Pix API the node and its trigger use (openapi.yaml). */
export const pixApiScopes = 'cob.write cob.read pix.read pix.write webhook.write webhook.read';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The account's 'URL da API' without its trailing slashes. */
export const pixApiBaseUrl = (data: Record<string, unknown>) =>
  text(data.api_url).replace(/\/+$/, '');

/** 'URL do token', else `<URL da API>/oauth/token` (PSPs put it at their own path). */
export const pixTokenUrl = (data: Record<string, unknown>) =>
  text(data.token_url) || `${pixApiBaseUrl(data)}/oauth/token`;

/** The client certificate of the account, for the HTTP port's mutual TLS. */
export function pixClientCertificate(data: Record<string, unknown>): HttpClientCertificate {
  const passphrase = text(data.key_passphrase);
  const ca = text(data.ca_certificate);
  return {
    cert: text(data.certificate),
    key: text(data.private_key),
    ...(passphrase ? { passphrase } : {}),
    ...(ca ? { ca } : {}),
  };
}
