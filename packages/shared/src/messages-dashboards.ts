/**
 * Dashboards (spec 2 'Dashboards', §5 'Dashboard', §8 'Dashboard', §9; docs/adr/0046): the
 * server's and the browser's texts. Both say the same thing for the same refusal.
 */
export const dashboardMessages = {
  /** Spec 2 §8, to the letter. */
  saved: 'Dashboard salvo com sucesso!',
  saveError: (reason: string) => `Ocorreu um erro ao salvar: ${reason}`,
  removed: 'Dashboard removido com sucesso!',
  removeError: 'Erro ao remover Dashboard:',
  duplicated: 'Dashboard duplicado com sucesso!',
  /** Spec 2 'Dashboards', to the letter. */
  duplicateConfirm: 'Deseja realmente duplicar este dashboard?',
  editorTitle: 'Editar dashboard',
  edit: 'Editar',
  refresh: 'Atualizar',
  loadingWidgets: 'Carregando widgets...',
  importedSuffix: ' (importado)',
  /** Spec 2 §5, to the letter. */
  nameRequired: 'O nome do dashboard é obrigatório',
  /** Spec 2 §9 default labels, to the letter. */
  defaultLabels: {
    execution_count: 'Execuções',
    execution_time: 'Tempo médio de execução',
    // Beyond the spec (docs/adr/0101).
    ai_tokens: 'Tokens de IA',
  },
  /** Spec 2 'Dashboards' view periods, to the letter. */
  periods: {
    today: 'Hoje',
    '1_day': 'Últimas 24 horas',
    '7_day': '7 dias',
    '15_day': '15 dias',
    '30_day': '30 dias',
    custom: 'Personalizado',
  },
  from: 'De',
  to: 'Até',
  // Beyond the spec (docs/adr/0046): the rules and states the spec leaves without a text.
  notFound: 'Dashboard não encontrado.',
  removeNameMismatch: 'O nome do dashboard não confere com o nome digitado!',
  nameTooLong: 'O nome do dashboard deve ter no máximo 120 caracteres.',
  tooManyWidgets: 'Um dashboard pode ter no máximo 50 widgets.',
  htmlTooLong: 'O conteúdo HTML do widget deve ter no máximo 20000 caracteres.',
  searchTermRequired: 'Informe o termo de busca do widget.',
  searchFieldRequired: 'Escolha onde buscar: mensagem ou rótulo.',
  periodRequired: 'Escolha o período do widget.',
  customPeriodRequired: 'Informe o início e o fim do período personalizado.',
  periodInverted: 'O início do período deve ser anterior ao fim.',
  periodTooLong: 'O período pode ter no máximo 1000 dias.',
  tableRequired: 'Escolha a tabela do widget.',
  tableMissing: 'A tabela deste widget não existe mais neste workspace.',
  flowMissing: 'O flow deste widget não existe mais neste workspace.',
  queryTimeout:
    'A consulta deste widget demorou demais. Escolha um período menor ou um termo de busca mais específico.',
  queryFailed: 'Não foi possível carregar os dados deste widget.',
  importInvalid: 'O arquivo não é um dashboard válido.',
  emptyGrid: 'Este dashboard ainda não tem widgets. Use "Adicionar widget" para começar.',
  emptyView: 'Este dashboard ainda não tem widgets. Clique em "Editar" para adicionar.',
  noData: 'Sem dados no período.',
  /** The widget types by name, in the order the add-widget menu offers them. */
  widgetTypes: {
    text_html: 'Texto (HTML)',
    execution_count: 'Contagem de execuções',
    execution_histogram: 'Histograma de execuções',
    execution_time: 'Tempo de execução',
    log_count: 'Contagem de logs',
    log_list: 'Lista de logs',
    log_histogram: 'Histograma de logs',
    database_list: 'Lista de registros',
    ai_tokens: 'Tokens de IA',
    ai_tokens_histogram: 'Histograma de tokens de IA',
  },
  widgetPeriods: {
    all: 'Todo o período',
    dashboard: 'Período do dashboard',
    today: 'Hoje',
    '1_day': 'Últimas 24 horas',
    '7_day': '7 dias',
    '15_day': '15 dias',
    '30_day': '30 dias',
    custom: 'Personalizado',
  },
  autoRefresh: {
    label: 'Atualização automática',
    off: 'Desligada',
    '30': '30 s',
    '60': '1 min',
    '300': '5 min',
  },
} as const;
