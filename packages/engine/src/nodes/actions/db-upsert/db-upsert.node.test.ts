import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { runNode } from '../../../testing/run-node';
import { portsWithClientes } from '../db-records/db-test-fixtures';
import { dbUpsertNode } from './db-upsert.node.ts';

const m = messages.recordNodes;

describe('core_db_upsert', () => {
  it('inserts the first time, then updates the record with the same unique value', async () => {
    const { ports } = portsWithClientes();
    const upsert = (payload: Record<string, unknown>) =>
      runNode(dbUpsertNode, {
        ports,
        input: { payload },
        params: { table: 'clientes', unique_field: 'email', data: '{{ msg.payload }}' },
      });
    const first = (await upsert({ email: 'ana@x.com', nome: 'Ana', idade: 20 })).emitted[0];
    const second = (await upsert({ email: 'ana@x.com', idade: 21 })).emitted[0];
    const created = first?.msg.payload as { _id: string };
    expect(second?.msg.payload).toMatchObject({
      _id: created._id,
      data: { email: 'ana@x.com', nome: 'Ana', idade: 21 },
    });
    expect(ports.records.stored).toHaveLength(1);
  });

  it('needs a unique field and its value; a new record still needs its required fields', async () => {
    const { ports } = portsWithClientes();
    const run = (unique_field: string, fields: Record<string, unknown>[]) =>
      runNode(dbUpsertNode, { ports, params: { table: 'clientes', unique_field, fields } });
    await expect(run('nome', [{ field: 'nome', value: 'Ana' }])).rejects.toThrow(
      m.notUnique('nome', 'clientes'),
    );
    await expect(run('email', [{ field: 'nome', value: 'Ana' }])).rejects.toThrow(
      m.uniqueValueRequired('email'),
    );
    await expect(run('email', [{ field: 'email', value: 'a@x.com' }])).rejects.toThrow(
      messages.records.fieldRequired('nome'),
    );
    await expect(run('cor', [{ field: 'cor', value: 'azul' }])).rejects.toThrow(
      messages.records.unknownField('cor', 'clientes'),
    );
    expect(ports.records.stored).toEqual([]);
  });
});
