import type { VersionLabels } from '../../components/version-history/version-labels';

/** A queue's fields as its form names them, for its history's comparisons. */
export const queueVersionLabels: VersionLabels = {
  name: 'Nome da fila',
  group: 'Grupo',
  max_per_second: 'Máximo de mensagens por segundo',
};
