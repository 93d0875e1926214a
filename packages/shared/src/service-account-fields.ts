import type { ServiceAccountType } from './service-account-types';
import { pixApiFields } from './service-account-pix-fields';
import {
  apiUrl,
  domainFields,
  oauthManaged,
  password,
  url,
  username,
  type ServiceAccountField,
} from './service-account-field-parts';

export type { ServiceAccountField } from './service-account-field-parts';

/**
 * An MCP server (docs/adr/0097): its streamable HTTP endpoint and how the client proves who it
 * is. OAuth2 is the generic type's flow with the person's client and URLs (no discovery).
 */
const mcpOauth = { field: 'auth', value: 'oauth2' };
const mcpFields: ServiceAccountField[] = [
  {
    name: 'url',
    label: 'URL do servidor',
    kind: 'text',
    required: true,
    placeholder: 'https://mcp.exemplo.com.br/mcp',
    description: 'O endereço HTTP do servidor MCP (transporte streamable HTTP).',
  },
  {
    name: 'auth',
    label: 'Autenticação',
    kind: 'select',
    required: true,
    default: 'none',
    options: [
      { value: 'none', label: 'Nenhuma' },
      { value: 'bearer', label: 'Token (Bearer)' },
      { value: 'oauth2', label: 'OAuth2' },
    ],
  },
  {
    name: 'token',
    label: 'Token (Bearer)',
    kind: 'text',
    secret: true,
    description: 'Enviado em cada pedido como Authorization: Bearer.',
    visibleWhen: { field: 'auth', value: 'bearer' },
  },
  {
    name: 'authorize_url',
    label: 'URL de autorização',
    kind: 'text',
    placeholder: 'https://mcp.exemplo.com.br/authorize',
    visibleWhen: mcpOauth,
  },
  {
    name: 'token_url',
    label: 'URL do token',
    kind: 'text',
    placeholder: 'https://mcp.exemplo.com.br/token',
    visibleWhen: mcpOauth,
  },
  {
    name: 'client_id',
    label: 'ID do cliente (client ID)',
    kind: 'text',
    visibleWhen: mcpOauth,
  },
  {
    name: 'client_secret',
    label: 'Segredo do cliente (client secret)',
    kind: 'text',
    secret: true,
    visibleWhen: mcpOauth,
  },
  {
    name: 'grant_type',
    label: 'Tipo de concessão (grant type)',
    kind: 'select',
    required: true,
    default: 'authorization_code',
    options: [
      { value: 'authorization_code', label: 'authorization_code' },
      { value: 'client_credentials', label: 'client_credentials' },
    ],
    visibleWhen: mcpOauth,
  },
  { name: 'scope', label: 'Escopos', kind: 'text', visibleWhen: mcpOauth },
  // Written by the OAuth2 flow, as for the generic type (not the workspace apps' client id).
  ...oauthManaged.slice(0, 3),
];

/** Spec 2 §3's fields per auth type, with the defaults of spec 2 §9. */
export const serviceAccountFields: Record<ServiceAccountType, readonly ServiceAccountField[]> = {
  bearer_token: [
    { name: 'token', label: 'Token', kind: 'text', required: true, secret: true },
    url(),
    ...domainFields,
  ],
  http_basic: [
    url(),
    { ...username, required: true },
    { ...password, required: true },
    ...domainFields,
  ],
  jwt: [
    url(),
    {
      name: 'auth_url',
      label: 'URL de autenticação',
      kind: 'text',
      required: true,
      placeholder: 'https://api.exemplo.com.br/login',
    },
    {
      name: 'method',
      label: 'Método',
      kind: 'select',
      required: true,
      default: 'POST',
      options: [
        { value: 'POST', label: 'POST' },
        { value: 'PUT', label: 'PUT' },
      ],
    },
    { name: 'ttl', label: 'Validade do token (segundos)', kind: 'number', default: 3600 },
    { ...username, required: true },
    { ...password, required: true },
    ...domainFields,
  ],
  smtp_account: [
    {
      name: 'host',
      label: 'Servidor (host)',
      kind: 'text',
      required: true,
      placeholder: 'smtp.exemplo.com.br',
    },
    { name: 'port', label: 'Porta', kind: 'number', required: true, default: 587 },
    username,
    password,
    {
      name: 'secure',
      label: 'Conexão segura (TLS direto, porta 465)',
      kind: 'switch',
      default: false,
    },
  ],
  database_uri: [
    {
      name: 'uri',
      label: 'URI de conexão',
      kind: 'text',
      required: true,
      secret: true,
      placeholder: 'postgres://usuario:senha@servidor:5432/banco',
    },
  ],
  oauth2: [
    {
      name: 'service_type',
      label: 'Serviço',
      kind: 'select',
      required: true,
      default: 'custom',
      options: [
        { value: 'bling_erp_oauth2', label: 'Bling ERP' },
        { value: 'custom', label: 'Personalizado' },
      ],
    },
    // Bling's addresses, grant and scopes are its own (PONTE_OAUTH_BLING_URL, its app's
    // settings): the form asks them only of a custom service.
    {
      name: 'authorize_url',
      label: 'URL de autorização',
      kind: 'text',
      placeholder: 'https://exemplo.com.br/oauth/authorize',
      visibleWhen: { field: 'service_type', value: 'custom' },
    },
    {
      name: 'token_url',
      label: 'URL do token',
      kind: 'text',
      placeholder: 'https://exemplo.com.br/oauth/token',
      visibleWhen: { field: 'service_type', value: 'custom' },
    },
    { name: 'client_id', label: 'ID do cliente (client ID)', kind: 'text', required: true },
    {
      name: 'client_secret',
      label: 'Segredo do cliente (client secret)',
      kind: 'text',
      required: true,
      secret: true,
    },
    {
      name: 'grant_type',
      label: 'Tipo de concessão (grant type)',
      kind: 'select',
      required: true,
      default: 'client_credentials',
      options: [
        { value: 'client_credentials', label: 'client_credentials' },
        { value: 'authorization_code', label: 'authorization_code' },
      ],
      visibleWhen: { field: 'service_type', value: 'custom' },
    },
    {
      name: 'scope',
      label: 'Escopos',
      kind: 'text',
      visibleWhen: { field: 'service_type', value: 'custom' },
    },
    {
      name: 'access_token',
      label: 'Token de acesso (access token)',
      kind: 'text',
      secret: true,
      visibleWhen: { field: 'service_type', value: 'custom' },
    },
    {
      name: 'refresh_token',
      label: 'Token de renovação (refresh token)',
      kind: 'text',
      secret: true,
      managed: true,
    },
    { name: 'expires_at', label: 'Expira em', kind: 'text', managed: true },
    // Bling's REST address (its connector); the custom service has no vendor address.
    {
      ...apiUrl('https://api.bling.com.br/Api/v3', 'da API v3 do Bling'),
      visibleWhen: { field: 'service_type', value: 'bling_erp_oauth2' },
    },
    ...domainFields,
  ],
  slack_oauth2: [
    ...oauthManaged,
    {
      name: 'signing_secret',
      label: 'Segredo de assinatura (signing secret)',
      kind: 'text',
      secret: true,
      description:
        'Em Basic Information → App Credentials, no painel do app do Slack. Confere a assinatura (X-Slack-Signature) de cada entrega do gatilho.',
    },
    apiUrl('https://slack.com/api', 'da Web API do Slack'),
    ...domainFields,
  ],
  trello_oauth2: [
    ...oauthManaged,
    // Trello signs each call with the app's key and the token issued for that same key: the
    // key is kept with the token when the account is authorised (Trello calls it public).
    { name: 'api_key', label: 'Chave de API do Trello', kind: 'text', managed: true },
    apiUrl('https://api.trello.com/1', 'da API REST do Trello'),
  ],
  google_oauth2: [
    ...oauthManaged,
    // One root for every *.googleapis.com API: each connector's paths carry their API and
    // version (gmail/v1, calendar/v3, v4/spreadsheets, drive/v3).
    {
      ...apiUrl('https://<api>.googleapis.com', 'das APIs do Google'),
      description:
        'Deixe vazio para usar os endereços do Google (sheets, gmail, www.googleapis.com). Preencha para usar um proxy que atenda todas as APIs do Google num só endereço.',
    },
    ...domainFields,
  ],
  aws_access_key: [
    {
      name: 'access_key_id',
      label: 'ID da chave de acesso (access key ID)',
      kind: 'text',
      required: true,
    },
    {
      name: 'secret_access_key',
      label: 'Chave de acesso secreta (secret access key)',
      kind: 'text',
      required: true,
      secret: true,
    },
    {
      name: 'region',
      label: 'Região',
      kind: 'text',
      default: 'sa-east-1',
      placeholder: 'sa-east-1',
      description:
        'A região AWS dos conectores S3, SES e SQS (sa-east-1 é São Paulo). Vazio, sa-east-1.',
    },
    apiUrl('https://<serviço>.<região>.amazonaws.com', 'compatível, como MinIO ou LocalStack'),
    ...domainFields,
  ],
  ponte_token: [],
  sankhya_partner_id: [
    { name: 'appkey', label: 'Chave do aplicativo (app key)', kind: 'text', required: true },
    { name: 'token', label: 'Token', kind: 'text', required: true, secret: true },
    { ...username, required: true },
    { ...password, required: true },
    apiUrl('https://api.sankhya.com.br', 'do gateway da Sankhya (como o sandbox)'),
  ],
  omie_erp: [
    { name: 'app_key', label: 'Chave do aplicativo (app key)', kind: 'text', required: true },
    {
      name: 'app_secret',
      label: 'Segredo do aplicativo (app secret)',
      kind: 'text',
      required: true,
      secret: true,
    },
    apiUrl('https://app.omie.com.br/api/v1', 'da API do Omie'),
  ],
  pix_api: pixApiFields,
  ftp_server: [
    {
      name: 'server_type',
      label: 'Tipo de servidor',
      kind: 'select',
      required: true,
      default: 'FTP',
      options: [
        { value: 'FTP', label: 'FTP' },
        { value: 'FTPS', label: 'FTPS' },
      ],
    },
    { name: 'host', label: 'Servidor (host)', kind: 'text', required: true },
    { name: 'port', label: 'Porta', kind: 'number', required: true, default: 21 },
    username,
    password,
  ],
  gpg_auth: [
    url('URL do servidor de chaves'),
    { name: 'public_key', label: 'Chave pública', kind: 'textarea' },
    { name: 'private_key', label: 'Chave privada', kind: 'textarea', secret: true },
    { name: 'passphrase', label: 'Frase secreta', kind: 'text', secret: true },
    { name: 'fingerprint', label: 'Impressão digital (fingerprint)', kind: 'text' },
    {
      name: 'verify_server_signature',
      label: 'Verificar a assinatura do servidor',
      kind: 'switch',
      default: true,
    },
  ],
  telegram_bot: [
    {
      name: 'bot_token',
      label: 'Token do bot',
      kind: 'text',
      required: true,
      secret: true,
      placeholder: '123456789:AAF…',
      description: 'O token que o @BotFather entrega ao criar o bot (/newbot).',
    },
    apiUrl('https://api.telegram.org', 'da Bot API do Telegram'),
  ],
  whatsapp_cloud: [
    {
      name: 'access_token',
      label: 'Token de acesso',
      kind: 'text',
      required: true,
      secret: true,
      placeholder: 'EAAG…',
      description:
        'O token permanente de um usuário do sistema do Gerenciador de Negócios da Meta, com a permissão whatsapp_business_messaging.',
    },
    {
      name: 'phone_number_id',
      label: 'ID do número de telefone',
      kind: 'text',
      required: true,
      placeholder: '106540352242922',
      description: 'Em WhatsApp → Configuração da API, no painel do aplicativo da Meta.',
    },
    {
      name: 'app_secret',
      label: 'Segredo do aplicativo (app secret)',
      kind: 'text',
      secret: true,
      description:
        'Em Configurações do app → Básico. Confere a assinatura (X-Hub-Signature-256) de cada entrega do gatilho.',
    },
    {
      name: 'verify_token',
      label: 'Token de verificação do webhook',
      kind: 'text',
      secret: true,
      description:
        'Um texto que você escolhe e informa também no painel da Meta, ao configurar o webhook do gatilho.',
    },
    apiUrl('https://graph.facebook.com/v23.0', 'da Graph API da Meta'),
  ],
  openai_compatible: [
    {
      name: 'api_url',
      label: 'URL da API',
      kind: 'text',
      placeholder: 'https://api.openai.com/v1',
      description:
        'Deixe vazio para a OpenAI. Outros servidores compatíveis: Ollama http://localhost:11434/v1, LM Studio http://localhost:1234/v1, vLLM http://localhost:8000/v1, Groq https://api.groq.com/openai/v1, OpenRouter https://openrouter.ai/api/v1, Azure OpenAI https://<recurso>.openai.azure.com/openai/v1.',
    },
    {
      name: 'api_key',
      label: 'Chave da API',
      kind: 'text',
      secret: true,
      placeholder: 'sk-…',
      description: 'Pode ficar vazia num servidor local sem chave (Ollama, LM Studio, vLLM).',
    },
    {
      name: 'organization',
      label: 'Organização',
      kind: 'text',
      placeholder: 'org-…',
      description: 'Só na OpenAI, para quem participa de mais de uma organização.',
    },
  ],
  anthropic_api: [
    {
      name: 'api_key',
      label: 'Chave da API',
      kind: 'text',
      required: true,
      secret: true,
      placeholder: 'sk-ant-…',
      description: 'Criada no Console da Anthropic, em Settings → API keys.',
    },
    apiUrl('https://api.anthropic.com', 'da API da Anthropic'),
  ],
  gemini_api: [
    {
      name: 'api_key',
      label: 'Chave da API',
      kind: 'text',
      required: true,
      secret: true,
      placeholder: 'AIza…',
      description: 'Criada no Google AI Studio, em Get API key.',
    },
    apiUrl('https://generativelanguage.googleapis.com', 'da API do Gemini'),
  ],
  mcp: mcpFields,
};

export const secretFieldNames = (type: ServiceAccountType): string[] =>
  serviceAccountFields[type].filter((field) => field.secret).map((field) => field.name);
