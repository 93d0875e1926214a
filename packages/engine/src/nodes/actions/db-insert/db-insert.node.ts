import { defineNode } from '../../../kit/define-node';
import { dataParams, recordData, tableParam, checkDataParams } from '../db-records/db-records';

export const dbInsertNode = defineNode({
  type: 'core_db_insert',
  version: 1,
  category: 'action',
  label: 'Inserir registro',
  description:
    'Insere um registro numa tabela do banco de dados do workspace e coloca o registro salvo em msg.payload.',
  icon: 'database-plus',
  params: { table: tableParam, ...dataParams },
  outputs: { default: { label: 'Saída' } },
  checkParams: checkDataParams,
  async run({ params, input, ports, scope, signal }) {
    const data = recordData(params);
    const record = await ports.records.insert(scope, params.table, data, signal);
    return { output: 'default', msg: { ...input, payload: record } };
  },
});
