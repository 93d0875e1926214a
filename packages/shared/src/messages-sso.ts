/** Single sign-on with OpenID Connect (docs/adr/0108): the settings screen and the sign-in page. */
export const ssoMessages = {
  nameRequired: 'Informe o nome do provedor.',
  nameTooLong: 'O nome do provedor deve ter no máximo 60 caracteres.',
  slugInvalid:
    'O identificador deve ter de 1 a 40 letras minúsculas, números ou hifens, começando por letra ou número.',
  slugTaken: 'Já existe um provedor com este identificador.',
  issuerInvalid: 'Informe a URL do emissor (issuer), começando por https://.',
  issuerInsecure:
    'O emissor precisa usar https://. Só um provedor interno, escrito como IP de uma rede liberada em PONTE_HTTP_ALLOWED_NETWORKS, pode usar http://.',
  clientIdRequired: 'Informe o client ID.',
  clientSecretRequired: 'Informe o client secret.',
  scopesInvalid: 'Informe os escopos separados por um espaço, ex.: openid email profile.',
  claimInvalid: 'O nome da claim deve ter de 1 a 100 caracteres, sem espaços.',
  domainInvalid: 'Informe domínios de e-mail válidos, ex.: empresa.com.br.',
  roleMapInvalid:
    'Cada valor da claim de papel deve apontar para um papel que não seja Proprietário.',
  defaultRoleInvalid: 'Escolha um papel padrão que não seja Proprietário.',
  workspaceInvalid: 'Escolha um workspace de que você participa.',
  notFound: 'Provedor de login único não encontrado.',
  saved: 'Provedor salvo.',
  removed: 'Provedor removido.',
  settingsSaved: 'Configuração de login salva.',
  instanceOwnerOnly:
    'Só o proprietário da instância (a primeira conta) configura o login único: ele vale para todos os workspaces.',
  passwordSignInDisabled:
    'O login com senha está desativado nesta instância. Entre com o login único (SSO).',
} as const;

/** Why an SSO sign-in failed: the code in `/conta/entrar?sso_erro=…`. */
export const ssoErrorCodes = [
  'provedor',
  'estado',
  'recusado',
  'token',
  'email',
  'dominio',
  'conta',
] as const;
export type SsoErrorCode = (typeof ssoErrorCodes)[number];

/** The sign-in page's sentence for each code (after "Não foi possível entrar com {provedor}: "). */
export const ssoErrorReasons: Record<SsoErrorCode, string> = {
  provedor: 'o provedor não respondeu ou não está configurado corretamente.',
  estado: 'o pedido de login expirou ou já foi usado. Tente de novo.',
  recusado: 'o provedor recusou o login.',
  token: 'a resposta do provedor não passou na verificação de segurança.',
  email: 'o provedor não informou um e-mail verificado.',
  dominio: 'o domínio do seu e-mail não tem acesso a este Ponte. Peça um convite.',
  conta: 'sua conta não participa do workspace deste provedor. Peça um convite.',
};

/** 'Não foi possível entrar com Google: …' (or without a name when the provider is unknown). */
export function ssoErrorMessage(code: SsoErrorCode, providerName: string | null): string {
  const who = providerName ? `com ${providerName}` : 'com o login único';
  return `Não foi possível entrar ${who}: ${ssoErrorReasons[code]}`;
}
