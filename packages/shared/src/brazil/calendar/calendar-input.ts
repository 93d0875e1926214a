import { CalendarError } from './calendar-error';
import { dayInZone, isoDate, isRealDay } from './calendar-days';

/** The zone business days are counted in (docs/DESIGN.md, §9). */
export const calendarZone = 'America/Sao_Paulo';

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const brDay = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The years the calendar answers for: the holiday laws start in the 20th century, and
 * `Date.UTC` would read the years 0 to 99 as 1900 to 1999.
 */
export const calendarYears = { first: 1900, last: 2200 } as const;

function checkYear(year: number, text: string): void {
  if (year < calendarYears.first || year > calendarYears.last) {
    throw new CalendarError(
      `Ano fora do calendário: "${text}". O calendário vai de ${calendarYears.first} a ${calendarYears.last}.`,
    );
  }
}

function checked(year: number, month: number, day: number, text: string): string {
  checkYear(year, text);
  if (!isRealDay(year, month, day)) throw new CalendarError(`Data inexistente: "${text}".`);
  return isoDate(year, month, day);
}

/**
 * A day as `YYYY-MM-DD` from '2026-12-07', '07/12/2026' or an ISO date-time
 * ('2026-12-07T02:00:00Z' is still 6 December in São Paulo).
 */
export function readDay(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  let match = isoDay.exec(text);
  if (match) return checked(Number(match[1]), Number(match[2]), Number(match[3]), text);
  match = brDay.exec(text);
  if (match) return checked(Number(match[3]), Number(match[2]), Number(match[1]), text);
  if (isoDateTime.test(text)) {
    const instant = new Date(text);
    if (!Number.isNaN(instant.getTime())) {
      // Intl writes a year below 1000 unpadded: such a day never reads as YYYY-MM-DD.
      const day = dayInZone(instant, calendarZone);
      checkYear(Number(isoDay.exec(day)?.[1] ?? 0), text);
      return day;
    }
  }
  throw new CalendarError(
    `Data inválida: "${String(value ?? '')}". Use AAAA-MM-DD (ex.: 2026-12-07), DD/MM/AAAA ou uma data e hora ISO.`,
  );
}

/** A month as `{year, month}` from '2026-12' or '12/2026'. */
export function readMonth(value: unknown): { year: number; month: number } {
  const text = typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{4})-(\d{2})$/.exec(text) ?? /^(\d{2})\/(\d{4})$/.exec(text);
  if (match) {
    const iso = text.includes('-');
    const year = Number(iso ? match[1] : match[2]);
    const month = Number(iso ? match[2] : match[1]);
    if (month >= 1 && month <= 12) {
      checkYear(year, text);
      return { year, month };
    }
  }
  throw new CalendarError(
    `Mês inválido: "${String(value ?? '')}". Use AAAA-MM (ex.: 2026-12) ou MM/AAAA (ex.: 12/2026).`,
  );
}
