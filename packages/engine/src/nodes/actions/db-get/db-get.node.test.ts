import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { testScope, testSignal } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { portsWithClientes } from '../db-records/db-test-fixtures';
import { dbGetNode } from './db-get.node.ts';

describe('core_db_get', () => {
  it('goes out "Encontrado" with the record in msg.payload', async () => {
    const { ports, table } = portsWithClientes();
    const ana = await ports.records.insert(testScope, 'clientes', { nome: 'Ana' }, testSignal);
    const { emitted } = await runNode(dbGetNode, {
      ports,
      input: { payload: { id: ana._id } },
      params: { table: table._id, id: '{{ msg.payload.id }}' },
    });
    expect(emitted).toEqual([{ output: 'found', msg: { payload: ana } }]);
  });

  it('goes out "Não encontrado" with the message as it came when there is no such record', async () => {
    const { ports, foreign } = portsWithClientes();
    const secret = await ports.records.insert(
      { ...testScope, workspaceId: 'ws-2' },
      'alheia',
      {
        nome: 'cofre',
      },
      testSignal,
    );
    for (const id of ['nao-existe', secret._id]) {
      const { emitted } = await runNode(dbGetNode, {
        ports,
        input: { payload: 'x' },
        params: { table: 'clientes', id },
      });
      expect(emitted).toEqual([{ output: 'not_found', msg: { payload: 'x' } }]);
    }
    await expect(
      runNode(dbGetNode, { ports, params: { table: foreign._id, id: secret._id } }),
    ).rejects.toThrow(messages.recordNodes.tableMissing(foreign._id));
  });
});
