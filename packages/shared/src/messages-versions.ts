import type { VersionedKind } from './versions/versioned-kinds';

/**
 * How a text names a resource of each kind: 'Este flow … alterado … o abriu', 'Esta fila …
 * alterada … a abriu'.
 */
const resourceWords: Record<
  VersionedKind | 'custom_node',
  { these: string; changed: string; it: 'o' | 'a' }
> = {
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
  conflict: (kind: VersionedKind | 'custom_node', name: string, time: string) => {
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
  /** The version an execution ran was removed by the workspace's retention. */
  pruned: 'Esta versão foi removida pela retenção do histórico.',
  retentionInvalid: 'Informe um número inteiro de 1 a 100.000.',
};
