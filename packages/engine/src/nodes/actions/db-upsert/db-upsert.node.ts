import { defineNode } from '../../../kit/define-node';
import { dataParams, recordData, tableParam, checkDataParams } from '../db-records/db-records';

export const dbUpsertNode = defineNode({
  type: 'core_db_upsert',
  version: 1,
  category: 'action',
  label: 'Inserir ou atualizar registro',
  description:
    'Atualiza o registro cujo campo único tem o valor informado ou, se não houver, insere um novo. msg.payload recebe o registro salvo.',
  icon: 'database-import',
  params: {
    table: tableParam,
    unique_field: {
      type: 'text',
      label: 'Campo único',
      required: true,
      placeholder: 'email',
      description: 'Um campo marcado como único na tabela; os dados precisam trazer o valor dele.',
    },
    ...dataParams,
  },
  outputs: { default: { label: 'Saída' } },
  checkParams: checkDataParams,
  async run({ params, input, ports, scope, signal }) {
    const record = await ports.records.upsert(
      scope,
      params.table,
      params.unique_field.trim(),
      recordData(params),
      signal,
    );
    return { output: 'default', msg: { ...input, payload: record } };
  },
});
