/** Texts of the retention per flow and per area (docs/adr/0123, docs/lgpd.md 'Retenção'). */
export const retentionMessages = {
  daysInvalid: 'Informe um número inteiro de dias, de 1 a 36500.',
  areaInvalid:
    'Escolha o que apagar: registros de uma tabela, mensagens de uma fila ou arquivos de uma pasta.',
  targetRequired: 'Escolha a tabela, a fila ou a pasta da regra.',
  tableUnknown: 'A tabela escolhida não existe neste workspace.',
  fieldUnknown: (table: string) =>
    `O campo escolhido não é um campo de data ou de data e hora da tabela "${table}".`,
  queueUnknown: 'A fila escolhida não existe neste workspace.',
  folderUnknown: (path: string) => `A pasta "${path}" não existe no Storage deste workspace.`,
  fieldOnlyForTables: 'Só as regras de tabela escolhem um campo de data.',
  targetTaken: 'Já existe uma regra de retenção para este destino.',
  notFound: 'Regra de retenção não encontrada.',
  busy: 'Esta regra já está sendo aplicada; tente de novo em instantes.',
  limitReached: (max: number) => `O workspace já tem ${max} regras de retenção, o máximo.`,
  saved: 'Regra de retenção salva com sucesso',
  saveError: 'Ocorreu um erro ao salvar a regra de retenção',
  removeConfirm: (target: string) =>
    `Deseja realmente remover a regra de retenção de "${target}"? Nada já apagado volta; os dados deixam de ser apagados por ela.`,
  removed: 'Regra de retenção removida com sucesso',
  removeError: 'Ocorreu um erro ao remover a regra de retenção',
  applied: (removed: number, freed: string) =>
    removed === 0
      ? 'Nada a apagar: nenhum dado passou do prazo.'
      : `${removed === 1 ? '1 item apagado' : `${removed} itens apagados`}; ${freed} liberados.`,
  applyError: 'Ocorreu um erro ao aplicar a regra de retenção',
};
