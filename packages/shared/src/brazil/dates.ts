import { timeZone } from '../limits';
import { isRealDay } from './calendar/calendar-days';

/**
 * Dates as Brazil writes them, DD/MM/YYYY, read and written in America/Sao_Paulo (DESIGN.md
 * §9): the one place that turns a typed date and time into an instant and back.
 */

const typed = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock fields of an instant in São Paulo. */
function wallClock(time: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of parts.formatToParts(new Date(time)))
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/** Milliseconds São Paulo's clock is ahead of UTC at an instant (negative: -3 h). */
function offsetAt(time: number): number {
  const w = wallClock(time);
  return Date.UTC(w.year!, w.month! - 1, w.day!, w.hour!, w.minute!, w.second!) - time;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A typed date as 'YYYY-MM-DD' when the day exists in the calendar, else null. */
function calendarDay(day: number, month: number, year: number): string | null {
  // Years below 100 are not typed dates (Date.UTC would read them as 19xx).
  if (year < 100 || !isRealDay(year, month, day)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * 'DD/MM/YYYY' → 'YYYY-MM-DD'; 'DD/MM/YYYY HH:mm' (or HH:mm:ss) → the instant that São
 * Paulo's clock showed then, as ISO 8601 in UTC. Null when the text is not such a date (or
 * the day or time does not exist).
 */
export function parseBrDate(text: string): string | null {
  const match = typed.exec(text.trim());
  if (!match) return null;
  const [, dd, mm, yyyy, hh, mi, ss] = match;
  const day = calendarDay(Number(dd), Number(mm), Number(yyyy));
  if (!day || hh === undefined) return day;
  if (Number(hh) > 23 || Number(mi) > 59 || Number(ss ?? 0) > 59) return null;
  const wall = Date.UTC(
    Number(yyyy),
    Number(mm) - 1,
    Number(dd),
    Number(hh),
    Number(mi),
    Number(ss ?? 0),
  );
  return new Date(saoPauloInstant(wall)).toISOString();
}

/** The instant São Paulo's clock showed a wall time (given as if it were UTC milliseconds). */
function saoPauloInstant(wall: number): number {
  // The offset at the guessed instant, then at the instant it gives (a DST change between).
  const first = wall - offsetAt(wall);
  return wall - offsetAt(first);
}

/** Largest instant a JavaScript Date holds: 8.64e15 ms either side of 1970 (ECMA-262 §21.4.1.1). */
const maxTime = 8.64e15;

/** An ISO 8601 date and time without 'Z' nor an offset: a wall time, read in São Paulo. */
const localIso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;

/**
 * Epoch milliseconds of an instant: a number as it is; ISO text with 'Z' or an offset as it
 * says; ISO text without either as São Paulo's wall clock (not the server's time zone).
 * NaN when the value is not one.
 */
function instantOf(value: string | number): number {
  if (typeof value === 'number') return value;
  const text = value.trim();
  const local = localIso.exec(text);
  if (!local) return /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN;
  const [yyyy, mm, dd, hh, mi, ss] = local.slice(1, 7).map((part) => Number(part ?? 0));
  const millis = Number((local[7] ?? '0').padEnd(3, '0'));
  if (!calendarDay(dd!, mm!, yyyy!) || hh! > 23 || mi! > 59 || ss! > 59) return NaN;
  return saoPauloInstant(Date.UTC(yyyy!, mm! - 1, dd!, hh!, mi!, ss!, millis));
}

/**
 * An instant (ISO 8601 text or epoch milliseconds) as 'DD/MM/YYYY' in São Paulo, or with the
 * time 'DD/MM/YYYY HH:mm'. A date without a time ('2026-12-25') is that day, not shifted; a
 * date and time without an offset ('2026-12-25T10:00') is São Paulo's wall clock. Null when
 * the value is not a date, or lies beyond what a date can hold (|ms| > 8.64e15).
 */
export function formatBrDate(value: string | number, withTime = false): string | null {
  const dateOnly =
    typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  if (dateOnly) {
    const [, yyyy, mm, dd] = dateOnly;
    if (!calendarDay(Number(dd), Number(mm), Number(yyyy))) return null;
    return withTime ? `${dd}/${mm}/${yyyy} 00:00` : `${dd}/${mm}/${yyyy}`;
  }
  const time = instantOf(value);
  if (!Number.isFinite(time) || Math.abs(time) > maxTime) return null;
  const w = wallClock(time);
  const day = `${pad(w.day!)}/${pad(w.month!)}/${pad(w.year!, 4)}`;
  return withTime ? `${day} ${pad(w.hour!)}:${pad(w.minute!)}` : day;
}
