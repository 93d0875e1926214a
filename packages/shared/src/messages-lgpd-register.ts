/** Texts of the register of processing, the flow's 'Registro de tratamento (LGPD)' (docs/adr/0125). */
export const lgpdRegisterMessages = {
  purposeTooLong: 'A finalidade tem no máximo 1000 caracteres.',
  legalBasisInvalid: 'Escolha uma das dez bases legais do art. 7º da LGPD.',
  dataCategoryInvalid: 'Categoria de dados pessoais desconhecida.',
  retentionNoteTooLong: 'O prazo de guarda tem no máximo 500 caracteres.',
};
