/** The product's own read-only API token type (spec 2 §3 `{product}_token`). */
export const productTokenType = 'ponte_token';

/**
 * Spec 2 §3's auth types, in the order the form offers them, then the ones service connectors
 * added (docs/adr/0090).
 */
export const serviceAccountTypes = [
  'bearer_token',
  'http_basic',
  'jwt',
  'smtp_account',
  'database_uri',
  'oauth2',
  'trello_oauth2',
  'slack_oauth2',
  'google_oauth2',
  'aws_access_key',
  productTokenType,
  'sankhya_partner_id',
  'omie_erp',
  'pix_api',
  'ftp_server',
  'gpg_auth',
  'telegram_bot',
  'whatsapp_cloud',
  'openai_compatible',
  'anthropic_api',
  'gemini_api',
  'mcp',
] as const;
export type ServiceAccountType = (typeof serviceAccountTypes)[number];
