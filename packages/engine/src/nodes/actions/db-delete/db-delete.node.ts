import { defineNode } from '../../../kit/define-node';
import {
  recordTarget,
  tableParam,
  targetParams,
  checkTargetParams,
} from '../db-records/db-records';

export const dbDeleteNode = defineNode({
  type: 'core_db_delete',
  version: 1,
  category: 'action',
  label: 'Remover registros',
  description:
    'Remove um registro (pelo ID) ou os registros que os filtros encontram. msg.payload recebe {deleted: quantos foram removidos}.',
  icon: 'database-minus',
  params: { table: tableParam, ...targetParams },
  outputs: { default: { label: 'Saída' } },
  checkParams: checkTargetParams,
  async run({ params, input, ports, scope, signal }) {
    const target = recordTarget(params);
    const deleted = await ports.records.delete(scope, params.table, target, signal);
    return { output: 'default', msg: { ...input, payload: { deleted } } };
  },
});
