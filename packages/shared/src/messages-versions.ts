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
  /** The editors' side of versions: saving with a message, the history, compare, restore. */
  saveWithMessage: 'Salvar com descrição…',
  describeChangeHint: 'Opcional. Aparece no histórico de versões.',
  /** A version without a known author. */
  noAuthor: '—',
  readOnlyTitle: (number: number, date: string, author: string) =>
    `Versão ${number} · ${date} · ${author} — somente leitura`,
  compareWithCurrent: 'Comparar com a atual',
  backToEditor: 'Voltar ao editor',
  historyEmpty: 'Nenhuma versão salva ainda.',
  conflictTitle: 'Alterado por outra pessoa',
  keepMineConfirm: (current: number) =>
    `Salvar as suas alterações por cima da versão ${current}? A versão da outra pessoa continua no histórico.`,
  reloadConfirm:
    'Descartar as suas alterações não salvas e carregar a versão atual? Não é possível desfazer.',
  restoreTitle: (number: number) => `Restaurar a versão ${number}?`,
  restoreText: (number: number, next: number) =>
    `A versão ${number} vira a atual como uma versão nova (versão ${next}). Nenhuma versão é apagada.`,
  restoreDiscards: 'As alterações não salvas no editor serão descartadas.',
  restored: (number: number, next: number) => `Versão ${number} restaurada como versão ${next}.`,
  noDifferences: 'Nenhuma diferença entre as duas versões.',
  added: 'Adicionado',
  removed: 'Removido',
  changed: 'Alterado',
  moved: 'Movido',
};
