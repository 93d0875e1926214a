/** What a person reads when a boleto cannot be read (pt-BR). */
export const boletoMessages = {
  empty: 'Informe a linha digitável ou o código de barras do boleto.',
  notDigits: (character: string) =>
    `O boleto deve ter apenas números (espaços, pontos e hífens são ignorados), mas tem "${character}".`,
  length: (count: number) =>
    `O boleto tem ${count} dígitos: a linha digitável tem 47 (boleto bancário) ou 48 (arrecadação) e o código de barras, 44.`,
  collectionStartsWith8: 'Uma linha digitável de 48 dígitos é de arrecadação e começa com 8.',
  notBarcode: (count: number) =>
    `Informe o código de barras do boleto, de 44 dígitos (o texto tem ${count}).`,
  notLine: (count: number) =>
    `Informe a linha digitável do boleto, de 47 ou 48 dígitos (o texto tem ${count}).`,
  bankField: (field: number, found: string, expected: number) =>
    `O dígito verificador do campo ${field} da linha digitável está errado: é ${found}, deveria ser ${expected}.`,
  bankGeneral: (found: string, expected: number) =>
    `O dígito verificador geral do boleto (5ª posição do código de barras, campo 4 da linha digitável) está errado: é ${found}, deveria ser ${expected}.`,
  collectionBlock: (block: number, found: string, expected: number) =>
    `O dígito verificador do bloco ${block} da linha digitável está errado: é ${found}, deveria ser ${expected}.`,
  collectionGeneral: (found: string, expected: number) =>
    `O dígito verificador geral do boleto de arrecadação (4ª posição do código de barras) está errado: é ${found}, deveria ser ${expected}.`,
  factor: (factor: string) =>
    `O fator de vencimento ${factor} não existe: vai de 1000 a 9999, ou é 0000 num boleto sem vencimento.`,
  segment: (segment: string) =>
    `O segmento ${segment} (2º dígito) não existe no padrão da FEBRABAN: é de 1 a 7, ou 9.`,
  valueKind: (kind: string) =>
    `O identificador de valor ${kind} (3º dígito) não existe no padrão da FEBRABAN: é 6, 7, 8 ou 9.`,
} as const;

/** A boleto that cannot be read; its message says why, in pt-BR. */
export class BoletoError extends Error {
  override name = 'BoletoError';
}
