/**
 * Calendar days as `YYYY-MM-DD` and the arithmetic the business-day functions need. A day is
 * a civil date, with no time and no zone: the arithmetic runs on UTC midnights, where every
 * day has 24 hours.
 */

const dayMs = 86_400_000;
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** `YYYY-MM-DD` of a year, month (1–12) and day. */
export function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function toUtc(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function fromUtc(ms: number): string {
  const date = new Date(ms);
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * dayMs);
}

/** 0 Sunday … 6 Saturday. */
export function dayOfWeek(day: string): number {
  return new Date(toUtc(day)).getUTCDay();
}

/** Whether year, month and day name a day that exists ('2026-02-30' does not). */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The number of days of a month (1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The civil day (`YYYY-MM-DD`) of an instant in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  // 'en-CA' writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
