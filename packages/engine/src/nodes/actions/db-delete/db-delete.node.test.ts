import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { testScope, testSignal } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { portsWithClientes } from '../db-records/db-test-fixtures';
import { dbDeleteNode } from './db-delete.node.ts';

const m = messages.recordNodes;

describe('core_db_delete', () => {
  it('removes by id or by filter and puts the count in msg.payload', async () => {
    const { ports, names } = portsWithClientes();
    const { records } = ports;
    const ana = await records.insert(testScope, 'clientes', { nome: 'Ana', idade: 20 }, testSignal);
    await records.insert(testScope, 'clientes', { nome: 'Bia', idade: 30 }, testSignal);
    await records.insert(testScope, 'clientes', { nome: 'Caio', idade: 40 }, testSignal);
    const byId = await runNode(dbDeleteNode, {
      ports,
      input: { payload: ana },
      params: { table: 'clientes', id: '{{ msg.payload._id }}' },
    });
    expect(byId.emitted[0]?.msg).toEqual({ payload: { deleted: 1 } });
    const byFilter = await runNode(dbDeleteNode, {
      ports,
      params: {
        table: 'clientes',
        by: 'filter',
        filters: [{ field: 'idade', operator: 'to', value: 35 }],
      },
    });
    expect(byFilter.emitted[0]?.msg.payload).toEqual({ deleted: 1 });
    expect(names()).toEqual(['Caio']);
    const again = await runNode(dbDeleteNode, {
      ports,
      params: { table: 'clientes', id: ana._id },
    });
    expect(again.emitted[0]?.msg.payload).toEqual({ deleted: 0 });
  });

  it('never removes every record for a missing filter, nor touches another workspace', async () => {
    const { ports, foreign, names } = portsWithClientes();
    await ports.records.insert(testScope, 'clientes', { nome: 'Ana' }, testSignal);
    const secret = await ports.records.insert(
      { ...testScope, workspaceId: 'ws-2' },
      'alheia',
      {
        nome: 'cofre',
      },
      testSignal,
    );
    await expect(
      runNode(dbDeleteNode, { ports, params: { table: 'clientes', by: 'filter', filters: [] } }),
    ).rejects.toThrow(m.targetRequired);
    await expect(
      runNode(dbDeleteNode, { ports, params: { table: foreign._id, id: secret._id } }),
    ).rejects.toThrow(m.tableMissing(foreign._id));
    const other = await runNode(dbDeleteNode, {
      ports,
      params: { table: 'clientes', id: secret._id },
    });
    expect(other.emitted[0]?.msg.payload).toEqual({ deleted: 0 });
    expect(names()).toEqual(['Ana', 'cofre']);
  });

  it('on save, asks for an id or at least one filter', () => {
    const check = dbDeleteNode.checkParams!;
    expect(check({ table: 't' })).toBe(m.targetRequired);
    expect(check({ table: 't', by: 'filter', filters: [{ field: ' ', value: '' }] })).toBe(
      m.targetRequired,
    );
    expect(check({ table: 't', id: '{{ msg.payload._id }}' })).toBeNull();
    expect(check({ table: 't', by: 'filter', filters: [{ field: 'idade', value: 1 }] })).toBeNull();
  });
});
