import { messages } from '@ponte/shared/messages';
import { defineNode } from '../../../kit/define-node';
import { tableParam } from '../db-records/db-records';

export const dbGetNode = defineNode({
  type: 'core_db_get',
  version: 1,
  category: 'action',
  label: 'Obter registro',
  description:
    'Lê um registro de uma tabela do banco de dados do workspace pelo ID e o coloca em msg.payload. Sem o registro, segue pela saída "Não encontrado" com a mensagem como chegou.',
  icon: 'database',
  params: {
    table: tableParam,
    id: {
      type: 'text',
      label: 'ID do registro',
      required: true,
      placeholder: '{{ msg.payload._id }}',
    },
  },
  outputs: { found: { label: 'Encontrado' }, not_found: { label: 'Não encontrado' } },
  async run({ params, input, ports, scope, signal }) {
    const id = params.id.trim();
    if (!id) throw new Error(messages.recordNodes.targetRequired);
    const record = await ports.records.get(scope, params.table, id, signal);
    if (!record) return { output: 'not_found', msg: input };
    return { output: 'found', msg: { ...input, payload: record } };
  },
});
