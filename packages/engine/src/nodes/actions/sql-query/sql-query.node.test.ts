import { describe, expect, it } from 'vitest';
import { createFakePorts } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { sqlQueryNode } from './sql-query.node.ts';

describe('core_sql_query', () => {
  it('sends the query with its parameters as values and outputs the rows', async () => {
    const ports = createFakePorts();
    ports.sqlHandler = () => ({
      rows: [{ id: 7, nome: 'Ana' }],
      rowCount: 1,
      fields: ['id', 'nome'],
      truncated: false,
    });
    const { emitted } = await runNode(sqlQueryNode, {
      ports,
      input: { payload: { email: "ana@x.com'; drop table clientes; --", ativo: true } },
      params: {
        service_account: 'db1',
        query: 'select id, nome from clientes where email = $1 and ativo = $2',
        parameters: '{{ [msg.payload.email, msg.payload.ativo] }}',
        max_rows: 1000,
        timeout_ms: 30000,
      },
    });
    expect(ports.sqlQueries).toEqual([
      {
        serviceAccountId: 'db1',
        query: 'select id, nome from clientes where email = $1 and ativo = $2',
        parameters: ["ana@x.com'; drop table clientes; --", true],
        maxRows: 1000,
        timeoutMs: 30000,
      },
    ]);
    expect(emitted[0]?.msg.payload).toEqual([{ id: 7, nome: 'Ana' }]);
    expect(emitted[0]?.msg.sql).toEqual({ row_count: 1, fields: ['id', 'nome'], truncated: false });
  });

  it('takes parameters as JSON text, one value, or none', async () => {
    const ports = createFakePorts();
    const run = (parameters: unknown) =>
      runNode(sqlQueryNode, {
        ports,
        params: { service_account: 'db1', query: 'select $1', parameters },
      });
    await run('[1, "dois"]');
    await run('{{ msg.payload.id }}');
    await run('');
    expect(ports.sqlQueries.map((q) => q.parameters)).toEqual([[1, 'dois'], [], []]);
    expect(ports.sqlQueries[0]?.maxRows).toBe(1000);
    expect(ports.sqlQueries[0]?.timeoutMs).toBe(30000);
  });

  it('refuses a row limit over 10000 and an empty query, in pt-BR', async () => {
    await expect(
      runNode(sqlQueryNode, {
        input: { payload: { n: 50000 } },
        params: { service_account: 'db1', query: 'select 1', max_rows: '{{ msg.payload.n }}' },
      }),
    ).rejects.toThrow('O parâmetro "max_rows" deve ser no máximo 10000.');
    await expect(
      runNode(sqlQueryNode, { params: { service_account: 'db1', query: '  ' } }),
    ).rejects.toThrow('Informe a consulta SQL.');
  });
});
