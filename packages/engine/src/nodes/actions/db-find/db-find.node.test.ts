import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { runNode } from '../../../testing/run-node';
import { testScope, testSignal } from '../../../testing/fake-ports';
import { portsWithClientes } from '../db-records/db-test-fixtures';
import { dbFindNode } from './db-find.node.ts';

const m = messages.recordNodes;

async function withPeople() {
  const fixture = portsWithClientes();
  const { records } = fixture.ports;
  await records.insert(
    testScope,
    'clientes',
    { nome: 'Ana Souza', idade: 20, ativo: false },
    testSignal,
  );
  await records.insert(
    testScope,
    'clientes',
    {
      nome: 'Bruno',
      idade: 35,
      nascimento: '1985-01-31',
    },
    testSignal,
  );
  await records.insert(testScope, 'clientes', { nome: 'Carla souza', idade: 50 }, testSignal);
  return fixture;
}

const row = (field: string, operator: string, value: unknown) => ({ field, operator, value });
const nomes = (payload: unknown) =>
  (payload as { data: { nome: string } }[]).map((r) => r.data.nome);

describe('core_db_find', () => {
  it('puts every record in msg.payload, oldest first, without filters', async () => {
    const { ports, table } = await withPeople();
    const { emitted } = await runNode(dbFindNode, {
      ports,
      input: { payload: null, pedido: 1 },
      params: { table: table._id },
    });
    expect(nomes(emitted[0]?.msg.payload)).toEqual(['Ana Souza', 'Bruno', 'Carla souza']);
    expect(emitted[0]?.msg.pedido).toBe(1);
    expect(emitted[0]?.msg.payload).toContainEqual(
      expect.objectContaining({ _id: expect.any(String), table: table._id }),
    );
  });

  it('filters by contains, a range in two rows, equals from an expression and empty', async () => {
    const { ports } = await withPeople();
    const find = async (filters: Record<string, unknown>[], input = {}) =>
      nomes(
        (
          await runNode(dbFindNode, {
            ports,
            input: { payload: input },
            params: { table: 'clientes', filters },
          })
        ).emitted[0]?.msg.payload,
      );
    expect(await find([row('nome', 'contains', 'SOUZA')])).toEqual(['Ana Souza', 'Carla souza']);
    expect(await find([row('idade', 'from', '30'), row('idade', 'to', '{{ 40 }}')])).toEqual([
      'Bruno',
    ]);
    expect(await find([row('idade', 'equals', '{{ msg.payload.idade }}')], { idade: 50 })).toEqual([
      'Carla souza',
    ]);
    expect(await find([row('ativo', 'equals', 'false')])).toEqual(['Ana Souza']);
    expect(await find([row('nascimento', 'empty', '')])).toEqual(['Ana Souza', 'Carla souza']);
    expect(await find([row('', '', '')])).toHaveLength(3);
  });

  it('sorts by a field either way and stops at the limit', async () => {
    const { ports } = await withPeople();
    const { emitted } = await runNode(dbFindNode, {
      ports,
      params: { table: 'clientes', sort_field: 'idade', sort_direction: 'desc', limit: 2 },
    });
    expect(nomes(emitted[0]?.msg.payload)).toEqual(['Carla souza', 'Bruno']);
  });

  it('refuses filters that do not combine, and names unknown fields and missing tables', async () => {
    const { ports } = await withPeople();
    const run = (params: Record<string, unknown>) => runNode(dbFindNode, { ports, params });
    await expect(
      run({ table: 'clientes', filters: [row('nome', 'contains', 'a'), row('nome', 'from', 'b')] }),
    ).rejects.toThrow(m.filterConflict('nome'));
    await expect(
      run({ table: 'clientes', filters: [row('idade', 'from', 1), row('idade', 'from', 2)] }),
    ).rejects.toThrow(m.filterConflict('idade'));
    await expect(
      run({ table: 'clientes', filters: [row('nome', 'equals', '{{ msg.payload }}')] }),
    ).rejects.toThrow(m.filterValue('nome'));
    await expect(run({ table: 'clientes', sort_field: 'cor' })).rejects.toThrow(
      messages.records.unknownField('cor', 'clientes'),
    );
    await expect(run({ table: 'alheia' })).rejects.toThrow(m.tableMissing('alheia'));
    await expect(run({ table: 'clientes', limit: 1001 })).rejects.toThrow(
      'O parâmetro "limit" deve ser no máximo 1000.',
    );
  });
});
