import { messages } from '@ponte/shared/messages';
import { defineNode } from '../../../kit/define-node';
import {
  dataParams,
  recordData,
  recordTarget,
  tableParam,
  targetParams,
  checkUpdateParams,
} from '../db-records/db-records';

export const dbUpdateNode = defineNode({
  type: 'core_db_update',
  version: 1,
  category: 'action',
  label: 'Atualizar registros',
  description:
    'Altera só os campos informados de um registro (pelo ID) ou dos registros que os filtros encontram (até 1000). msg.payload recebe o registro, ou a lista, atualizado.',
  icon: 'database-edit',
  params: { table: tableParam, ...targetParams, ...dataParams },
  outputs: { default: { label: 'Saída' } },
  checkParams: checkUpdateParams,
  async run({ params, input, ports, scope, signal }) {
    const target = recordTarget(params);
    const data = recordData(params);
    const records = await ports.records.update(scope, params.table, target, data, signal);
    if (!('id' in target)) return { output: 'default', msg: { ...input, payload: records } };
    const [record] = records;
    if (!record) throw new Error(messages.recordNodes.recordMissing(target.id, params.table));
    return { output: 'default', msg: { ...input, payload: record } };
  },
});
