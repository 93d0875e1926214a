import { addDays, dayOfWeek, daysInMonth, isoDate } from './calendar-days';
import { CalendarError } from './calendar-error';
import { readDay, readMonth } from './calendar-input';
import { ruleDate, type HolidayRule } from './holiday-rule';
import type { HolidayKind, HolidayOnDay, WorkspaceHoliday } from './holiday-types';
import { municipalHolidays } from './municipal-holidays';
import { nationalHolidays } from './national-holidays';
import { parsePlace, type CalendarPlace } from './places';
import { stateHolidays } from './state-holidays';

/**
 * Business days of Brazil (docs/brasil.md, "Dias úteis e feriados"). A business day is a
 * Monday to Friday that no holiday of the place closes: the national holidays, Carnaval
 * (Monday and Tuesday) and Corpus Christi everywhere, the UF's, the capital's, and the
 * workspace's own (`extra`). Dates are read by `readDay` ('YYYY-MM-DD', 'DD/MM/YYYY', ISO
 * date-time in America/Sao_Paulo) and given back as `YYYY-MM-DD`.
 */

/** The widest step `addBusinessDays` takes (about 40 years of business days). */
export const maxBusinessDays = 10_000;

const yearCache = new Map<string, Map<string, HolidayOnDay[]>>();

function rulesOf(place: CalendarPlace): [HolidayKind, readonly HolidayRule[]][] {
  const rules: [HolidayKind, readonly HolidayRule[]][] = [['nacional', nationalHolidays]];
  if (place.uf) rules.push(['estadual', stateHolidays[place.uf] ?? []]);
  if (place.uf && place.capital) rules.push(['municipal', municipalHolidays[place.uf] ?? []]);
  return rules;
}

/** The holidays of the data for a place in a year, by day (cached: the data never changes). */
function holidaysOfYear(year: number, place: CalendarPlace): Map<string, HolidayOnDay[]> {
  const key = `${year}|${place.uf ?? 'BR'}|${place.capital}`;
  let days = yearCache.get(key);
  if (days) return days;
  days = new Map();
  for (const [kind, rules] of rulesOf(place)) {
    for (const rule of rules) {
      const date = ruleDate(rule, year);
      if (!date) continue;
      const entry: HolidayOnDay = {
        date,
        name: rule.name,
        kind,
        nature: rule.nature,
        closes: rule.closes,
      };
      days.set(date, [...(days.get(date) ?? []), entry]);
    }
  }
  if (yearCache.size > 500) yearCache.clear();
  yearCache.set(key, days);
  return days;
}

function workspaceOn(day: string, extra: readonly WorkspaceHoliday[]): HolidayOnDay[] {
  return extra
    .filter((holiday) =>
      holiday.recurring ? holiday.date.slice(5, 10) === day.slice(5) : holiday.date === day,
    )
    .map((holiday) => ({
      date: day,
      name: holiday.name,
      kind: 'workspace' as const,
      nature: 'feriado' as const,
      closes: true,
    }));
}

function dayHolidays(day: string, place: CalendarPlace, extra: readonly WorkspaceHoliday[]) {
  const year = Number(day.slice(0, 4));
  return [...(holidaysOfYear(year, place).get(day) ?? []), ...workspaceOn(day, extra)];
}

function businessDay(day: string, place: CalendarPlace, extra: readonly WorkspaceHoliday[]) {
  const weekday = dayOfWeek(day);
  if (weekday === 0 || weekday === 6) return false;
  return !dayHolidays(day, place, extra).some((holiday) => holiday.closes !== false);
}

/** Every holiday and ponto facultativo on a day (also those that keep it a business day). */
export function holidaysOn(
  date: unknown,
  place?: string,
  extra: readonly WorkspaceHoliday[] = [],
): HolidayOnDay[] {
  return dayHolidays(readDay(date), parsePlace(place), extra);
}

/** Monday to Friday and no holiday closing the day. */
export function isBusinessDay(
  date: unknown,
  place?: string,
  extra: readonly WorkspaceHoliday[] = [],
): boolean {
  return businessDay(readDay(date), parsePlace(place), extra);
}

/** The first business day strictly after the date (as Excel's WORKDAY(date, 1)). */
export function nextBusinessDay(
  date: unknown,
  place?: string,
  extra: readonly WorkspaceHoliday[] = [],
): string {
  return addBusinessDays(date, 1, place, extra);
}

/**
 * The date `n` business days after the date (before, when `n` is negative), the date itself
 * not counted, as Excel's WORKDAY; `n` = 0 gives the date back as it is.
 */
export function addBusinessDays(
  date: unknown,
  n: unknown,
  place?: string,
  extra: readonly WorkspaceHoliday[] = [],
): string {
  const steps = Number(n);
  if (!Number.isInteger(steps)) {
    throw new CalendarError(
      `Número de dias úteis inválido: "${String(n)}". Use um número inteiro.`,
    );
  }
  if (Math.abs(steps) > maxBusinessDays) {
    throw new CalendarError(
      `Número de dias úteis grande demais: ${steps}. O limite é ${maxBusinessDays.toLocaleString('pt-BR')} (para mais ou para menos).`,
    );
  }
  const where = parsePlace(place);
  let day = readDay(date);
  const direction = Math.sign(steps);
  for (let left = Math.abs(steps); left > 0;) {
    day = addDays(day, direction);
    if (businessDay(day, where, extra)) left -= 1;
  }
  return day;
}

/**
 * The n-th business day of a month ('2026-12' or '12/2026'): 1 is the first; -1 the last, -2
 * the one before it. A month with fewer business days is an error in pt-BR.
 */
export function nthBusinessDay(
  yearMonth: unknown,
  n: unknown,
  place?: string,
  extra: readonly WorkspaceHoliday[] = [],
): string {
  const { year, month } = readMonth(yearMonth);
  const nth = Number(n);
  if (!Number.isInteger(nth) || nth === 0) {
    throw new CalendarError(
      `Posição de dia útil inválida: "${String(n)}". Use 1 para o primeiro, 2 para o segundo… ou -1 para o último.`,
    );
  }
  const where = parsePlace(place);
  const last = daysInMonth(year, month);
  const days = Array.from({ length: last }, (_, i) => isoDate(year, month, i + 1)).filter((day) =>
    businessDay(day, where, extra),
  );
  const found = nth > 0 ? days[nth - 1] : days[days.length + nth];
  if (!found) {
    const label = `${String(month).padStart(2, '0')}/${year}`;
    throw new CalendarError(
      `${label} tem só ${days.length} dias úteis; não há o ${Math.abs(nth)}º${nth < 0 ? ' contado do fim' : ''}.`,
    );
  }
  return found;
}
