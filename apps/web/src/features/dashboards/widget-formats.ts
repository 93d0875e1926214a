import { formatDateTime } from '@ponte/shared/format';
import type { HistogramInterval, ListColumn } from '@ponte/shared/dashboards.schema';
import { locale, timeZone } from '@ponte/shared/limits';

/** How a dashboard widget writes its figures (docs/adr/0049): pt-BR, São Paulo time. */
const integer = new Intl.NumberFormat(locale);
const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });

/** A count or a measure in pt-BR digits ('12.345', '3,5'); null (nothing measured) is '—'. */
export function formatFigure(value: number | null): string {
  return value === null ? '—' : integer.format(value);
}

/**
 * A duration in milliseconds, readable: '850 ms', '1,2 s', '2 min 5 s', '1 h 3 min'.
 * null (no execution in the period) is '—'.
 */
export function formatMilliseconds(ms: number | null): string {
  if (ms === null) return '—';
  const value = Math.max(0, ms);
  if (value < 1000) return `${integer.format(Math.round(value))} ms`;
  if (value < 60_000) {
    const seconds = Math.round(value / 100) / 10;
    if (seconds < 60) return `${oneDecimal.format(seconds)} s`;
  }
  const totalSeconds = Math.round(value / 1000);
  if (totalSeconds < 3600) {
    const minutes = Math.floor(totalSeconds / 60);
    const seconds = totalSeconds % 60;
    return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
  }
  const totalMinutes = Math.floor(totalSeconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes ? `${integer.format(hours)} h ${minutes} min` : `${integer.format(hours)} h`;
}

const hourMinute = new Intl.DateTimeFormat(locale, {
  timeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayMonth = new Intl.DateTimeFormat(locale, { timeZone, day: '2-digit', month: '2-digit' });
const monthYear = new Intl.DateTimeFormat(locale, { timeZone, month: 'short', year: 'numeric' });

/**
 * A histogram bucket's label by its interval, in São Paulo time: 'HH:mm' for minutes and
 * hours, 'dd/MM' for days, 'MMM/yyyy' for months ('nov/2026').
 */
export function formatBucket(key: number, interval: HistogramInterval): string {
  const date = new Date(key);
  if (interval === 'minute' || interval === 'hour') return hourMinute.format(date);
  if (interval === 'day') return dayMonth.format(date);
  const parts = Object.fromEntries(monthYear.formatToParts(date).map((p) => [p.type, p.value]));
  return `${(parts.month ?? '').replace('.', '')}/${parts.year ?? ''}`;
}

/** A list cell by its column type: dates as DD/MM/YYYY HH:mm:ss, numbers pt-BR, yes/no. */
export function formatCell(value: unknown, type: ListColumn['type']): string {
  if (value === null || value === undefined || value === '') return '';
  if (type === 'date') return formatDateTime(value as string) || String(value);
  if (type === 'number' && typeof value === 'number') return integer.format(value);
  if (type === 'boolean') return value === true || value === 'true' ? 'Sim' : 'Não';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
