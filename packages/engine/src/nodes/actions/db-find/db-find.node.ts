import { defineNode } from '../../../kit/define-node';
import { filtersParam, queryLimits, recordFilter, tableParam } from '../db-records/db-records';

export const dbFindNode = defineNode({
  type: 'core_db_find',
  version: 1,
  category: 'action',
  label: 'Buscar registros',
  description:
    'Busca registros de uma tabela do banco de dados do workspace e coloca a lista em msg.payload.',
  icon: 'database-search',
  params: {
    table: tableParam,
    filters: filtersParam,
    sort_field: {
      type: 'text',
      label: 'Ordenar por',
      placeholder: 'created_at',
      description: 'Um campo da tabela, created_at ou updated_at. Vazio: os mais antigos primeiro.',
    },
    sort_direction: {
      type: 'select',
      label: 'Direção',
      default: 'asc',
      options: [
        { label: 'Crescente', value: 'asc' },
        { label: 'Decrescente', value: 'desc' },
      ],
    },
    limit: {
      type: 'number',
      label: 'Limite de registros',
      default: queryLimits.default,
      min: 1,
      max: queryLimits.max,
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const sortField = params.sort_field?.trim();
    const query = {
      filter: recordFilter(params.filters),
      ...(sortField
        ? {
            sort: {
              field: sortField,
              direction: params.sort_direction === 'desc' ? ('desc' as const) : ('asc' as const),
            },
          }
        : {}),
      limit: params.limit,
    };
    const records = await ports.records.find(scope, params.table, query, signal);
    return { output: 'default', msg: { ...input, payload: records } };
  },
});
