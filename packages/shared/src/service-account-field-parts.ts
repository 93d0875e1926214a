/**
 * The building blocks of the service accounts' fields (service-account-fields.ts): the field's
 * shape and the fields several auth types share.
 */

/**
 * One field of an auth type's sub-object. `secret` fields are encrypted at rest and never sent
 * back: a response lists them in `secrets_set` when a value is stored, an update that omits
 * one keeps it. `managed` fields are written by the server (OAuth2 tokens) and not by the form.
 */
export interface ServiceAccountField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'select' | 'switch';
  required?: boolean;
  secret?: boolean;
  managed?: boolean;
  default?: string | number | boolean;
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  description?: string;
  /** Shown (and used) only while another field of the form holds this value. */
  visibleWhen?: { field: string; value: string };
}

export const url = (label = 'URL', required = false): ServiceAccountField => ({
  name: 'url',
  label,
  kind: 'text',
  required,
  placeholder: 'https://api.exemplo.com.br',
});
/**
 * 'URL da API' of a service connector's account (docs/adr/0090): empty, the vendor's; else a
 * proxy, the vendor's sandbox or a local server of the same API (still under the network guard).
 */
export const apiUrl = (vendor: string, of: string): ServiceAccountField => ({
  name: 'api_url',
  label: 'URL da API',
  kind: 'text',
  placeholder: vendor,
  description: `Deixe vazio para usar ${vendor}. Preencha para usar um proxy ou outro servidor ${of}.`,
});
export const username: ServiceAccountField = { name: 'username', label: 'Usuário', kind: 'text' };
export const password: ServiceAccountField = {
  name: 'password',
  label: 'Senha',
  kind: 'text',
  secret: true,
};
/** Tokens the server keeps for OAuth2 types (never typed, never sent back). */
export const oauthManaged: ServiceAccountField[] = [
  {
    name: 'access_token',
    label: 'Token de acesso (access token)',
    kind: 'text',
    secret: true,
    managed: true,
  },
  {
    name: 'refresh_token',
    label: 'Token de renovação (refresh token)',
    kind: 'text',
    secret: true,
    managed: true,
  },
  { name: 'expires_at', label: 'Expira em', kind: 'text', managed: true },
  // The client the account was authorised with: its tokens work with it only (docs/adr/0093).
  {
    name: 'oauth_client_id',
    label: 'App OAuth da autorização (client ID)',
    kind: 'text',
    managed: true,
  },
];

/**
 * Where a credential that signs HTTP requests may be sent (docs/adr/0071): the account's own
 * addresses and the listed domains, or any host. n8n calls it "Allowed domains".
 */
export const domainFields: ServiceAccountField[] = [
  {
    name: 'allowed_domains',
    label: 'Domínios permitidos',
    kind: 'select',
    required: true,
    default: 'specific',
    options: [
      { value: 'specific', label: 'Domínios específicos' },
      { value: 'all', label: 'Todos os domínios' },
    ],
    description: 'Para onde os flows podem enviar esta credencial.',
  },
  {
    name: 'domains',
    label: 'Domínios',
    kind: 'text',
    placeholder: 'api.exemplo.com.br, *.exemplo.com.br',
    description:
      'Além dos endereços da própria conta. Separe por vírgulas; *.exemplo.com.br vale para os subdomínios.',
    visibleWhen: { field: 'allowed_domains', value: 'specific' },
  },
];
