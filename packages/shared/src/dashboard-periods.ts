import type {
  HistogramInterval,
  ViewPeriod,
  WidgetConfig,
  WidgetPeriodType,
} from './dashboards.schema';
import { limits, timeZone } from './limits';

/**
 * Dashboard periods (spec 2 §9, docs/adr/0046). A period is `[start, end]` to the second, both
 * included: a query reads rows with `start <= time < end + 1 s`. `today` is the day in
 * America/Sao_Paulo from 00:00:00 to 23:59:59; `N_day` counts N days back from now; `custom`
 * takes its dates; `all` looks back `dashboardPeriodMaxDays`.
 */
export interface Period {
  start: Date;
  end: Date;
}

const dayMs = 86_400_000;

export { formatApiDate } from './api-date';

/** A period type as spec 2 §9 writes it: `7_day` → { count: 7, unit: 'day' }, else null. */
export function parsePeriodType(type: string): { count: number; unit: 'day' } | null {
  const match = /^(\d+)_day$/.exec(type);
  return match ? { count: Number(match[1]), unit: 'day' } : null;
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock of São Paulo at an instant, as numbers (month 1–12). */
export function zonedParts(date: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(date).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Milliseconds São Paulo's wall clock is ahead of UTC at an instant (negative: behind). */
function zoneOffsetMs(date: Date): number {
  const p = zonedParts(date);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant São Paulo's wall clock shows a date and time (month 1–12). */
export function zonedTime(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wall - zoneOffsetMs(new Date(wall));
  instant = wall - zoneOffsetMs(new Date(instant));
  return new Date(instant);
}

/** 00:00:00 of the São Paulo day holding an instant. */
export function startOfZonedDay(date: Date): Date {
  const p = zonedParts(date);
  return zonedTime(p.year, p.month, p.day);
}

/** The instant `days` São Paulo days after a São Paulo midnight (days may be negative). */
export function addZonedDays(midnight: Date, days: number): Date {
  const p = zonedParts(new Date(midnight.getTime() + 12 * 3_600_000));
  const noon = new Date(Date.UTC(p.year, p.month - 1, p.day + days, 12));
  return startOfZonedDay(noon);
}

const wholeSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * The period of a period type at `now`. `custom` needs both dates (else null), as does
 * `dashboard`, which only a widget has and which the caller resolves to the view's period.
 */
export function resolvePeriod(
  type: WidgetPeriodType,
  now: Date,
  custom?: { start_date?: string | null; end_date?: string | null },
): Period | null {
  const end = wholeSecond(now);
  if (type === 'today') {
    const start = startOfZonedDay(now);
    return { start, end: new Date(addZonedDays(start, 1).getTime() - 1000) };
  }
  if (type === 'all') {
    return { start: new Date(end.getTime() - limits.dashboardPeriodMaxDays * dayMs), end };
  }
  const back = parsePeriodType(type);
  if (back) return { start: new Date(end.getTime() - back.count * dayMs), end };
  if (type === 'custom' && custom?.start_date && custom.end_date) {
    return { start: new Date(custom.start_date), end: new Date(custom.end_date) };
  }
  return null;
}

/** The view's period (spec 2 'Dashboards'); a custom period without both dates is today. */
export function resolveViewPeriod(view: Partial<ViewPeriod> | undefined, now: Date): Period {
  const type = view?.periodType ?? 'today';
  return resolvePeriod(type, now, view ?? undefined) ?? resolvePeriod('today', now)!;
}

/** A widget's period: its own, or the view's when it follows the dashboard. */
export function resolveWidgetPeriod(config: WidgetConfig, view: Period, now: Date): Period {
  if (config.periodType === 'dashboard') return view;
  return resolvePeriod(config.periodType, now, config) ?? view;
}

/** Why a period cannot be queried (inverted, longer than 1000 days), or null. */
export function periodIssue(period: Period): 'inverted' | 'too_long' | null {
  if (period.start.getTime() > period.end.getTime()) return 'inverted';
  if (period.end.getTime() - period.start.getTime() > limits.dashboardPeriodMaxDays * dayMs + dayMs)
    return 'too_long';
  return null;
}

/**
 * The bucket size of a histogram over a period (docs/adr/0046): minutes up to 3 hours, hours up
 * to 3 days, days up to 93 days, months beyond. Hours, days and months follow São Paulo's clock.
 */
export function histogramInterval(period: Period): HistogramInterval {
  const span = period.end.getTime() - period.start.getTime();
  if (span <= 3 * 3_600_000) return 'minute';
  if (span <= 3 * dayMs) return 'hour';
  if (span <= 93 * dayMs) return 'day';
  return 'month';
}

/** The start of the bucket holding an instant. */
export function bucketStart(date: Date, interval: HistogramInterval): Date {
  if (interval === 'minute') return new Date(Math.floor(date.getTime() / 60_000) * 60_000);
  const p = zonedParts(date);
  if (interval === 'hour') return zonedTime(p.year, p.month, p.day, p.hour);
  if (interval === 'day') return zonedTime(p.year, p.month, p.day);
  return zonedTime(p.year, p.month, 1);
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucket(start: Date, interval: HistogramInterval): Date {
  if (interval === 'minute') return new Date(start.getTime() + 60_000);
  if (interval === 'hour') return bucketStart(new Date(start.getTime() + 3_600_000 + 1), 'hour');
  if (interval === 'day') return addZonedDays(start, 1);
  const p = zonedParts(start);
  return p.month === 12 ? zonedTime(p.year + 1, 1, 1) : zonedTime(p.year, p.month + 1, 1);
}

/** Every bucket start of a period, in order (at most `dashboardHistogramBucketsMax`). */
export function bucketStarts(period: Period, interval: HistogramInterval): number[] {
  const keys: number[] = [];
  let current = bucketStart(period.start, interval);
  while (current.getTime() <= period.end.getTime()) {
    keys.push(current.getTime());
    if (keys.length >= limits.dashboardHistogramBucketsMax) break;
    current = nextBucket(current, interval);
  }
  return keys;
}
