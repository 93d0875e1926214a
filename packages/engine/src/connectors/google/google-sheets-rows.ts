import { parseBrNumber } from '@ponte/shared/brazil/numbers';
import { foldForSearch } from '@ponte/shared/search-text';

/** A sheet's name in A1 notation: quoted, its quotes doubled (`'Vendas 2026'!A1`). */
export const a1Sheet = (sheet: string) => `'${sheet.replace(/'/g, "''")}'`;

/** The sheet's values (`values.get`) as rows of cells. */
export const valuesOf = (body: unknown): unknown[][] => {
  const values = (body as { values?: unknown } | null)?.values;
  return Array.isArray(values) ? (values as unknown[][]) : [];
};

const same = (a: unknown, b: unknown) =>
  foldForSearch(String(a ?? '').trim()) === foldForSearch(String(b ?? '').trim());

/** The first row's headers, as text. */
export const headersOf = (values: unknown[][]) => (values[0] ?? []).map((h) => String(h ?? ''));

/** The index of a header, case and accents aside; throws naming the column when absent. */
export function columnIndex(headers: string[], column: string, sheet: string): number {
  const index = headers.findIndex((header) => same(header, column));
  if (index < 0) {
    throw new Error(
      `A aba "${sheet}" não tem a coluna "${column}" na linha 1 (colunas: ${headers.filter(Boolean).join(', ') || 'nenhuma'}).`,
    );
  }
  return index;
}

/** Each row after the headers as an object by header, with its row number in `_row`. */
export function rowsAsObjects(values: unknown[][], firstRow = 1): Record<string, unknown>[] {
  const headers = headersOf(values);
  return values.slice(1).map((row, index) => {
    const object: Record<string, unknown> = { _row: firstRow + 1 + index };
    headers.forEach((header, column) => {
      if (header) object[header] = row[column] ?? '';
    });
    return object;
  });
}

/** The rows (after the headers) whose `column` equals `value`, case and accents aside. */
export function matchingRows(values: unknown[][], column: string, value: unknown, sheet: string) {
  const index = columnIndex(headersOf(values), column, sheet);
  return rowsAsObjects(values).filter((_, i) => same(values[i + 1]?.[index], value));
}

const brDate = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * A value as the sheet should read it with 'Converter números e datas': '1.234,56' becomes the
 * number 1234.56 and 31/12/2026 becomes 2026-12-31 (a date in any locale of the sheet); other
 * values go as typed (USER_ENTERED: the sheet reads them as a person typing).
 */
export function cellValue(value: unknown, convert: boolean): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  if (!convert || typeof value !== 'string') return value;
  const date = brDate.exec(value.trim());
  if (date) return `${date[3]}-${date[2]}-${date[1]}`;
  const number = /\d/.test(value) ? parseBrNumber(value) : null;
  return number ?? value;
}

/** The values to write, by header: the table's rows, then the JSON object over them. */
export function valuesByColumn(table: unknown, json: unknown): Record<string, unknown> {
  const byColumn: Record<string, unknown> = {};
  for (const row of Array.isArray(table) ? table : []) {
    const { column, value } = (row ?? {}) as { column?: unknown; value?: unknown };
    if (typeof column === 'string' && column.trim()) byColumn[column.trim()] = value ?? '';
  }
  let object = json;
  if (typeof json === 'string' && json.trim()) {
    try {
      object = JSON.parse(json);
    } catch {
      throw new Error('"Valores em JSON" não é um JSON válido: use um objeto {"Coluna": "valor"}.');
    }
  }
  if (object !== undefined && object !== null && object !== '') {
    if (typeof object !== 'object' || Array.isArray(object))
      throw new Error('"Valores em JSON" deve ser um objeto {"Coluna": "valor"}.');
    Object.assign(byColumn, object);
  }
  if (!Object.keys(byColumn).length)
    throw new Error('Informe ao menos um valor em "Valores" ou em "Valores em JSON".');
  return byColumn;
}

/**
 * A row in the headers' order with the given columns; the others are `''` to append, or null
 * to update (Sheets skips null cells: formulas and values beside the changed ones stay).
 */
export function rowFor(
  headers: string[],
  values: Record<string, unknown>,
  sheet: string,
  convert: boolean,
  untouched: '' | null,
): unknown[] {
  if (!headers.some(Boolean))
    throw new Error(
      `A aba "${sheet}" não tem cabeçalhos na linha 1: escreva os nomes das colunas nela.`,
    );
  const row: unknown[] = headers.map(() => untouched);
  for (const [column, value] of Object.entries(values)) {
    row[columnIndex(headers, column, sheet)] = cellValue(value, convert);
  }
  while (row.length && row.at(-1) === untouched) row.pop();
  return row;
}
