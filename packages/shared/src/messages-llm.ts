/**
 * The 'Modelo de linguagem' connector (docs/ai.md, docs/adr/0096): its refusals and failures,
 * naming the provider ('A Anthropic', 'O Google Gemini').
 */
export const llmMessages = {
  /** The provider refused the account's key (401/403, Gemini's API_KEY_INVALID). */
  keyRefused: (provider: string, account: string, reason: string) =>
    `${provider} recusou a chave da conta de serviço "${account}": ${reason}`,
  /** Any other refusal, with the provider's own reason when it gave one. */
  refused: (provider: string, status: number, reason: string) =>
    `${provider} recusou a chamada (status ${status})${reason ? `: ${reason}` : '.'}`,
  /** A success without any text (a refusal by the provider's safety filters, an empty answer). */
  noText: (provider: string, reason: string) =>
    `${provider} não devolveu texto${reason ? ` (${reason})` : ''}.`,
  /** A streamed answer (docs/adr/0102) that the provider broke off with an error of its own. */
  streamFailed: (provider: string, reason: string) =>
    `${provider} interrompeu a resposta${reason ? `: ${reason}` : '.'}`,
  /** A streamed answer whose body ended before the provider said it was whole. */
  streamCut: (provider: string) => `${provider} encerrou a resposta antes do fim.`,
  /** A piece of a streamed answer that is not JSON, or an event too large to read. */
  streamUnreadable: (provider: string, reason: string) =>
    `${provider} enviou uma resposta que não foi possível ler: ${reason}`,
  streamNotJson: 'um trecho não é um JSON.',
  modelRequired: 'Informe o modelo (ex.: gpt-4o-mini, claude-sonnet-4-5, gemini-2.5-flash).',
  messageRequired: 'Informe a mensagem para o modelo.',
  temperatureRange: (value: string) =>
    `A temperatura deve ser um número de 0 a 2 (recebeu ${value}).`,
  maxTokensRange: (value: string) =>
    `O máximo de tokens deve ser um número inteiro maior que zero (recebeu ${value}).`,
  schemaInvalid: (reason: string) => `O esquema JSON não é válido: ${reason}`,
  /** The answer was not JSON, twice. */
  notJson: (provider: string, reason: string) =>
    `${provider} não respondeu um JSON válido nem na segunda tentativa: a resposta ${reason}`,
  /** The answer was JSON but not of the schema, twice. */
  notSchema: (provider: string, problems: string) =>
    `${provider} respondeu duas vezes um JSON fora do esquema: ${problems}`,
  /** The user message of the one retry, after the model's previous answer. */
  retryPrompt: (problem: string) =>
    `A resposta anterior não é válida: ${problem}\nResponda de novo apenas com o JSON corrigido, sem texto antes ou depois.\n(The previous answer is not valid: answer again with only the corrected JSON.)`,
  jsonParse: (reason: string) => `não é um JSON (${reason}).`,
  /** The node's user log when the first answer is not accepted. */
  retryLog: (problem: string) => `A resposta não foi aceita (${problem}); pedindo de novo uma vez.`,

  // 'Classificar texto' and 'Extrair dados'.
  textRequired: 'Informe o texto para o modelo.',
  classesRequired: 'Informe ao menos uma classe.',
  classNameRequired: (row: number) => `A classe da linha ${row} não tem nome.`,
  classNameTwice: (name: string) => `A classe "${name}" aparece mais de uma vez.`,
  classNameReserved: (name: string) =>
    `"${name}" é o nome de uma saída do próprio nó: dê outro nome à classe.`,
  classNameExpression: (row: number) =>
    `O nome da classe da linha ${row} não pode ter expressões {{ }}: ele é o nome de uma saída.`,
  /** The answer named a class the node does not have (the retry's problem and the failure's). */
  classUnknown: (answered: string, classes: string) =>
    `a classe "${answered}" não está entre as classes do nó (${classes}).`,
  /** The classification was still not accepted after the retry. */
  classificationRejected: (provider: string, problem: string) =>
    `${provider} não respondeu uma classificação válida nem na segunda tentativa: ${problem}`,
  fieldsRequired: 'Informe ao menos um campo a extrair.',
  fieldNameRequired: (row: number) => `O campo da linha ${row} não tem nome.`,
  fieldNameTwice: (name: string) => `O campo "${name}" aparece mais de uma vez.`,
  fieldNameExpression: (row: number) =>
    `O nome do campo da linha ${row} não pode ter expressões {{ }}: ele é a chave do objeto extraído.`,
  /** The extraction was still not accepted after the retry. */
  extractionRejected: (provider: string, problem: string) =>
    `${provider} não devolveu os campos pedidos nem na segunda tentativa: ${problem}`,

  // The workspace's monthly token budget (docs/ai.md 'Custo e limites', docs/adr/0101).
  /** Before a model call, when the month's tokens reached the budget. */
  budgetSpent: (budget: string, month: string) =>
    `O orçamento mensal de tokens de IA deste workspace acabou (${budget} tokens em ${month}). Aumente o orçamento em Configurações do workspace ou espere o próximo mês.`,
  budgetRange:
    'O orçamento mensal de tokens de IA deve ser um número inteiro de 1.000 a 1.000.000.000.000, ou vazio para não ter limite.',
  budgetSaved: 'Orçamento de tokens de IA salvo com sucesso!',
} as const;
