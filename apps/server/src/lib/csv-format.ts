import { zonedParts } from '@ponte/shared/dashboard-periods';
import type { RecordsCsvFormat } from '@ponte/shared/db-tables.schema';
import { formatDateTime } from '@ponte/shared/format';

/** `dd/MM/yyyy HH:mm:ss` in America/Sao_Paulo (an unreadable date is written as stored). */
export function formatDatetime(iso: string): string {
  return formatDateTime(iso) || iso;
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** ISO 8601 at São Paulo's offset (`2023-12-31T23:00:00-03:00`): the same instant, local time. */
export function isoDatetime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = zonedParts(date);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const minutes = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const offset = `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offset}`;
}

/** A date field holds a calendar day: `dd/MM/yyyy`, no zone to apply. */
const brazilianDate = (day: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
};

/**
 * A number in plain decimal notation with every digit JavaScript keeps (its shortest exact
 * spelling), never an exponent: `1e-7` is `0.0000001` and `1e21` is `1000000000000000000000`,
 * which every spreadsheet reads as the number.
 */
export function plainNumber(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, first, rest = '', power] = match;
  const digits = `${first}${rest}`;
  const point = 1 + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** How one format spells the file and the values that are not text. */
export interface CsvFormat {
  delimiter: string;
  bom: boolean;
  number(value: number): string;
  boolean(value: boolean): string;
  /** An instant (a datetime field, `created_at`, `updated_at`) as ISO 8601 in UTC. */
  datetime(iso: string): string;
  /** A calendar day, `yyyy-mm-dd`. */
  date(day: string): string;
}

/**
 * The formats of the records CSV (docs/adr/0078). `excel`: what Excel and LibreOffice in pt-BR
 * open by double-click (`;`, decimal comma, Sim/Não, `dd/MM/yyyy HH:mm:ss`, BOM). `csv`: RFC
 * 4180 as programs and spreadsheets in English read it (`,`, decimal point, true/false, ISO 8601
 * at São Paulo's offset, no BOM).
 */
export const csvFormats: Record<RecordsCsvFormat, CsvFormat> = {
  excel: {
    delimiter: ';',
    bom: true,
    number: (value) => plainNumber(value).replace('.', ','),
    boolean: (value) => (value ? 'Sim' : 'Não'),
    datetime: formatDatetime,
    date: brazilianDate,
  },
  csv: {
    delimiter: ',',
    bom: false,
    number: plainNumber,
    boolean: (value) => (value ? 'true' : 'false'),
    datetime: isoDatetime,
    date: (day) => day,
  },
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

/**
 * csv-stringify's options for a format: CRLF between records, and any cell holding the
 * delimiter, `"`, LF or CR, a lone CR included, between quotes. csv-stringify quotes line
 * breaks other than its record delimiter only when asked (`quote_record_delimiter`).
 */
export const stringifyOptions = (format: CsvFormat) => ({
  delimiter: format.delimiter,
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
});

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
