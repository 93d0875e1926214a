/**
 * Dates as people type them in the panel ('06/06/2026 14:30' or '06/06/2026') for Google
 * Calendar (https://developers.google.com/calendar/api/v3/reference/events): an event's
 * start and end in its time zone, a listing's bounds in RFC 3339 with the zone's offset.
 */

export const defaultTimeZone = 'America/Sao_Paulo';

export interface TypedDate {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm:ss, absent when only the day was typed. */
  time?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'DD/MM/AAAA', 'DD/MM/AAAA HH:mm' or an ISO date ('2026-06-06', '2026-06-06T14:30'), checked
 * to be a day of the calendar; an error naming the field otherwise.
 */
export function parseTypedDate(value: unknown, field: string): TypedDate {
  const typed = String(value ?? '').trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(typed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(typed);
  const parts = br
    ? [br[3], br[2], br[1], br[4], br[5], br[6]]
    : iso
      ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
      : null;
  if (!parts)
    throw new Error(`Google Agenda: "${field}" deve ser uma data DD/MM/AAAA ou DD/MM/AAAA HH:mm.`);
  const [year, month, day, hour, minute, second] = parts.map((p) =>
    p === undefined ? undefined : Number(p),
  );
  const check = new Date(Date.UTC(year!, month! - 1, day!));
  if (
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day ||
    (hour !== undefined && (hour > 23 || minute! > 59 || (second ?? 0) > 59))
  )
    throw new Error(`Google Agenda: "${field}" não é uma data válida (${typed}).`);
  const date = `${year}-${pad(month!)}-${pad(day!)}`;
  return hour === undefined
    ? { date }
    : { date, time: `${pad(hour)}:${pad(minute!)}:${pad(second ?? 0)}` };
}

/** The day after a YYYY-MM-DD (Google's all-day events end the day after their last). */
export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The zone's offset from UTC at that instant, in minutes (-180 for São Paulo). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** A typed date (midnight when only the day) in the zone, as RFC 3339 with its offset. */
export function rfc3339(typed: TypedDate, timeZone: string, field: string): string {
  const local = `${typed.date}T${typed.time ?? '00:00:00'}`;
  const naive = Date.parse(`${local}Z`);
  let offset: number;
  try {
    // The offset at the local time: taken once at the naive instant, then once corrected.
    offset = offsetMinutes(timeZone, new Date(naive));
    offset = offsetMinutes(timeZone, new Date(naive - offset * 60_000));
  } catch {
    throw new Error(`Google Agenda: o "${field}" usa um fuso horário desconhecido (${timeZone}).`);
  }
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
