/** Sign-in, the first account, profiles and workspaces. */
export const accountMessages = {
  invalidCredentials: 'E-mail ou senha incorretos.',
  tooManyAttempts: (minutes: number) =>
    `Muitas tentativas de acesso. Tente novamente em ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
  nameRequired: 'O nome é obrigatório.',
  nameTooLong: 'O nome deve ter no máximo 120 caracteres.',
  emailInvalid: 'Informe um e-mail válido.',
  emailTaken: 'Já existe um usuário com este e-mail.',
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres.',
  passwordTooLong: 'A senha deve ter no máximo 128 caracteres.',
  currentPasswordWrong: 'A senha atual não confere.',
  workspaceNameRequired: 'O nome do workspace é obrigatório.',
  workspaceNameTooLong: 'O nome do workspace deve ter no máximo 120 caracteres.',
  setupDone: 'A primeira conta já foi criada. Entre com seu e-mail e senha.',
  notAMember: 'Você não participa deste workspace.',
  profileSaved: 'Perfil salvo com sucesso!',
  passwordChanged: 'Senha alterada com sucesso!',
  workspaceCreated: 'Workspace criado com sucesso!',
  userCreated: 'Usuário adicionado com sucesso!',
};

/** A team's texts (docs/adr/0106): members, roles and invitations. */
export const memberMessages = {
  roleInvalid: 'Escolha um papel válido.',
  ownerGivesOwner: 'Só um proprietário pode dar ou tirar o papel de Proprietário.',
  lastOwner: 'O workspace precisa de pelo menos um proprietário.',
  notFound: 'Membro não encontrado.',
  roleChanged: 'Papel alterado.',
  removed: 'Membro removido.',
  invitationDays: 'A validade do convite deve ser de 1 a 30 dias.',
  invitationInvalid: 'Este convite não vale mais: já foi usado, expirou ou foi revogado.',
  invitationNotFound: 'Convite não encontrado.',
  invitationEmailTaken:
    'Já existe uma conta com este e-mail. Peça a quem convidou que adicione você ao workspace.',
  invitationOtherCustomer:
    'Esta conta pertence a outra organização neste Ponte: aceite o convite criando uma conta nova, com outro e-mail.',
  invitationAlreadyMember:
    'Esta conta já participa deste workspace. O convite continua valendo para outra pessoa.',
  invitationCreated: 'Convite criado.',
  invitationRevoked: 'Convite revogado.',
  invitationEmailNeedsSmtp:
    'O envio por e-mail precisa do servidor SMTP da instância (PONTE_SMTP_URL), que não está configurado.',
  invitationEmailFailed: (reason: string) =>
    `O e-mail do convite não pôde ser enviado, e o convite não foi criado. ${reason}`,
  invitationEmailed: (email: string) => `Convite enviado para ${email}.`,
  invitationLinkOnce:
    'Copie o link agora: ele não será mostrado de novo. Quem o abrir primeiro entra no workspace com o papel escolhido.',
  groupsForRole: 'Proprietários e administradores têm acesso a todos os grupos.',
  groupsEmpty: 'Escolha pelo menos um grupo.',
  groupsUnknown: 'Um dos grupos escolhidos não existe neste workspace.',
  groupsChanged: 'Acesso alterado.',
};

/** Per-group access (docs/adr/0109): a member limited to some groups. */
export const groupAccessMessages = {
  outside: 'Este recurso está em um grupo ao qual você não tem acesso.',
  chooseYours: 'Escolha um dos seus grupos: seu acesso neste workspace é limitado a alguns grupos.',
  cannotManage:
    'Seu acesso é limitado a alguns grupos: criar, renomear ou excluir grupos cabe a um proprietário ou administrador.',
};

/** API keys with scopes (docs/adr/0106). */
export const apiKeyMessages = {
  personOnly: 'Esta rota é de uma pessoa conectada; uma chave de API não a usa.',
  scopesRequired: 'Escolha pelo menos um escopo.',
  noExpiryWarning:
    'Um token sem expiração vale até ser revogado. Se vazar, quem o tiver age no workspace dentro dos escopos dele: prefira uma validade.',
};
