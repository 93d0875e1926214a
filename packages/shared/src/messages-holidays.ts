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
  importEmpty: 'O arquivo não tem nenhum feriado.',
  importColumns: 'cada linha precisa de data e nome, separados por ";".',
  importRecurring: 'em "Todo ano", use sim ou não.',
  importRepeated: (line: number) => `este dia já aparece na linha ${line}.`,
  importLine: (line: number, problem: string) => `Linha ${line}: ${problem}`,
  importTooLarge: 'O arquivo passa de 200.000 caracteres.',
  importUnreadable:
    'Não foi possível ler o CSV: confira as aspas e o separador ";" (o Excel salva assim em "CSV (separado por vírgulas)").',
  importFailed: 'Ocorreu um erro ao importar os feriados',
  /** After an import: how many were added, and how many were already in the workspace. */
  imported: (created: number, skipped: number) =>
    `${created === 1 ? '1 feriado importado' : `${created} feriados importados`}${
      skipped
        ? `; ${skipped === 1 ? '1 já existia e foi mantido' : `${skipped} já existiam e foram mantidos`}`
        : ''
    }.`,
  removeConfirm: 'Deseja realmente remover o feriado?',
  removed: 'Feriado removido com sucesso',
  removeError: 'Ocorreu um erro ao remover o feriado',
  saved: 'Feriado salvo com sucesso',
  saveError: 'Ocorreu um erro ao salvar o feriado',
} as const;
