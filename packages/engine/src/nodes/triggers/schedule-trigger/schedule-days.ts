import { isBusinessDay, nthBusinessDay } from '@ponte/shared/brazil/calendar/calendar';
import { dayInZone } from '@ponte/shared/brazil/calendar/calendar-days';
import { CalendarError } from '@ponte/shared/brazil/calendar/calendar-error';
import { calendarZone } from '@ponte/shared/brazil/calendar/calendar-input';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import { parsePlace } from '@ponte/shared/brazil/calendar/places';

/**
 * The schedule's 'Dias' (docs/brasil.md, "Dias úteis e feriados"): the cron says the time, and
 * this says on which days a tick starts the flow. A node saved before these params has none and
 * fires on every tick, as it always did.
 */
export const scheduleDays = {
  all: 'Todos os dias',
  business: 'Somente dias úteis',
  nth_business: 'No N-ésimo dia útil do mês',
} as const;

export type ScheduleDays = keyof typeof scheduleDays;

/** The most business days a month can have (a 23-weekday month without a holiday). */
export const maxNthBusinessDay = 23;

function daysOf(params: Record<string, unknown>): ScheduleDays {
  const days = String(params.days ?? '').trim();
  return days in scheduleDays ? (days as ScheduleDays) : 'all';
}

const placeOf = (params: Record<string, unknown>) => String(params.place ?? '').trim() || 'BR';

/** 'N-ésimo dia útil' as the panel shows it: its default when the person left it alone. */
export const defaultNthBusinessDay = 5;

function nthOf(params: Record<string, unknown>): number {
  const given = params.nth_business_day;
  return given === undefined || given === null || given === ''
    ? defaultNthBusinessDay
    : Number(given);
}

/** Whether the schedule refuses some days (so a tick needs the workspace's holidays). */
export function scheduleFiltersDays(params: Record<string, unknown>): boolean {
  return daysOf(params) !== 'all';
}

/** A pt-BR problem of the 'Dias' params (an unknown place, an N out of range), or null. */
export function scheduleDaysProblem(params: Record<string, unknown>): string | null {
  const days = daysOf(params);
  if (days === 'all') return null;
  try {
    parsePlace(placeOf(params));
  } catch (error) {
    return (error as Error).message;
  }
  if (days !== 'nth_business') return null;
  const nth = nthOf(params);
  if (!Number.isInteger(nth) || nth < 1 || nth > maxNthBusinessDay) {
    return `Informe o N-ésimo dia útil: um número inteiro de 1 a ${maxNthBusinessDay}.`;
  }
  return null;
}

/**
 * Whether a tick at `tickAt` starts the flow: its day (in the node's time zone, São Paulo's by
 * default) must be a business day of the place, or the month's N-th one, counting the
 * workspace's own holidays.
 */
export function scheduleDayAllows(
  params: Record<string, unknown>,
  tickAt: Date,
  workspaceHolidays: readonly WorkspaceHoliday[],
): boolean {
  const days = daysOf(params);
  if (days === 'all') return true;
  const timezone = String(params.timezone ?? '').trim() || calendarZone;
  const day = dayInZone(tickAt, timezone);
  const place = placeOf(params);
  if (days === 'business') return isBusinessDay(day, place, workspaceHolidays);
  try {
    return nthBusinessDay(day.slice(0, 7), nthOf(params), place, workspaceHolidays) === day;
  } catch (error) {
    // A month with fewer business days than N has no such day: no tick of it runs.
    if (error instanceof CalendarError) return false;
    throw error;
  }
}
