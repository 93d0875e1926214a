import { describe, expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { runNode } from '../../../testing/run-node';
import { portsWithClientes } from '../db-records/db-test-fixtures';
import { dbInsertNode } from './db-insert.node.ts';

const m = messages.recordNodes;

describe('core_db_insert', () => {
  it('inserts the fields, resolving expressions, and puts the record in msg.payload', async () => {
    const { ports, table } = portsWithClientes();
    const { emitted } = await runNode(dbInsertNode, {
      ports,
      input: { payload: { cliente: { nome: 'Ana', idade: 41 } }, pedido: 7 },
      params: {
        table: table._id,
        fields: [
          { field: 'nome', value: '{{ msg.payload.cliente.nome }}' },
          { field: 'idade', value: '{{ msg.payload.cliente.idade }}' },
          { field: 'email', value: 'ana@exemplo.com.br' },
        ],
      },
    });
    expect(emitted[0]?.output).toBe('default');
    expect(emitted[0]?.msg).toEqual({
      payload: {
        _id: expect.any(String),
        table: table._id,
        data: {
          nome: 'Ana',
          email: 'ana@exemplo.com.br',
          idade: 41,
          ativo: true,
          nascimento: null,
        },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      pedido: 7,
    });
    expect(ports.records.stored).toHaveLength(1);
  });

  it('takes a whole object from an expression or JSON, with the rows over it', async () => {
    const { ports, names } = portsWithClientes();
    await runNode(dbInsertNode, {
      ports,
      input: { payload: { nome: 'Bia', idade: '30' } },
      params: {
        table: 'clientes',
        data: '{{ msg.payload }}',
        fields: [{ field: 'email', value: 'bia@exemplo.com.br' }],
      },
    });
    await runNode(dbInsertNode, {
      ports,
      params: { table: 'clientes', data: '{"nome": "Caio", "ativo": false}' },
    });
    expect(names()).toEqual(['Bia', 'Caio']);
    expect(ports.records.stored.map((r) => [r.data.idade, r.data.ativo])).toEqual([
      [30, true],
      [null, false],
    ]);
  });

  it('fails naming a missing table or one of another workspace', async () => {
    const { ports, foreign } = portsWithClientes();
    const params = { fields: [{ field: 'nome', value: 'x' }] };
    await expect(
      runNode(dbInsertNode, { ports, params: { ...params, table: 'nao_existe' } }),
    ).rejects.toThrow(m.tableMissing('nao_existe'));
    await expect(
      runNode(dbInsertNode, { ports, params: { ...params, table: foreign._id } }),
    ).rejects.toThrow(m.tableMissing(foreign._id));
    await expect(
      runNode(dbInsertNode, { ports, params: { ...params, table: 'alheia' } }),
    ).rejects.toThrow('A tabela "alheia" não existe neste workspace.');
    expect(ports.records.stored).toEqual([]);
  });

  it("surfaces the table's refusals in pt-BR and stores nothing", async () => {
    const { ports, names } = portsWithClientes();
    const insert = (fields: Record<string, unknown>) =>
      runNode(dbInsertNode, {
        ports,
        params: {
          table: 'clientes',
          fields: Object.entries(fields).map(([field, value]) => ({ field, value })),
        },
      });
    await expect(insert({ nome: 'Ana', idade: 'quarenta' })).rejects.toThrow(
      messages.records.fieldInteger('idade'),
    );
    await expect(insert({ idade: 3 })).rejects.toThrow(messages.records.fieldRequired('nome'));
    await expect(insert({ nome: 'Ana', cor: 'azul' })).rejects.toThrow(
      messages.records.unknownField('cor', 'clientes'),
    );
    await insert({ nome: 'Ana', email: 'a@x.com' });
    await expect(insert({ nome: 'Outra', email: 'a@x.com' })).rejects.toThrow(
      messages.records.uniqueTaken('email'),
    );
    expect(names()).toEqual(['Ana']);
  });

  it('asks for data, an object, and a field name for every value', async () => {
    const { ports } = portsWithClientes();
    const run = (params: Record<string, unknown>) =>
      runNode(dbInsertNode, { ports, params: { table: 'clientes', ...params } });
    await expect(run({})).rejects.toThrow(m.dataRequired);
    await expect(run({ fields: [{ field: '', value: '' }] })).rejects.toThrow(m.dataRequired);
    await expect(run({ data: '{{ [1, 2] }}' })).rejects.toThrow(m.dataNotObject);
    await expect(run({ data: 'nome=Ana' })).rejects.toThrow(m.dataNotObject);
    await expect(run({ fields: [{ field: ' ', value: 'Ana' }] })).rejects.toThrow(
      m.fieldNameRequired(1),
    );
  });

  it('on save, asks for values to write', () => {
    const check = dbInsertNode.checkParams!;
    expect(check({ table: 't', fields: [] })).toBe(m.dataRequired);
    expect(check({ table: 't', data: '{{ msg.payload }}' })).toBeNull();
    expect(check({ table: 't', fields: [{ field: 'nome', value: '' }] })).toBeNull();
  });
});
