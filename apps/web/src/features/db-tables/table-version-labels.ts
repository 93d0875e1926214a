import type { VersionLabels } from '../../components/version-history/version-labels';

/** A table's structure as its editor names it, for its history's comparisons. */
export const tableVersionLabels: VersionLabels = {
  name: 'Nome da tabela',
  group: 'Grupo',
  apply_default_values_new_fields: 'Aplicar valores padrão aos registros existentes',
  fields: 'Campos',
  'fields.*': 'Campo',
  'fields.*.name': 'Nome',
  'fields.*.label': 'Label',
  'fields.*.type': 'Tipo',
  'fields.*.length': 'Tamanho',
  'fields.*.default_value': 'Valor padrão',
  'fields.*.is_unique': 'Único',
  'fields.*.is_required': 'Obrigatório',
  'fields.*.position': 'Posição',
};
