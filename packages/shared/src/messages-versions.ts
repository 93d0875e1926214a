import type { VersionedKind } from './versions/versioned-kinds';

/** How a text names a resource of each kind: 'Este flow … alterado', 'Esta fila … alterada'. */
const resourceWords: Record<VersionedKind | 'custom_node', { these: string; changed: string }> = {
  flow: { these: 'Este flow', changed: 'alterado' },
  form: { these: 'Este formulário', changed: 'alterado' },
  dashboard: { these: 'Este dashboard', changed: 'alterado' },
  db_table: { these: 'Esta tabela', changed: 'alterada' },
  alert_rule: { these: 'Esta regra de alerta', changed: 'alterada' },
  queue: { these: 'Esta fila', changed: 'alterada' },
  custom_node: { these: 'Este conector', changed: 'alterado' },
};

/** Texts of versions, history, restore and conflicts (docs/adr/0103). */
export const versionMessages = {
  /**
   * The 409 of a save based on an old version. `time` is 'HH:mm' of the change (America/Sao_Paulo),
   * 'HH:mm de DD/MM/YYYY' when it was not today.
   */
  conflict: (kind: VersionedKind | 'custom_node', name: string, time: string) => {
    const words = resourceWords[kind];
    return `${words.these} foi ${words.changed} por ${name} às ${time} depois que você o abriu.`;
  },
  /** The author of the state a resource had before versions existed. */
  unknownAuthor: 'Desconhecido',
  baselineMessage: 'Estado anterior ao histórico de versões',
  restoredMessage: (number: number) => `Restaurada da versão ${number}`,
  history: 'Histórico de versões',
  describeChange: 'Descreva a alteração',
  version: (number: number) => `Versão ${number}`,
  current: 'Atual',
  compare: 'Comparar',
  restore: 'Restaurar',
  open: 'Abrir',
  seeChanges: 'Ver as alterações',
  keepMine: 'Manter as minhas',
  reload: 'Recarregar',
  notFound: 'Versão não encontrada.',
  badIfMatch: 'O cabeçalho If-Match deve ser a ETag de uma versão, ex.: "3".',
  /** The version an execution ran was removed by the workspace's retention. */
  pruned: 'Esta versão foi removida pela retenção do histórico.',
  retentionInvalid: 'Informe um número inteiro de 1 a 100.000.',
  /** The history drawer, the comparison and the conflict of an edit page (web). */
  historyEmpty: 'Nenhuma versão salva ainda.',
  compareTitle: (number: number) => `Comparar a versão ${number} com a atual`,
  conflictChangesTitle: (from: number, to: number) =>
    `O que mudou da versão ${from} para a versão ${to}`,
  versionColumn: (number: number, current: boolean) =>
    current ? `Versão ${number} (atual)` : `Versão ${number}`,
  noDifferences: 'As duas versões têm o mesmo conteúdo.',
  changeKinds: { added: 'Adicionado', removed: 'Removido', changed: 'Alterado' },
  emptyValue: '(vazio)',
  noValue: '—',
  yes: 'Sim',
  no: 'Não',
  wholeDocument: 'Conteúdo inteiro',
  item: (number: number) => `item ${number}`,
  sameLines: (count: number) =>
    count === 1 ? '1 linha sem alteração' : `${count} linhas sem alteração`,
  restoreTitle: (number: number) => `Restaurar a versão ${number}?`,
  restoreConfirm: (number: number) =>
    `O conteúdo da versão ${number} passa a ser o atual, salvo como uma versão nova. As outras versões continuam no histórico.`,
  restoreUnsavedTitle: 'Descartar as alterações?',
  restoreUnsaved:
    'Existem alterações não salvas nesta página. Restaurar uma versão as descarta. Deseja continuar?',
  restored: (number: number) => `Versão ${number} restaurada.`,
  restoreError: (reason: string) => `Erro ao restaurar a versão: ${reason}`,
  conflictTitle: 'Alterado por outra pessoa',
  conflictCurrent: (number: number) => `A versão atual é a ${number}.`,
  keepMineTitle: 'Manter as suas alterações?',
  keepMineConfirm:
    'As suas alterações serão salvas sobre a versão atual e substituem o que a outra pessoa mudou (o que ela salvou continua no histórico). Deseja continuar?',
  reloadTitle: 'Recarregar?',
  reloadConfirm:
    'As alterações desta página serão descartadas e o conteúdo atual será carregado. Deseja continuar?',
};
