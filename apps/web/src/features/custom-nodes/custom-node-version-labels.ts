import type { VersionLabels } from '../../components/version-history/version-labels';

/**
 * A connector's versions hold its params and handler (docs/adr/0041), named as the 'Funções'
 * tab names them.
 */
export const customNodeVersionLabels: VersionLabels = {
  params: 'Parâmetros',
  'params.*': 'Parâmetro',
  'params.*.name': 'Nome',
  'params.*.label': 'Label',
  'params.*.type': 'Tipo',
  'params.*.default_value': 'Valor padrão',
  'params.*.is_required': 'Obrigatório',
  'params.*.options': 'Opções',
  'params.*.options.*': 'Opção',
  'params.*.options.*.label': 'Label',
  'params.*.options.*.value': 'Valor',
  'params.*.columns': 'Colunas',
  'params.*.columns.*': 'Coluna',
  'params.*.columns.*.key': 'Chave',
  'params.*.columns.*.label': 'Label',
  'params.*.position': 'Posição',
  handler: 'Código do handler',
};
