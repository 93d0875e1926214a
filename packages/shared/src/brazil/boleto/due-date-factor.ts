/**
 * The due-date factor of a bank boleto (barcode positions 6 to 9): days since the base date
 * 07/10/1997, so factor 1000 is 03/07/2000 and 9999 is 21/02/2025. Four digits ran out that
 * day: FEBRABAN restarted the count, and 22/02/2025 is factor 1000 again. A factor of 0000
 * means the boleto has no due date. A factor between 0001 and 0999 never appears.
 *
 * A factor therefore names one date every 9 000 days. We read it as the date that falls in
 * the window from 3 000 days (about 8 years) before the reference day (today) to 6 000 days
 * (about 16 years) after it: a boleto long overdue or issued far ahead is rarer than either.
 */

const dayMs = 86_400_000;
/** 07/10/1997, the base date of the first cycle (factor 0), in days since 1970-01-01. */
const firstBase = Date.UTC(1997, 9, 7) / dayMs;
/** Days in one cycle of factors 1000 to 9999. */
const cycle = 9000;
const windowBefore = 3000;

/** 'YYYY-MM-DD' of a day count since 1970-01-01. */
function isoDay(days: number): string {
  return new Date(days * dayMs).toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' (or of an instant, by its UTC date). */
function dayNumber(value: string | number): number {
  const time = typeof value === 'number' ? value : Date.parse(value.slice(0, 10));
  return Math.floor(time / dayMs);
}

/**
 * The due date ('YYYY-MM-DD') of a factor, read in the window around `today` (a 'YYYY-MM-DD'
 * or epoch milliseconds); null for 0000 (no due date) and for 0001 to 0999 (never issued).
 */
export function dueDateOfFactor(factor: number, today: string | number): string | null {
  if (factor < 1000 || factor > 9999) return null;
  const first = firstBase + factor;
  const earliest = dayNumber(today) - windowBefore;
  const cycles = Math.max(0, Math.ceil((earliest - first) / cycle));
  return isoDay(first + cycles * cycle);
}

/** The factor of a due date ('YYYY-MM-DD') from 03/07/2000 on; null before it. */
export function factorOfDueDate(dueDate: string): number | null {
  const days = dayNumber(dueDate) - firstBase;
  if (!Number.isFinite(days) || days < 1000) return null;
  return ((days - 1000) % cycle) + 1000;
}
