import { createFakePorts } from '../../../testing/fake-ports';

/**
 * Fake ports holding `clientes` in the test workspace (e-mail unique, nome required) and
 * `alheia` in another workspace, for the record nodes' tests.
 */
export function portsWithClientes() {
  const ports = createFakePorts();
  const table = ports.records.addTable({
    name: 'clientes',
    fields: [
      { name: 'nome', type: 'string', length: 60, is_required: true },
      { name: 'email', type: 'string', length: 120, is_unique: true },
      { name: 'idade', type: 'integer' },
      { name: 'ativo', type: 'boolean', default_value: 'true' },
      { name: 'nascimento', type: 'date' },
    ],
  });
  const foreign = ports.records.addTable({
    name: 'alheia',
    fields: [{ name: 'nome', type: 'string', length: 60 }],
    workspaceId: 'ws-2',
  });
  const names = () => ports.records.stored.map((record) => record.data.nome);
  return { ports, table, foreign, names };
}
