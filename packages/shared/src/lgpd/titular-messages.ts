/** Texts of a titular's search, erasure and reports (docs/lgpd.md, docs/adr/0124). */
export const titularMessages = {
  queryInvalid: 'Digite um CPF, CNPJ, e-mail ou telefone.',
  changed:
    'Os dados deste titular mudaram desde a busca. Busque de novo e confira as quantidades antes de excluir.',
  requestNotFound: 'Atendimento não encontrado.',
  reportTitle: 'Relatório de atendimento ao titular',
  kinds: { search: 'Busca', erasure: 'Exclusão' },
  places: {
    executions: 'Execuções',
    forms: 'Envios de formulário',
    execution_data: 'Dados das execuções',
    logs: 'Logs',
    records: 'Registros de tabelas',
    queues: 'Mensagens de filas',
    storage: 'Arquivos do Storage',
  },
  /**
   * What the erasure does in each place. A masked trace (it may be another person's) never
   * costs a whole line, record, message or file: it is scrubbed where the rest stays, else kept.
   */
  actions: {
    executions: 'mensagem de gatilho e erro anonimizados (cada ocorrência vira "[removido]")',
    forms: 'dados do envio anonimizados (cada ocorrência vira "[removido]")',
    execution_data: 'dados dos nós anonimizados (cada ocorrência vira "[removido]")',
    logs: 'linhas de log anonimizadas (cada ocorrência vira "[removido]")',
    records: 'registros com o dado excluídos (rastros mascarados mantidos)',
    queues: 'mensagens com o dado removidas da fila (rastros mascarados mantidos)',
    storage:
      'arquivos e pastas com o dado no nome excluídos (a pasta com tudo o que houver nela), arquivos de texto com o dado no conteúdo reescritos (cada ocorrência vira "[removido]"), rastros mascarados mantidos',
  },
  maskedTrace: 'rastro mascarado',
  maskedTraceHint:
    'Rastro mascarado: o valor guardado com máscara coincide com o do titular, mas pode ser de outra pessoa com os mesmos dígitos do meio.',
  more: (count: number) => `e mais ${count.toLocaleString('pt-BR')}`,
  truncated: (scanned: number) =>
    `A busca parou nas primeiras ${scanned.toLocaleString('pt-BR')} ocorrências possíveis deste lugar; a exclusão percorre o lugar inteiro.`,
  skippedFiles: (count: number, maxMb: number) =>
    count === 1
      ? `1 arquivo de texto maior que ${maxMb} MB não teve o conteúdo lido (só o nome).`
      : `${count.toLocaleString('pt-BR')} arquivos de texto maiores que ${maxMb} MB não tiveram o conteúdo lido (só o nome).`,
  walkStopped: (max: number) =>
    `O Storage tem mais de ${max.toLocaleString('pt-BR')} arquivos e pastas: a busca viu só os primeiros; a exclusão percorre todos.`,
  /** Masked traces the search after an erasure still finds: kept on purpose. */
  keptTraces: (count: number) =>
    count === 1
      ? '1 é rastro mascarado, mantido porque pode ser de outra pessoa.'
      : `${count.toLocaleString('pt-BR')} são rastros mascarados, mantidos porque podem ser de outra pessoa.`,
  /** Folders named with the value: the erasure deletes them with what they hold. */
  foldersDeleted: (paths: string[]) =>
    paths.length === 1
      ? `A pasta ${paths[0]} será excluída com tudo o que houver nela.`
      : `As pastas ${paths.join(', ')} serão excluídas com tudo o que houver nelas.`,
  /** The confirmation, for a place whose search stopped early. */
  eraseWhole:
    'a busca parou antes do fim deste lugar; a exclusão o percorre inteiro e pode alcançar mais do que o contado',
  /** An erasure's place whose search had stopped early, erased through all the same. */
  erasedWhole:
    'A busca tinha parado antes do fim deste lugar; a exclusão o percorreu inteiro, e a busca feita depois conta o que restou.',
  /** An erasure's place whose search had stopped early and whose erasure failed. */
  notErasedWhole:
    'A busca tinha parado antes do fim deste lugar, e a exclusão não o percorreu inteiro: pode haver dados do titular além dos contados.',
  eraseFailed:
    'A exclusão neste lugar parou num erro do serviço (banco de dados, filas ou Storage); o que foi feito antes do erro fica. Busque de novo e tente outra vez.',
  afterFailed:
    'A busca feita depois da exclusão não pôde ser concluída neste lugar; a quantidade que resta é a encontrada antes.',
  failedPlaces: (names: string[]) =>
    `A exclusão não foi concluída em: ${names.join(', ')}. O que foi feito nos outros lugares fica registrado; busque de novo e tente outra vez.`,
  /** Who asked, when a request was made with an API token. */
  requesterToken: (name: string) => `Token de API ${name}`,
  notRemoved: (count: number) =>
    `${count === 1 ? '1 item não pôde ser excluído' : `${count} itens não puderam ser excluídos`} (por exemplo, uma mensagem em processamento); busque de novo em instantes.`,
} as const;
