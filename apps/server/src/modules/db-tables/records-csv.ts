import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { RecordValue } from '@ponte/shared/db-tables.schema';
import type { Database } from '../../db/client';
import type { DbTableFieldRow } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import type { DbTableRow } from './db-tables.repository';
import { fieldNamed } from './field-names';
import { createRecordsRepository, type RecordRow } from './records.repository';
import { filterConditions, parseFilter } from './records.service';

const bom = '\uFEFF';
const zone = 'America/Sao_Paulo';

interface Column {
  key: string;
  label: string;
  type: DbTableFieldRow['type'] | 'system';
}

const systemColumns: Column[] = [
  { key: '_id', label: 'ID', type: 'system' },
  { key: 'created_at', label: 'Criado em', type: 'datetime' },
  { key: 'updated_at', label: 'Atualizado em', type: 'datetime' },
];

const parts = new Intl.DateTimeFormat('pt-BR', {
  timeZone: zone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `dd/MM/yyyy HH:mm:ss` in America/Sao_Paulo. */
export function formatDatetime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** A date field holds a calendar day: `dd/MM/yyyy`, no zone to apply. */
const formatDate = (day: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
};

/**
 * A text a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, tab or CR)
 * gets a leading `'`, OWASP's advice against CSV injection (docs/adr/0071). A text that starts
 * with quotes before one of those gets one more, so dropping one leading quote from a cell
 * that matches `/^'+[=+\-@\t\r]/` always gives back the text as it was written.
 */
export function neutralize(text: string): string {
  return /^'*[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const isNumeric = (column: Column) => column.type === 'integer' || column.type === 'float';

/** A number as a pt-BR spreadsheet reads one: decimal comma, no thousands separator. */
const decimalComma = (value: number) => String(value).replace('.', ',');

/** The text of a value that is not a number of a numeric field, before it is neutralised. */
function textOf(column: Column, value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (column.type === 'datetime' && typeof value === 'string') return formatDatetime(value);
  if (column.type === 'date' && typeof value === 'string') return formatDate(value);
  return String(value);
}

/**
 * One cell: numbers of numeric fields stay numbers (a negative one included); every other
 * value, whoever wrote the record (the API, a form's flow, a record node), is neutralised.
 */
function cell(column: Column, value: RecordValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && isNumeric(column)) return decimalComma(value);
  return neutralize(textOf(column, value));
}

/**
 * The columns of an export: the chosen ones (names, comma-separated) or every field plus the
 * removed fields the records still hold, between the record's id and its dates.
 */
export function columnsOf(table: DbTableRow, chosen: string | undefined): Column[] {
  const fields: Column[] = [
    ...table.fields,
    ...table.removedFields.map((field) => ({ ...field, label: `${field.label} (removido)` })),
  ].map((field) => ({ key: field.name, label: field.label, type: field.type }));
  const all = [systemColumns[0]!, ...fields, ...systemColumns.slice(1)];
  if (!chosen) return all;
  const names = chosen
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  // A field's former name (docs/adr/0069) reaches its column, as in filters.
  const columns = names.map(
    (name) =>
      all.find((column) => column.key === name) ??
      all.find((column) => column.key === fieldNamed(table.fields, name)?.name),
  );
  const unknown = names.find((_, index) => !columns[index]);
  if (unknown !== undefined)
    throw invalidField('columns', messages.records.unknownField(unknown, table.name));
  return columns as Column[];
}

function rowOf(columns: Column[], row: RecordRow): string[] {
  return columns.map((column) => {
    if (column.key === '_id') return row.id;
    if (column.key === 'created_at') return formatDatetime(row.createdAt.toISOString());
    if (column.key === 'updated_at') return formatDatetime(row.updatedAt.toISOString());
    return cell(column, row.data[column.key]);
  });
}

const headerOf = (columns: Column[]) => columns.map((column) => neutralize(column.label));

/** `{slug}-{yyyy-mm-dd}.csv`, the day in America/Sao_Paulo. */
export function csvFilename(name: string, at: Date): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'tabela';
  const day = formatDatetime(at.toISOString()).slice(0, 10).split('/').reverse().join('-');
  return `${slug}-${day}.csv`;
}

/**
 * The file a Brazilian spreadsheet opens (RFC 4180 with `;`): CRLF between records, and any
 * cell holding `;`, `"`, LF or CR, a lone CR included, between quotes. csv-stringify quotes
 * line breaks other than its record delimiter only when asked (`quote_record_delimiter`).
 */
const csvFormat = { delimiter: ';', record_delimiter: '\r\n', quote_record_delimiter: true };

export interface ExportRequest {
  workspaceId: string;
  table: DbTableRow;
  filter: string | undefined;
  columns: string | undefined;
}

export function createRecordsExport(db: Database, now: () => Date) {
  const records = createRecordsRepository(db);

  function prepare({ table, filter, columns }: ExportRequest) {
    const parsed = parseFilter(filter, table.id);
    return { conditions: filterConditions(table, parsed), columns: columnsOf(table, columns) };
  }

  /** Rows in (created_at, id) order, a page at a time: memory does not grow with the table. */
  async function* pages(
    request: ExportRequest,
    conditions: ReturnType<typeof prepare>['conditions'],
  ) {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await records.after(
        request.workspaceId,
        request.table.id,
        conditions,
        after,
        limits.recordsExportPage,
      );
      if (!rows.length) return;
      yield rows;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
      if (rows.length < limits.recordsExportPage) return;
    }
  }

  return {
    /** `{data, filename}`: the CSV in one string, for tables up to `recordsExportJsonMax` rows. */
    async json(request: ExportRequest): Promise<{ data: string; filename: string }> {
      const { conditions, columns } = prepare(request);
      const total = await records.count(
        request.workspaceId,
        request.table.id,
        conditions,
        limits.recordsExportJsonMax + 1,
      );
      if (total > limits.recordsExportJsonMax)
        throw invalidField('filter', messages.records.exportTooLarge(limits.recordsExportJsonMax));
      const rows: string[][] = [headerOf(columns)];
      for await (const page of pages(request, conditions))
        for (const row of page) rows.push(rowOf(columns, row));
      return {
        data: bom + stringifySync(rows, csvFormat),
        filename: csvFilename(request.table.name, now()),
      };
    },

    /** The streamed download: a text stream the response pipes, with back-pressure. */
    stream(request: ExportRequest): { stream: Readable; filename: string } {
      const { conditions, columns } = prepare(request);
      const source = Readable.from(
        (async function* () {
          yield headerOf(columns);
          for await (const page of pages(request, conditions))
            for (const row of page) yield rowOf(columns, row);
        })(),
      );
      const csv = stringify({ ...csvFormat, bom: true });
      source.on('error', (error) => csv.destroy(error));
      return { stream: source.pipe(csv), filename: csvFilename(request.table.name, now()) };
    },
  };
}

export type RecordsExport = ReturnType<typeof createRecordsExport>;
