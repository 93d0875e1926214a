import type { VersionLabels } from '../../components/version-history/version-labels';

/**
 * A connector's versions hold what its editor edits (docs/adr/0104), named as its 'Configurações'
 * and 'Funções' tabs name them.
 */
export const customNodeVersionLabels: VersionLabels = {
  name: 'Nome',
  service_name: 'Nome do serviço',
  description: 'Descrição',
  enabled: 'Ativo',
  imageData: 'Imagem',
  execution_type: 'Tipo de execução',
  group: 'Grupo',
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
  code_execution_content: 'Código do handler',
};
