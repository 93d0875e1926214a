/**
 * Texts of a flow's LGPD options: the masking (docs/adr/0122), its own retention (docs/adr/0123)
 * and the register of processing, 'Registro de tratamento (LGPD)' (docs/adr/0125).
 */
export const lgpdRegisterMessages = {
  maskPathEmpty: 'Informe o caminho do campo a mascarar.',
  maskPathTooLong: (max: number) => `Cada campo tem no máximo ${max} caracteres.`,
  maskPathInvalid:
    "Campo inválido: use nomes separados por ponto, como 'payload.cliente.nome' ou 'itens.*.cpf'.",
  maskPathsTooMany: (max: number) => `No máximo ${max} campos.`,
  retentionDaysInvalid: 'A retenção é um número inteiro de dias, de 1 a 36500.',
  purposeTooLong: 'A finalidade tem no máximo 1000 caracteres.',
  legalBasisInvalid: 'Escolha uma das dez bases legais do art. 7º da LGPD.',
  dataCategoryInvalid: 'Categoria de dados pessoais desconhecida.',
  retentionNoteTooLong: 'O prazo de guarda tem no máximo 500 caracteres.',
};
