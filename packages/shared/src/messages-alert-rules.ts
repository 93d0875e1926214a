/**
 * Alert rules (spec 2 'Alert rules', §5 'Alert rule', §8 'Alert rule', §9; docs/adr/0050): the
 * server's and the browser's texts. Both say the same thing for the same refusal.
 */
export const alertRuleMessages = {
  /** Spec 2 §8, to the letter. */
  saved: 'A regra de alerta foi salva com sucesso!',
  saveError: (reason: string) => `Ocorreu um erro ao salvar a regra de alerta: ${reason}`,
  duplicated: 'Regra de alerta duplicado com sucesso!',
  removed: 'A regra de alerta foi removida com sucesso!',
  removeError: 'Erro ao remover a regra de alerta:',
  /** Spec 2 §5, to the letter. */
  nameMismatch: 'O nome da regra de alerta não confere com o nome digitado!',
  /** Spec 2 'Alert rules' list, to the letter. */
  searchPlaceholder: 'Buscar regras de alerta',
  emptyList: 'Nenhuma regra de alerta criado ainda.',
  emptySearch: 'Nenhuma regra de alerta encontrado para esta busca.',
  noGroup: 'Sem grupo',
  active: 'Ativo',
  inactive: 'Inativo',
  /** Spec 2 §9, to the letter. */
  defaultName: 'Nova regra de alerta',
  /** Beyond the spec (its confirmation text is not shown; worded as the connectors' one). */
  duplicateConfirm:
    'Deseja realmente duplicar esta regra de alerta? A cópia será criada desabilitada.',
  notFound: 'Regra de alerta não encontrada.',
  /** Save rules (spec 2 §5 marks these fields required; the texts are ours). */
  nameRequired: 'O nome da regra de alerta é obrigatório.',
  emailToRequired: 'Informe o e-mail do destinatário.',
  emailToInvalid: (address: string) => `E-mail de destinatário inválido: ${address}`,
  emailAccountNotFound: 'A conta de serviço SMTP escolhida não existe neste workspace.',
  emailAccountNotSmtp: 'A conta de serviço escolhida não é uma conta SMTP.',
  webhookUrlRequired: 'Informe a URL do webhook.',
  webhookUrlInvalid: 'A URL do webhook é inválida: use um endereço http:// ou https://.',
  jsonFieldRequired: 'Informe o campo do JSON da mensagem.',
  jsonFieldInvalid:
    'Campo do JSON inválido: use nomes separados por ponto, por exemplo pedido.status.',
  contentRequired: 'Informe o conteúdo a procurar nos logs.',
  regexInvalid: (reason: string) => `Expressão regular inválida: ${reason}`,
  regexFlagInvalid: (flag: string) =>
    `Flag "${flag}" não aceita na expressão regular: use apenas i, m, s ou u.`,
  flowNotFound: 'O flow escolhido não existe neste workspace.',
  queueRequired: 'Escolha a fila a observar.',
  queueNotFound: 'A fila escolhida não existe neste workspace.',
  noSuccessFlowRequired: 'Escolha o flow a observar.',
  minutesInvalid: (max: number) => `Informe um tempo entre 1 e ${max} minutos.`,
  depthInvalid: 'Informe uma quantidade de mensagens maior ou igual a 0.',
  /** Type, action and window labels (spec 2 §9 for match_log, E-mail, Webhook and windows). */
  typeLabels: {
    match_log: 'Match de logs',
    no_success: 'Flow sem sucesso',
    queue_backlog: 'Fila acumulada',
    stuck_execution: 'Execução sem worker',
  },
  actionLabels: { email: 'E-mail', webhook: 'Webhook' },
  windowLabels: {
    60: '1 minuto',
    300: '5 minutos',
    600: '10 minutos',
    1800: '30 minutos',
    3600: '1 hora',
  } as Record<number, string>,
  matchTypeLabels: {
    message: 'Mensagem',
    label: 'Label',
    message_json: 'Campo do JSON da mensagem',
  },
  /** Firings as the rule's page lists them. */
  firingStates: {
    open: 'Capturando',
    due: 'Na fila de envio',
    sending: 'Enviando',
    sent: 'Enviado',
    failed: 'Falhou',
  },
  firingKinds: { match: 'Ocorrências', incident: 'Alerta', recovery: 'Recuperação' },
  /** The instance SMTP (PONTE_SMTP_URL) is not configured and the rule names no account. */
  noSmtp:
    'Nenhum servidor SMTP para enviar o alerta: escolha uma conta de serviço SMTP na regra ou configure PONTE_SMTP_URL.',
  /** Dead-man firings' texts (docs/adr/0053, 0112): what happened, in pt-BR. */
  deadMan: {
    noSuccess: (flow: string, silence: string, lastSuccess: string) =>
      `O flow ${flow} não termina com sucesso há ${silence} (último sucesso em ${lastSuccess}).`,
    noSuccessNever: (flow: string, silence: string) =>
      `O flow ${flow} não termina com sucesso há ${silence} (nunca terminou com sucesso).`,
    noSuccessRecovered: (flow: string, at: string) =>
      `O flow ${flow} voltou a terminar com sucesso em ${at}.`,
    queueBacklog: (queue: string, depth: string, above: string, duration: string) =>
      `A fila ${queue} está com ${depth} mensagens a processar, acima de ${above}, há ${duration}.`,
    queueRecovered: (queue: string, depth: string, above: string, at: string) =>
      `A fila ${queue} voltou a ${depth} mensagens a processar (limite ${above}) em ${at}.`,
    /** stuck_execution: whose executions, as the summary names them. */
    stuckOfFlow: (flow: string) => `do flow "${flow}"`,
    stuckOfWorkspace: 'do workspace',
    stuck: (count: string, of: string, minutes: string, oldest: string) =>
      count === '1'
        ? `1 execução ${of} está na fila há mais de ${minutes} sem nenhum worker ativo para executá-la (desde ${oldest}).`
        : `${count} execuções ${of} estão na fila há mais de ${minutes} sem nenhum worker ativo para executá-las (a mais antiga desde ${oldest}).`,
    stuckWorkerBack: (of: string, at: string) =>
      `As execuções ${of} na fila voltaram a ter um worker ativo em ${at}.`,
    stuckCleared: (of: string, at: string) =>
      `As execuções ${of} deixaram de estar paradas na fila em ${at}.`,
    minutes: (n: number) => (n === 1 ? '1 minuto' : `${n} minutos`),
    hours: (n: number) => (n === 1 ? '1 hora' : `${n} horas`),
  },
  /** Delivery (docs/adr/0052): what a firing's result says. */
  delivered: 'Enviado',
  ruleDisabled: 'Regra desativada: nada foi enviado.',
  webhookStatus: (status: number) => `O webhook respondeu com o status HTTP ${status}.`,
  emailAccountMissing: 'A conta de serviço SMTP da regra não existe mais neste workspace.',
  countBetween: (count: string, from: string, to: string) =>
    `${count} ${count === '1' ? 'ocorrência' : 'ocorrências'} entre ${from} e ${to}`,
  /** The rule editor (/alert-rules/new, /alert-rules/edit/{id}). */
  editorTitleNew: 'Nova regra de alerta',
  editorTitleEdit: 'Editar regra de alerta',
  instanceSmtp: 'Servidor SMTP da instância',
  /** 'Conta de envio' when PONTE_SMTP_URL is not set. */
  noInstanceSmtp:
    'Esta instalação não tem servidor SMTP próprio (PONTE_SMTP_URL): escolha uma conta de serviço SMTP.',
  allFlows: 'Todos os flows',
  /** 'Execução sem worker': what its alert tells. */
  stuckHint:
    'Avisa quando execuções esperam na fila mais do que esse tempo sem nenhum worker ativo para executá-las, e de novo quando a situação se resolve.',
  contentHint:
    'Texto simples é procurado sem diferenciar maiúsculas de minúsculas; /padrão/i é uma expressão regular.',
  testTitle: 'Testar',
  testHint: 'Veja quais dos últimos 100 logs a configuração acima capturaria.',
  testNoLogs: 'Nenhum log recente para testar.',
  testSummary: (matched: number, total: number) => {
    if (total === 1)
      return matched ? 'O último log seria capturado.' : 'O último log não seria capturado.';
    const of = `dos últimos ${total} logs`;
    if (matched === 0) return `Nenhum ${of} seria capturado.`;
    return matched === 1 ? `1 ${of} seria capturado.` : `${matched} ${of} seriam capturados.`;
  },
  testMatched: 'Capturado',
  firingsTitle: 'Últimos disparos',
  firingsEmpty: 'Nenhum disparo ainda.',
  firingAttempts: (attempts: number) => (attempts === 1 ? '1 tentativa' : `${attempts} tentativas`),
} as const;
