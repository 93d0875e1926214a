/**
 * Custom connectors (spec 2 'Custom connectors', §5 'Connector', §8 'Connector'; docs/adr/0041):
 * the server's and the editor's texts. Both say the same thing for the same refusal.
 */
export const customNodeMessages = {
  /** Spec 2 §8, to the letter. */
  saved: 'Conector salvo com sucesso!',
  saveError: (reason: string) => `Ocorreu um erro ao salvar: ${reason}`,
  duplicated: 'Conector duplicado com sucesso!',
  removed: 'Conector removido com sucesso!',
  removeError: 'Erro ao remover conector:',
  /** Spec 2 'Custom connectors' and §4, to the letter. */
  duplicateConfirm: 'Deseja realmente duplicar este conector? A cópia será criada desabilitada.',
  active: 'Ativo',
  inactive: 'Inativo',
  /** Spec 2 §5, to the letter. */
  nameRequired: 'O nome do conector é obrigatório',
  descriptionRequired: 'A descrição do conector é obrigatória',
  imageTooLarge: 'A imagem não pode ser maior que 100Kb',
  removeNameMismatch: 'O nome do conector não confere com o nome digitado!',
  // Beyond the spec (docs/adr/0041): the rules the spec leaves without a text.
  importConfirm: 'Ao importar você substituirá o conector atual. Deseja continuar?',
  importInvalid: 'O arquivo não é um conector válido.',
  notFound: 'Conector não encontrado.',
  nameTooLong: 'O nome do conector deve ter no máximo 120 caracteres.',
  descriptionTooLong: 'A descrição do conector deve ter no máximo 2000 caracteres.',
  serviceNameTooLong: 'O nome do serviço deve ter no máximo 120 caracteres.',
  imageInvalid: 'A imagem precisa ser um arquivo PNG, JPEG, GIF, WebP ou SVG.',
  executionTypeUnavailable:
    'O tipo de execução "http_request" não é oferecido nesta instalação; use "custom_code".',
  codeRequired: 'O código do conector é obrigatório.',
  codeTooLong: 'O código do conector deve ter no máximo 200 KB.',
  /** A save whose body goes past the route's limit (413): the image and the handler are the usual cause. */
  tooLarge:
    'O conector é grande demais para ser salvo: a imagem pode ter até 100Kb e o código até 200 KB.',
  tooManyParams: 'Um conector aceita no máximo 50 parâmetros.',
  paramNameRequired: (n: number) => `O nome do parâmetro ${n} é obrigatório.`,
  paramNameInvalid: (n: number) =>
    `O nome do parâmetro ${n} deve começar com uma letra e ter só letras, números e _ (até 64).`,
  paramNameTaken: (n: number) => `O nome do parâmetro ${n} já foi utilizado em outro parâmetro.`,
  paramLabelRequired: (n: number) => `O label do parâmetro ${n} é obrigatório.`,
  paramOptionsRequired: (n: number) =>
    `É necessário adicionar pelo menos uma opção para o parâmetro ${n}.`,
  paramOptionIncomplete: (option: number, n: number) =>
    `A opção ${option} do parâmetro ${n} precisa de label e valor.`,
  paramColumnsRequired: (n: number) =>
    `É necessário adicionar pelo menos uma coluna para o parâmetro ${n}.`,
  paramColumnIncomplete: (column: number, n: number) =>
    `A coluna ${column} do parâmetro ${n} precisa de chave e label.`,
  paramColumnKeyTaken: (column: number, n: number) =>
    `A chave da coluna ${column} do parâmetro ${n} já foi utilizada.`,
  paramShowWhenUnknown: (n: number, name: string) =>
    `O parâmetro ${n} só aparece conforme "${name}", que não é uma lista de seleção deste conector.`,
  paramShowWhenValue: (n: number, name: string) =>
    `O parâmetro ${n} só aparece conforme valores que a lista "${name}" não oferece.`,
  paramAcceptsInvalid: (n: number) =>
    `A conta de serviço do parâmetro ${n} aceita um tipo de conta que não assina requisições HTTP.`,
  /** The flow validator and the engine, naming the connector (issue code `connector_unavailable`). */
  connectorDisabled: (name: string) =>
    `O conector personalizado "${name}" está desativado. Ative-o em Conectores personalizados ou remova-o do fluxo.`,
  connectorRemoved: (name: string) =>
    `O conector personalizado "${name}" foi removido. Remova-o do fluxo.`,
  /** What the sandbox says when the code does not define the handler. */
  handlerMissing: 'O código do conector precisa definir a função handler(msg, params).',
  /** serviceAccount(name) in the handler: a name that is not a service-account param. */
  accountParamUnknown: (name: string) =>
    `"${name}" não é um parâmetro de conta de serviço deste conector.`,
  accountParamEmpty: (label: string) =>
    `Escolha a conta de serviço do parâmetro "${label}" no painel do conector.`,
  accountMissing: 'A conta de serviço escolhida não existe mais.',
  /** The 'Testar' panel (beyond the spec). */
  testMessageInvalid: 'A mensagem de teste precisa ser um objeto JSON.',
} as const;
