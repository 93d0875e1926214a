/** Texts of the workspace's own holidays (docs/adr/0121). */
export const holidayMessages = {
  dateRequired: 'O campo "Data" é obrigatório.',
  dateInvalid: 'Informe uma data válida no formato DD/MM/AAAA.',
  nameRequired: 'O campo "Nome" é obrigatório.',
  nameTooLong: 'O nome deve ter no máximo 120 caracteres.',
  dateTaken: 'Já existe um feriado nesta data neste workspace.',
  recurringTaken: 'Já existe um feriado de todo ano neste dia e mês neste workspace.',
  notFound: 'Feriado não encontrado.',
  limitReached: (max: number) =>
    `O workspace já tem ${max} feriados, o máximo. Remova os que já passaram para criar outros.`,
  removeConfirm: 'Deseja realmente remover o feriado?',
  removed: 'Feriado removido com sucesso',
  removeError: 'Ocorreu um erro ao remover o feriado',
  saved: 'Feriado salvo com sucesso',
  saveError: 'Ocorreu um erro ao salvar o feriado',
} as const;
