import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { testScope, testSignal } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { portsWithClientes } from '../db-records/db-test-fixtures';
import { dbUpdateNode } from './db-update.node.ts';

const m = messages.recordNodes;

async function withTwo() {
  const fixture = portsWithClientes();
  const { records } = fixture.ports;
  const ana = await records.insert(
    testScope,
    'clientes',
    {
      nome: 'Ana',
      idade: 20,
      email: 'a@x.com',
    },
    testSignal,
  );
  const bia = await records.insert(
    testScope,
    'clientes',
    {
      nome: 'Bia',
      idade: 30,
      email: 'b@x.com',
    },
    testSignal,
  );
  return { ...fixture, ana, bia };
}

describe('core_db_update', () => {
  it('changes only the given fields of the record with that id', async () => {
    const { ports, ana } = await withTwo();
    const { emitted } = await runNode(dbUpdateNode, {
      ports,
      input: { payload: { _id: ana._id, idade: 21 } },
      params: {
        table: 'clientes',
        id: '{{ msg.payload._id }}',
        fields: [{ field: 'idade', value: '{{ msg.payload.idade }}' }],
      },
    });
    expect(emitted[0]?.msg.payload).toMatchObject({
      _id: ana._id,
      data: { nome: 'Ana', idade: 21, email: 'a@x.com' },
    });
    expect(ports.records.stored.map((r) => r.data.idade)).toEqual([21, 30]);
  });

  it('updates what the filters find and answers the list', async () => {
    const { ports } = await withTwo();
    const { emitted } = await runNode(dbUpdateNode, {
      ports,
      params: {
        table: 'clientes',
        by: 'filter',
        filters: [{ field: 'idade', operator: 'from', value: '25' }],
        data: '{{ {"ativo": false} }}',
      },
    });
    const payload = emitted[0]?.msg.payload as { data: { nome: string; ativo: boolean } }[];
    expect(payload.map((r) => [r.data.nome, r.data.ativo])).toEqual([['Bia', false]]);
    const none = await runNode(dbUpdateNode, {
      ports,
      params: {
        table: 'clientes',
        by: 'filter',
        filters: [{ field: 'nome', operator: 'equals', value: 'Ninguém' }],
        fields: [{ field: 'idade', value: 1 }],
      },
    });
    expect(none.emitted[0]?.msg.payload).toEqual([]);
  });

  it('fails for an id the table does not have, and without a target', async () => {
    const { ports } = await withTwo();
    const fields = [{ field: 'idade', value: 1 }];
    await expect(
      runNode(dbUpdateNode, { ports, params: { table: 'clientes', id: 'r-x', fields } }),
    ).rejects.toThrow(m.recordMissing('r-x', 'clientes'));
    await expect(
      runNode(dbUpdateNode, { ports, params: { table: 'clientes', fields } }),
    ).rejects.toThrow(m.targetRequired);
    await expect(
      runNode(dbUpdateNode, { ports, params: { table: 'clientes', by: 'filter', fields } }),
    ).rejects.toThrow(m.targetRequired);
  });

  it("surfaces the table's refusals and changes nothing", async () => {
    const { ports, ana } = await withTwo();
    await expect(
      runNode(dbUpdateNode, {
        ports,
        params: { table: 'clientes', id: ana._id, fields: [{ field: 'email', value: 'b@x.com' }] },
      }),
    ).rejects.toThrow(messages.records.uniqueTaken('email'));
    await expect(
      runNode(dbUpdateNode, {
        ports,
        params: {
          table: 'clientes',
          by: 'filter',
          filters: [{ field: 'idade', operator: 'from', value: 0 }],
          fields: [{ field: 'nascimento', value: '31/01/1985' }],
        },
      }),
    ).rejects.toThrow(messages.records.fieldDate('nascimento'));
    expect(ports.records.stored.map((r) => [r.data.email, r.data.nascimento])).toEqual([
      ['a@x.com', null],
      ['b@x.com', null],
    ]);
    await expect(
      runNode(dbUpdateNode, {
        ports,
        params: { table: 'nao_existe', id: ana._id, fields: [{ field: 'idade', value: 1 }] },
      }),
    ).rejects.toThrow(m.tableMissing('nao_existe'));
  });

  it('on save, asks for a target and for values', () => {
    const check = dbUpdateNode.checkParams!;
    expect(check({ table: 't', data: '{{ msg.payload }}' })).toBe(m.targetRequired);
    expect(check({ table: 't', id: 'r1' })).toBe(m.dataRequired);
    expect(check({ table: 't', id: 'r1', fields: [{ field: 'idade', value: 2 }] })).toBeNull();
  });
});
