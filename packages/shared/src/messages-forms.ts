/**
 * Forms (spec 2 'Forms', §5 'Form save', §8 'Form'; docs/adr/0038): the builder's, the public
 * page's and the server's texts. The public page and the server say the same thing for the same
 * refusal: both read them from here.
 */
/** '1 segundo', '40 segundos', '2 minutos' (rounded up), for a wait. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

export const formMessages = {
  /** Spec 2 §8, to the letter. */
  saved: 'Form salvo com sucesso!',
  saveError: (reason: string) => `Ocorreu um erro ao salvar: ${reason}`,
  removed: 'Form removido com sucesso!',
  removeError: 'Erro ao remover Form:',
  /** Spec 2 §5, to the letter (N is the field's position, from 1). */
  nameRequired: 'O nome do form é obrigatório',
  fieldsRequired: 'É necessário adicionar pelo menos um campo',
  codeRequired: (n: number) => `O código do campo ${n} é obrigatório`,
  codeTaken: (n: number) => `O código do campo ${n} já foi utilizado em outro campo`,
  labelRequired: (n: number) => `O label do campo ${n} é obrigatório`,
  optionsRequired: (n: number) => `É necessário adicionar pelo menos uma opção para o campo ${n}`,
  removeNameMismatch: 'O nome do form não confere com o nome digitado!',
  importConfirm: 'Ao importar você substituirá o form atual. Deseja continuar?',
  /** Spec 2 §3: the default success message. */
  successDefault: 'O formulário foi enviado com sucesso!',
  // Beyond the spec (docs/adr/0038): the rules spec 2 §5 states without a text.
  nameTooLong: 'O nome do form deve ter no máximo 120 caracteres.',
  optionIncomplete: (option: number, n: number) =>
    `A opção ${option} do campo ${n} precisa de label e valor.`,
  sourceTableRequired: (n: number) => `Escolha a tabela do banco de dados do campo ${n}.`,
  sourceValueRequired: (n: number) => `Escolha a coluna de valor do campo ${n}.`,
  sourceLabelRequired: (n: number) => `Escolha a coluna de label do campo ${n}.`,
  codeInvalid: (n: number) =>
    `O código do campo ${n} deve começar com uma letra e ter só letras, números e "_" (até 64).`,
  uploadMaxSizeInvalid: (n: number) =>
    `O tamanho máximo do upload do campo ${n} deve ser de 1 a 100 Mb.`,
  uploadExtensionsInvalid: (n: number) =>
    `As extensões do campo ${n} devem ser separadas por vírgula (ex.: pdf, jpg, png).`,
  customMaskRequired: (n: number) => `Informe a máscara personalizada do campo ${n}.`,
  pinInvalid: 'O PIN deve ter no máximo 6 caracteres, só letras e números.',
  pinRequired: 'Informe o PIN para ativar a autenticação por PIN.',
  tooManyFields: 'Um form pode ter no máximo 200 campos.',
  tooManyOptions: (n: number) => `O campo ${n} pode ter no máximo 500 opções.`,
  textTooLong: 'O texto passa do limite de 10000 caracteres.',
  notFound: 'Form não encontrado.',
  importInvalid: 'O arquivo não é um form exportado pelo Ponte.',
  /** The editor, on a form trigger whose form another enabled flow already receives. */
  otherConsumer: (flow: string) =>
    `Este formulário já inicia o flow "${flow}": este flow só será iniciado se aquele for desativado ou deixar o formulário.`,

  /** The public page and the submit route (the same text on both sides). */
  public: {
    notFound: 'Formulário não encontrado ou não publicado.',
    previewBanner:
      'Pré-visualização de um rascunho: só você vê este formulário. Publique-o para receber envios.',
    previewSubmit: 'Um rascunho não recebe envios: publique o form para enviá-lo.',
    pinTitle: 'Este formulário é protegido por PIN',
    pinLabel: 'PIN',
    pinEnter: 'Entrar',
    pinWrong: 'PIN incorreto.',
    pinThrottled: (seconds: number) =>
      `Muitas tentativas de PIN erradas deste endereço. Tente novamente em ${waitText(seconds)}.`,
    submit: 'Enviar',
    back: 'Voltar',
    sending: 'Enviando…',
    waiting: 'Aguardando a resposta do flow…',
    invalidSummary: 'Verifique os campos destacados.',
    required: 'Campo obrigatório.',
    noConsumer: 'Este formulário não está ligado a nenhum flow ativo: o envio não foi feito.',
    timeout:
      'O formulário foi enviado, mas o flow não respondeu a tempo. Tente consultar o resultado mais tarde.',
    flowFailed: (reason: string) => `O formulário foi enviado, mas o flow falhou: ${reason}`,
    unavailable: 'Não foi possível enviar o formulário. Tente novamente em instantes.',
    addRow: 'Adicionar linha',
    removeRow: 'Remover linha',
    chooseFiles: 'Escolher arquivos',
    chooseFile: 'Escolher arquivo',
    // The flow's answer on the page (docs/adr/0116).
    copy: 'Copiar',
    copied: 'Copiado',
    copyLabel: (field: string) => `Copiar ${field}`,
    // Values of the fields (shared validators).
    invalidEmail: 'Informe um e-mail válido.',
    invalidCpf: 'CPF inválido.',
    invalidCnpj: 'CNPJ inválido.',
    invalidPhone: 'Telefone inválido: use DDD e número, ex.: (11) 3333-4444.',
    invalidMobile: 'Celular inválido: use DDD e número com 9 dígitos, ex.: (11) 98765-4321.',
    invalidDate: 'Data inválida: use DD/MM/AAAA.',
    invalidDateTime: 'Data e hora inválidas: use DD/MM/AAAA HH:mm.',
    invalidTime: 'Hora inválida: use HH:mm.',
    invalidCep: 'CEP inválido: use 00000-000.',
    invalidUrl: 'Informe um endereço válido, começando com http:// ou https://.',
    invalidNumber: 'Informe um número, ex.: 1.234,56, 1234,56 ou 1234.56.',
    invalidMask: (pattern: string) => `Preencha no formato ${pattern}.`,
    invalidOption: 'Escolha uma das opções oferecidas.',
    tooLong: 'O texto passa do limite de 10000 caracteres.',
    tableRowRequired: (row: number, column: string) => `Preencha "${column}" na linha ${row}.`,
    tooManyRows: 'A tabela pode ter no máximo 500 linhas.',
    // Uploads.
    fileExtension: (name: string, extensions: string) =>
      `O arquivo "${name}" não é aceito: envie ${extensions}.`,
    fileTooLarge: (name: string, maxMb: number) =>
      `O arquivo "${name}" passa do limite de ${maxMb} Mb.`,
    fileOnlyOne: 'Este campo aceita um arquivo só.',
    tooManyFiles: 'Envie no máximo 20 arquivos neste campo.',
    valuesTooLarge: 'Os dados do formulário passam do limite de 1 MB.',
    // Values of the wrong kind (a number for a text, an object for a select) and stray files.
    invalidValue: 'Valor inválido para este campo.',
    fileNotExpected: 'Este campo não recebe arquivos.',
    // The public page (docs/adr/0040).
    loading: 'Carregando o formulário…',
    loadFailed: 'Não foi possível abrir o formulário. Tente novamente em instantes.',
    removeFile: (name: string) => `Remover o arquivo "${name}"`,
    noFileChosen: 'Nenhum arquivo escolhido.',
    resultTitle: 'Resposta do flow',
    // The submit route (docs/adr/0038).
    flowStopped: 'a execução foi interrompida.',
    submitRateLimited: (seconds: number) =>
      `Muitos envios a partir deste endereço. Tente novamente em ${seconds} s.`,
    /** 503: the flow found no free slot within the form's wait (docs/adr/0076). */
    submitBusy: (seconds: number) =>
      `O formulário não foi enviado: o flow está ocupado e não começou a tempo. Tente novamente em ${seconds} s.`,
  },

  /** The flow editor's form picker, on a 'Formulário' trigger. */
  picker: {
    placeholder: 'Selecione um formulário',
    loading: 'Carregando formulários...',
    nothingFound: 'Nenhum formulário encontrado',
    loadError: 'Não foi possível carregar a lista de formulários.',
    missing: (id: string) => `Formulário não encontrado (${id})`,
    missingError: 'O formulário escolhido não existe mais: escolha outro.',
    draftBadge: 'Rascunho',
    draftNote: 'Rascunho: publique o formulário para receber envios.',
    openEditor: 'Abrir o formulário',
    empty: 'Nenhum formulário neste workspace ainda.',
    create: 'Criar formulário',
    otherConsumerTitle: 'Outro flow recebe este formulário',
  },
} as const;
