import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { tableSchema, type Table } from '@ponte/shared/db-tables.schema';
import { field } from '../../test/db-table-fixtures';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createConsumer, insertForm, submission } from '../forms/form-fixtures';

/** Texts a spreadsheet would misread: formulas, separators, quotes, line breaks of every kind. */
const byApi = [
  '=HYPERLINK("http://coletor.exemplo";"clique")',
  '+55 11 99999-0000',
  '-3',
  '@SUM(A1)',
  '\tcom tabulação',
  '\rcomeça com CR',
  'linha 1\nlinha 2',
  'antes\rdepois',
  'aspas "dentro"',
  "'=já com aspa",
];
const byForm = ['=1+1', 'Rua A; nº 10', 'Ana\r\nSouza'];
const byFlow = ['-10+20', '@conta', 'texto comum'];

/** The rule of docs/adr/0071, and its inverse: drop one quote from a neutralised cell. */
const neutralised = (text: string) => (/^'*[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const restored = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

describeEachDriver('records CSV: one row per record, nothing a spreadsheet runs', (driver) => {
  const t = useTestApp(driver);

  async function createTable(account: TestAccount): Promise<Table> {
    const res = await t.request(account.token).post('/api/v1/db/tables', {
      name: 'Notas',
      fields: [
        field('nome', { length: 200 }),
        field('saldo', { type: 'float', length: null }),
        field('pontos', { type: 'integer', length: null }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return tableSchema.parse(res.json());
  }

  /** A record node writing `nome` and the numbers after the given trigger. */
  const insertStep = (table: string) => ({
    type: 'core_db_insert',
    params: {
      table,
      fields: [
        { field: 'nome', value: '{{ msg.payload.nome }}' },
        { field: 'saldo', value: '-2.25' },
        { field: 'pontos', value: '-7' },
      ],
    },
  });

  it('quotes separators and every line break, neutralises formulas whoever wrote them, keeps numbers', async () => {
    const account = await t.createAccount();
    const api = t.request(account.token);
    const table = await createTable(account);

    for (const nome of byApi) {
      const res = await api.post('/api/v1/db/entities', {
        table: table._id,
        data: { nome, saldo: -1.5, pontos: -5 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    const formId = await insertForm(t, account, {
      fields: [{ name: 'nome', label: 'Nome', type: 'textarea' }],
    });
    const formFlowId = await createConsumer(t, account, formId, insertStep(table._id));
    for (const nome of byForm) {
      const sent = submission({ nome });
      const res = await t.app.inject({
        method: 'POST',
        url: `/engine/forms/${formId}/submit`,
        headers: sent.headers,
        payload: sent.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const flowId = await createFlow(
      t,
      account,
      chain({ type: 'core_manual_trigger' }, insertStep(table._id)),
    );
    for (const nome of byFlow) {
      const res = await api.post(`/engine/flow/manual-trigger/${flowId}`, { nome });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const run of [
      ...(await finished(t, formFlowId, byForm.length)),
      ...(await finished(t, flowId, byFlow.length)),
    ])
      expect(run.status, JSON.stringify(run.error)).toBe('success');

    const written = [...byApi, ...byForm, ...byFlow];
    const filter = encodeURIComponent(JSON.stringify({ table: table._id }));
    await until(
      async () =>
        (await api.get(`/api/v1/db/entities?filter=${filter}`)).json().total === written.length,
      'os 16 registros',
    );

    const path = `/api/v1/db/entities/export/${table._id}/csv?columns=nome,saldo,pontos`;
    const { data } = (await api.get(path)).json() as { data: string };
    const streamed = await t.app.inject({
      method: 'GET',
      url: `${path}&download=1`,
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(streamed.body).toBe(data);

    // Read as a spreadsheet reads it: a line feed or a carriage return alone ends a line too.
    const rows: string[][] = parse(data, {
      bom: true,
      delimiter: ';',
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
    });
    expect(rows).toHaveLength(written.length + 1);
    expect(rows[0]).toEqual(['Nome', 'Saldo', 'Pontos']);
    const body = rows.slice(1);
    expect(new Set(body.map((row) => row[0]))).toEqual(new Set(written.map(neutralised)));
    expect(new Set(body.map((row) => restored(row[0]!)))).toEqual(new Set(written));
    const numbers = new Set(body.map((row) => `${row[1]} ${row[2]}`));
    expect(numbers).toEqual(new Set(['-1,5 -5', '-2,25 -7']));
    // A number is a bare number: no quote before it, no quotes around it.
    expect(data).toContain(';-1,5;-5\r\n');
  });
});
