import type { VersionedKind } from './versions/versioned-kinds';

/**
 * How a text names a resource of each kind: 'Este flow … alterado … o abriu', 'Esta fila …
 * alterada … a abriu'.
 */
const resourceWords: Record<VersionedKind, { these: string; changed: string; it: 'o' | 'a' }> = {
  flow: { these: 'Este flow', changed: 'alterado', it: 'o' },
  form: { these: 'Este formulário', changed: 'alterado', it: 'o' },
  dashboard: { these: 'Este dashboard', changed: 'alterado', it: 'o' },
  db_table: { these: 'Esta tabela', changed: 'alterada', it: 'a' },
  alert_rule: { these: 'Esta regra de alerta', changed: 'alterada', it: 'a' },
  queue: { these: 'Esta fila', changed: 'alterada', it: 'a' },
  custom_node: { these: 'Este conector', changed: 'alterado', it: 'o' },
};

/** Texts of versions, history, restore and conflicts (docs/adr/0103). */
export const versionMessages = {
  /**
   * The 409 of a save based on an old version. `time` is 'HH:mm' of the change (America/Sao_Paulo),
   * 'HH:mm de DD/MM/YYYY' when it was not today.
   */
  conflict: (kind: VersionedKind, name: string, time: string) => {
    const words = resourceWords[kind];
    return `${words.these} foi ${words.changed} por ${name} às ${time} depois que você ${words.it} abriu.`;
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
  /** The link of an execution's page to the diff of the version it ran and the current one. */
  compareWithCurrent: 'Comparar com a atual',
  /** The version an execution ran was removed by the workspace's retention. */
  pruned: 'Esta versão foi removida pela retenção do histórico.',
  retentionInvalid: 'Informe um número inteiro de 1 a 100.000.',
  /** Who else has the flow open in the editor (the live socket's `flow-editors-{flowId}`). */
  presence: {
    /** The group of avatars in the editor's top bar. */
    label: 'Quem mais está com este flow aberto',
    /** The person's own editor in another tab of the browser (or another device). */
    youElsewhere: 'Você (outra aba)',
    open: (name: string) => `${name} está com este flow aberto`,
    unsaved: (name: string) => `${name} tem alterações não salvas`,
    /** The avatar that stands for the ones not drawn: their names follow, one per line. */
    more: (count: number) => `Mais ${count} ${count === 1 ? 'pessoa' : 'pessoas'}`,
    /** Shown once, at the first change, when someone else has unsaved changes. */
    othersUnsaved: (names: string[]) => {
      const list =
        names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : names[0];
      const [verb, who] =
        names.length > 1 ? ['têm', 'das outras pessoas'] : ['tem', 'da outra pessoa'];
      return `${list} ${verb} alterações não salvas neste flow. Quem salvar por último verá as alterações ${who} antes de confirmar.`;
    },
    /** The same, when the unsaved changes are the person's own, in another tab. */
    ownUnsavedElsewhere:
      'Você tem alterações não salvas neste flow em outra aba. A aba que salvar por último mostrará as alterações da outra antes de confirmar.',
  },
  /** A retention is by number of versions or by days, one at a time. */
  retentionOneRule: 'Escolha guardar as últimas versões ou as dos últimos dias, não as duas.',
  retentionSaved: 'Histórico de versões salvo.',
  /** The editors' side of versions: saving with a message, the history, compare, restore. */
  saveWithMessage: 'Salvar com descrição…',
  describeChangeHint: 'Opcional. Aparece no histórico de versões.',
  /** A version without a known author. */
  noAuthor: '—',
  readOnlyTitle: (number: number, date: string, author: string) =>
    `Versão ${number} · ${date} · ${author} — somente leitura`,
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
  /** The history drawer, the comparison and the conflict of an edit page (web). */
  compareTitle: (number: number) => `Comparar a versão ${number} com a atual`,
  conflictChangesTitle: (from: number, to: number) =>
    `O que mudou da versão ${from} para a versão ${to}`,
  versionColumn: (number: number, current: boolean) =>
    current ? `Versão ${number} (atual)` : `Versão ${number}`,
  pageNoDifferences: 'As duas versões têm o mesmo conteúdo.',
  changeKinds: { added: 'Adicionado', removed: 'Removido', changed: 'Alterado' },
  emptyValue: '(vazio)',
  noValue: '—',
  yes: 'Sim',
  no: 'Não',
  wholeDocument: 'Conteúdo inteiro',
  item: (number: number) => `item ${number}`,
  sameLines: (count: number) =>
    count === 1 ? '1 linha sem alteração' : `${count} linhas sem alteração`,
  restoreConfirm: (number: number) =>
    `O conteúdo da versão ${number} passa a ser o atual, salvo como uma versão nova. As outras versões continuam no histórico.`,
  restoreUnsavedTitle: 'Descartar as alterações?',
  restoreUnsaved:
    'Existem alterações não salvas nesta página. Restaurar uma versão as descarta. Deseja continuar?',
  pageRestored: (number: number) => `Versão ${number} restaurada.`,
  restoreError: (reason: string) => `Erro ao restaurar a versão: ${reason}`,
  conflictCurrent: (number: number) => `A versão atual é a ${number}.`,
  keepMineTitle: 'Manter as suas alterações?',
  pageKeepMineConfirm:
    'As suas alterações serão salvas sobre a versão atual e substituem o que a outra pessoa mudou (o que ela salvou continua no histórico). Deseja continuar?',
  reloadTitle: 'Recarregar?',
  pageReloadConfirm:
    'As alterações desta página serão descartadas e o conteúdo atual será carregado. Deseja continuar?',
};
