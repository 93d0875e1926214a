/** OAuth2 authorisation, tokens and provider lookups of service accounts (docs/adr/0026). */
export const serviceAccountsOauthMessages = {
  /** Authorising or looking up with a provider type that has no OAuth app yet. */
  providerNotConfigured: (provider: string, variables: string) =>
    `O app OAuth do ${provider} não está configurado: configure-o neste workspace em "Configurar app do ${provider}", no formulário da conta, ou defina ${variables} nas variáveis de ambiente do servidor do Ponte.`,
  /** Beside the type in the account form while it has no OAuth app: choosing it sets one up. */
  providerNeedsApp: (provider: string, variables: string) =>
    `Precisa de um app OAuth do ${provider}: ao escolher este tipo, o formulário mostra como criá-lo (ou defina ${variables} no servidor do Ponte).`,
  /** A refresh or lookup of an account authorised with an app the workspace replaced. */
  appChanged: (provider: string) =>
    `O app OAuth do ${provider} com que esta conta foi autorizada não está mais configurado.`,
  /** After providerNeedsApp on the form: what the provider's app must list. */
  providerRegistration: (provider: string, what: string, url: string) =>
    `No app do ${provider}, cadastre ${url} como ${what}.`,
  notAuthorized: 'Esta conta de serviço ainda não foi autorizada: clique em "Autorizar conta".',
  reauthorizationRequired: (reason: string) =>
    `Reautorização necessária: ${reason} Clique em "Reautorizar conta".`,
  refreshMissing: 'O provedor não entregou um refresh token e o access token expirou.',
  codeMissing: 'Dados de retorno inválidos',
  wrongEndpoint: (provider: string) =>
    `Contas do tipo ${provider} são autorizadas pela API de conta (POST /account/v1/service-accounts/oauth2/authorize/{id}).`,
  lookupRefused: (provider: string, reason: string) =>
    `O ${provider} recusou a consulta: ${reason}`,
  lookupWrongType: (provider: string) => `Escolha uma conta de serviço do tipo ${provider}.`,
  testTokenOk: 'O provedor respondeu: o token OAuth2 é válido.',
};

/** A workspace's OAuth apps of Slack, Google and Trello (docs/adr/0093). */
export const oauthAppMessages = {
  unknownProvider: 'Provedor desconhecido: use slack, google ou trello.',
  clientIdRequired: 'Informe o client ID.',
  secretInvalid: 'O client secret deve ser um texto.',
  secretRequired: 'Informe o client secret.',
  tooLong: 'Valor longo demais.',
  notSet: (provider: string) => `O app OAuth do ${provider} não está configurado neste workspace.`,
};
/** Storage (spec 2 §8 'Storage', docs/adr/0030): the screen's texts and the path rules. */
