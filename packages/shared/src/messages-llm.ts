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
} as const;
