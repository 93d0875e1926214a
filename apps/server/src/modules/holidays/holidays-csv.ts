import { parse } from 'csv-parse/sync';
import { holidayBodySchema, parseBrazilianDay } from '@ponte/shared/holidays.schema';
import { messages } from '@ponte/shared/messages';
import { foldForSearch } from '@ponte/shared/search-text';
import { errorCodes } from '@ponte/shared/errors';
import { AppError, invalidField } from '../../lib/app-error';
import type { HolidayInput } from './holidays.repository';

const m = messages.holidays;

/** The errors a refused file lists, at most: the first ones are enough to fix the sheet. */
const shownErrors = 10;

/** 'Todo ano' as people type it in a sheet; anything else is an error of the line. */
const yearlyWords: Record<string, boolean> = {
  sim: true,
  s: true,
  nao: false,
  n: false,
  '': false,
};

/** The day a holiday takes, as the unique indexes see it: its date, or its month and day. */
export const dayKey = (holiday: { date: string; recurring: boolean }) =>
  holiday.recurring ? `todo-ano ${holiday.date.slice(5)}` : holiday.date;

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** The CSV's records with their line numbers; a file csv-parse cannot read is a 400. */
function recordsOf(csv: string): CsvRecord[] {
  try {
    return parse(csv, {
      delimiter: ';',
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as CsvRecord[];
  } catch {
    throw invalidField('csv', m.importUnreadable);
  }
}

/** One line as a holiday, or the pt-BR reason it is not one. */
function holidayOf([date = '', name = '', yearly = '']: string[]): HolidayInput | string {
  if (!date || !name) return m.importColumns;
  const recurring = yearlyWords[foldForSearch(yearly)];
  if (recurring === undefined) return m.importRecurring;
  const parsed = holidayBodySchema.safeParse({
    date: parseBrazilianDay(date) ?? '',
    name,
    recurring,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return issue.path[0] === 'date' ? m.dateInvalid : issue.message;
  }
  return { date: parsed.data.date, name: parsed.data.name, recurring };
}

/**
 * The holidays of a CSV a Brazilian spreadsheet saves (`;`, DD/MM/AAAA, 'sim'/'não', UTF-8 with
 * or without BOM, CRLF or LF), read with csv-parse. A first line whose first column is 'Data'
 * is the header. Any wrong line, or a day twice in the file, refuses the whole file with a 400
 * that names the lines (the first ten).
 */
export function readHolidaysCsv(csv: string): HolidayInput[] {
  const records = recordsOf(csv);
  if (records[0] && foldForSearch(records[0].record[0] ?? '') === 'data') records.shift();
  const holidays: HolidayInput[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records) {
    const holiday = holidayOf(record);
    if (typeof holiday === 'string') {
      errors.push(m.importLine(info.lines, holiday));
      continue;
    }
    const earlier = seen.get(dayKey(holiday));
    if (earlier !== undefined) {
      errors.push(m.importLine(info.lines, m.importRepeated(earlier)));
      continue;
    }
    seen.set(dayKey(holiday), info.lines);
    holidays.push(holiday);
  }
  if (errors.length) {
    const details = errors.slice(0, shownErrors).map((message) => ({ field: 'csv', message }));
    throw new AppError(400, errorCodes.validation, errors[0]!, details);
  }
  if (!holidays.length) throw invalidField('csv', m.importEmpty);
  return holidays;
}
