import { z } from 'zod';
import { isRealDay } from './brazil/calendar/calendar-days';
import { limits } from './limits';
import { messages } from './messages';
import { listResponseSchema, pageQuerySchema } from './pagination';
import { text } from './text';

const m = messages.holidays;

/** A holiday of the workspace as the API answers it (docs/adr/0121). */
export const holidaySchema = z.object({
  _id: z.string(),
  /** The day, `YYYY-MM-DD`; with `recurring`, only the month and day count. */
  date: z.string(),
  name: z.string(),
  /** 'Todo ano': a holiday on that day and month of every year. */
  recurring: z.boolean(),
  workspace: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who created and who last changed it (a user id; null once the user is gone). */
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Holiday = z.infer<typeof holidaySchema>;

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const brazilianDay = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** True when `YYYY-MM-DD` names a day of the calendar ('2027-02-29' does not). */
export function isCalendarDay(value: string): boolean {
  const match = isoDay.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return year >= 1900 && isRealDay(year, month, day);
}

/** 'DD/MM/YYYY' as typed in Brazil ('1/5/2027' too) to `YYYY-MM-DD`, or null when no such day. */
export function parseBrazilianDay(value: string): string | null {
  const match = brazilianDay.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = match.slice(1) as [string, string, string];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
}

/** `YYYY-MM-DD` as shown: 'DD/MM/YYYY'. */
export function formatBrazilianDay(iso: string): string {
  const match = isoDay.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/**
 * POST /api/v1/holidays and PUT /api/v1/holidays/{id}. The date travels as `YYYY-MM-DD` (the
 * screen turns the typed DD/MM/YYYY into it); `workspace` is ignored: the token decides.
 */
export const holidayBodySchema = z.object({
  date: text({ error: m.dateRequired })
    .trim()
    .min(1, { error: m.dateRequired })
    .refine(isCalendarDay, { error: m.dateInvalid })
    .meta({ format: 'date' }),
  name: text({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(limits.holidayNameMax, { error: m.nameTooLong }),
  recurring: z.boolean({ error: messages.generic.invalidField('recurring') }).default(false),
  workspace: text().max(200).optional(),
});
export type HolidayBody = z.input<typeof holidayBodySchema>;

/** GET /api/v1/holidays?limit=1000: the whole list fits one page (at most 1000 holidays). */
export const holidayListQuerySchema = pageQuerySchema(limits.holidaysMax, limits.holidaysMax);
export const holidayListSchema = listResponseSchema(holidaySchema);
export type HolidayList = z.infer<typeof holidayListSchema>;

/**
 * The screen's form: the date typed as DD/MM/YYYY becomes the body's `YYYY-MM-DD`; the name
 * has the body's rules. 'Todo ano' is a checkbox, outside the text fields.
 */
export const holidayFormSchema = z.object({
  date: text({ error: m.dateRequired })
    .trim()
    .min(1, { error: m.dateRequired })
    .transform((typed, ctx) => {
      const iso = parseBrazilianDay(typed);
      if (iso) return iso;
      ctx.addIssue({ code: 'custom', message: m.dateInvalid });
      return z.NEVER;
    }),
  name: holidayBodySchema.shape.name,
});

/** The most characters a CSV of holidays may have (1000 holidays of long names fit). */
export const holidayImportMaxChars = 200_000;

/**
 * POST /api/v1/holidays/import: the text of a CSV as a Brazilian spreadsheet saves it: `;`
 * between columns, one holiday a line: 'Data' (DD/MM/AAAA), 'Nome', 'Todo ano' ('sim' or 'não';
 * empty is 'não'). A first line naming the columns is skipped.
 */
export const holidayImportBodySchema = z.object({
  csv: text({ error: m.importEmpty }).max(holidayImportMaxChars, { error: m.importTooLarge }),
});
export type HolidayImportBody = z.input<typeof holidayImportBodySchema>;

export const holidayImportResultSchema = z.object({
  /** Holidays added. */
  created: z.number().int().min(0),
  /** Lines whose day the workspace already had a holiday on: kept as they were. */
  skipped: z.number().int().min(0),
});
export type HolidayImportResult = z.infer<typeof holidayImportResultSchema>;
