/** 'Criar a partir de OpenAPI' (docs/adr/0137): the server's and the modal's texts. */
export const customNodeOpenApiMessages = {
  sourceRequired: 'Informe a URL do documento OpenAPI ou envie o arquivo.',
  urlInvalid: 'A URL do documento precisa começar com http:// ou https://.',
  fetchFailed: (reason: string) => `Não foi possível baixar o documento: ${reason}`,
  fetchStatus: (status: number) =>
    `Não foi possível baixar o documento: o servidor respondeu ${status}.`,
  tooLarge: 'O documento OpenAPI pode ter no máximo 10 MB.',
  unreadable: 'O arquivo não é um JSON nem um YAML válido.',
  notOpenApi:
    'O documento não é OpenAPI 3.0, 3.1 nem Swagger 2.0 (falta o campo "openapi" ou "swagger").',
  invalid: (reason: string) => `O documento OpenAPI tem um problema: ${reason}`,
  externalRef: (ref: string) =>
    `O documento aponta para outro arquivo ou endereço (${ref}). Junte tudo num arquivo só (por exemplo com "redocly bundle") e tente de novo.`,
  noOperations: 'O documento não tem nenhuma operação.',
  pickOperations: 'Escolha pelo menos uma operação.',
  unknownOperation: (id: string) => `A operação "${id}" não está no documento.`,
  tooManyOperations: (max: number) => `Escolha no máximo ${max} operações por conector.`,
  tooManyParams: (params: number, max: number, drop: number) =>
    `As operações escolhidas precisam de ${params} parâmetros, e um conector aceita no máximo ${max}. Tire pelo menos ${drop} ${drop === 1 ? 'operação' : 'operações'} e tente de novo.`,
  codeTooLong:
    'O código gerado para essas operações passa de 200 KB. Escolha menos operações e tente de novo.',
} as const;
