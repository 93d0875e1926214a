import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { RecordValue, RecordsCsvFormat } from '@ponte/shared/db-tables.schema';
import type { Database } from '../../db/client';
import type { DbTableFieldRow } from '../../db/schema';
import { invalidField } from '../../lib/app-error';
import {
  csvFilename,
  csvFormats,
  neutralize,
  stringifyOptions,
  type CsvFormat,
} from '../../lib/csv-format';
import type { DbTableRow } from './db-tables.repository';
import { fieldNamed } from './field-names';
import { createRecordsRepository, type RecordRow } from './records.repository';
import { filterConditions, parseFilter } from './records.service';

const bom = '\uFEFF';

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

const isNumeric = (column: Column) => column.type === 'integer' || column.type === 'float';

/** The text of a value that is not a number of a numeric field, before it is neutralised. */
function textOf(format: CsvFormat, column: Column, value: string | number | boolean): string {
  if (typeof value === 'boolean') return format.boolean(value);
  if (column.type === 'datetime' && typeof value === 'string') return format.datetime(value);
  if (column.type === 'date' && typeof value === 'string') return format.date(value);
  return String(value);
}

/**
 * One cell: numbers of numeric fields stay numbers (a negative one included); every other
 * value, whoever wrote the record (the API, a form's flow, a record node), is neutralised.
 */
function cell(format: CsvFormat, column: Column, value: RecordValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && isNumeric(column)) return format.number(value);
  return neutralize(textOf(format, column, value));
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

function rowOf(format: CsvFormat, columns: Column[], row: RecordRow): string[] {
  return columns.map((column) => {
    if (column.key === '_id') return row.id;
    if (column.key === 'created_at') return format.datetime(row.createdAt.toISOString());
    if (column.key === 'updated_at') return format.datetime(row.updatedAt.toISOString());
    return cell(format, column, row.data[column.key]);
  });
}

const headerOf = (columns: Column[]) => columns.map((column) => neutralize(column.label));

export interface ExportRequest {
  workspaceId: string;
  table: DbTableRow;
  filter: string | undefined;
  columns: string | undefined;
  format: RecordsCsvFormat;
}

export function createRecordsExport(db: Database, now: () => Date) {
  const records = createRecordsRepository(db);

  function prepare({ table, filter, columns, format }: ExportRequest) {
    const parsed = parseFilter(filter, table.id);
    return {
      conditions: filterConditions(table, parsed),
      columns: columnsOf(table, columns),
      format: csvFormats[format],
    };
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
      const { conditions, columns, format } = prepare(request);
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
        for (const row of page) rows.push(rowOf(format, columns, row));
      return {
        data: (format.bom ? bom : '') + stringifySync(rows, stringifyOptions(format)),
        filename: csvFilename(request.table.name, now()),
      };
    },

    /** The streamed download: a text stream the response pipes, with back-pressure. */
    stream(request: ExportRequest): { stream: Readable; filename: string } {
      const { conditions, columns, format } = prepare(request);
      const source = Readable.from(
        (async function* () {
          yield headerOf(columns);
          for await (const page of pages(request, conditions))
            for (const row of page) yield rowOf(format, columns, row);
        })(),
      );
      const csv = stringify({ ...stringifyOptions(format), bom: format.bom });
      source.on('error', (error) => csv.destroy(error));
      return { stream: source.pipe(csv), filename: csvFilename(request.table.name, now()) };
    },
  };
}

export type RecordsExport = ReturnType<typeof createRecordsExport>;
