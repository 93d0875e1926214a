import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { tableSchema, type Table } from '@ponte/shared/db-tables.schema';
import { field } from '../../test/db-table-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const bom = '\uFEFF';

/**
 * What Excel or LibreOffice Calc in pt-BR make of a file opened by double-click: the BOM says
 * UTF-8, `;` separates cells, and a cell that is a number with a decimal comma (no thousands
 * separator) becomes a number; anything else stays text.
 */
function openInBrazilianSpreadsheet(file: string): (string | number)[][] {
  expect(file.startsWith(bom), 'o BOM que faz o Excel ler UTF-8').toBe(true);
  const rows: string[][] = parse(file.slice(1), { delimiter: ';', record_delimiter: '\r\n' });
  return rows.map((row) =>
    row.map((cell) => (/^-?\d+(,\d+)?$/.test(cell) ? Number(cell.replace(',', '.')) : cell)),
  );
}

const records = [
  {
    nome: 'Souza; Ana',
    saldo: 1234.5678,
    pontos: -7,
    ativo: true,
    nascimento: '1990-02-28',
    visto: '2024-01-01T02:00:00Z',
  },
  {
    nome: '=1+1',
    saldo: 0.1,
    pontos: 42,
    ativo: false,
    nascimento: '2000-12-31',
    visto: '2018-12-01T12:00:00Z',
  },
  { nome: 'Lima, Bia', saldo: 1e-7, pontos: 0, ativo: null, nascimento: null, visto: null },
];
const columns = 'nome,saldo,pontos,ativo,nascimento,visto';

describeEachDriver(
  'records CSV formats: Excel (Brasil) by default, standard CSV on request',
  (driver) => {
    const t = useTestApp(driver);

    async function tableWithRecords(account: TestAccount): Promise<Table> {
      const api = t.request(account.token);
      const res = await api.post('/api/v1/db/tables', {
        name: 'Clientes',
        fields: [
          field('nome'),
          field('saldo', { type: 'float', length: null }),
          field('pontos', { type: 'integer', length: null }),
          field('ativo', { type: 'boolean', length: null }),
          field('nascimento', { type: 'date', length: null }),
          field('visto', { type: 'datetime', length: null }),
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const table = tableSchema.parse(res.json());
      for (const data of records) {
        const created = await api.post('/api/v1/db/entities', { table: table._id, data });
        expect(created.statusCode, created.body).toBe(201);
      }
      return table;
    }

    /** The JSON answer's file, checked against the streamed download of the same query. */
    async function exported(account: TestAccount, table: Table, query: string) {
      const path = `/api/v1/db/entities/export/${table._id}/csv?columns=${columns}${query}`;
      const res = await t.request(account.token).get(path);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json() as { data: string };
      const streamed = await t.app.inject({
        method: 'GET',
        url: `${path}&download=1`,
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.body).toBe(data);
      return data;
    }

    it('a pt-BR spreadsheet opens the default file in columns, with numbers it can sum', async () => {
      const account = await t.createAccount();
      const table = await tableWithRecords(account);
      const data = await exported(account, table, '');
      expect(await exported(account, table, '&format=excel')).toBe(data);

      const sheet = openInBrazilianSpreadsheet(data);
      expect(sheet).toEqual([
        ['Nome', 'Saldo', 'Pontos', 'Ativo', 'Nascimento', 'Visto'],
        ['Souza; Ana', 1234.5678, -7, 'Sim', '28/02/1990', '31/12/2023 23:00:00'],
        ["'=1+1", 0.1, 42, 'Não', '31/12/2000', '01/12/2018 10:00:00'],
        ['Lima, Bia', 1e-7, 0, '', '', ''],
      ]);
      // No exponent and no thousands separator: the spreadsheet sums the column.
      expect(data).toContain(';0,0000001;');
      const saldo = sheet.slice(1).map((row) => row[1] as number);
      expect(saldo.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1234.6678001, 10);
    });

    it('format=csv gives RFC 4180 with commas, decimal points, true/false and ISO dates', async () => {
      const account = await t.createAccount();
      const table = await tableWithRecords(account);
      const data = await exported(account, table, '&format=csv');

      expect(data.startsWith(bom)).toBe(false);
      expect(data.split('\r\n')[0]).toBe('Nome,Saldo,Pontos,Ativo,Nascimento,Visto');
      const rows: string[][] = parse(data, { record_delimiter: '\r\n' });
      expect(rows.slice(1)).toEqual([
        ['Souza; Ana', '1234.5678', '-7', 'true', '1990-02-28', '2023-12-31T23:00:00-03:00'],
        // São Paulo still had summer time in 2018: the offset is the one of that instant.
        ["'=1+1", '0.1', '42', 'false', '2000-12-31', '2018-12-01T10:00:00-02:00'],
        ['Lima, Bia', '0.0000001', '0', '', '', ''],
      ]);
      expect(data).toContain('\r\n"Lima, Bia",0.0000001,');
    });

    it('refuses a format it does not know, in pt-BR', async () => {
      const account = await t.createAccount();
      const table = await tableWithRecords(account);
      const res = await t
        .request(account.token)
        .get(`/api/v1/db/entities/export/${table._id}/csv?format=xlsx`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
      expect(res.json().message).toMatch(/format/);
    });
  },
);
