import { locale, timeZone } from './limits';

const dateTimeParts = new Intl.DateTimeFormat(locale, {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `DD/MM/YYYY HH:mm:ss` in America/Sao_Paulo; '' for a missing or invalid date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(
    dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

/** `DD/MM/YYYY` in America/Sao_Paulo; '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  return formatDateTime(value).slice(0, 10);
}

/** `DD/MM/YYYY HH:mm` in America/Sao_Paulo; '' for a missing or invalid date. */
export function formatDateTimeMinutes(value: string | number | Date | null | undefined): string {
  return formatDateTime(value).slice(0, 16);
}

/** Cuts a text at `max` characters and appends '...' (spec: group names shown cut at 30). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const second = 1000;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Spec 2 §9: a finished execution's duration, in ms under 1000 ms ('850 ms'), otherwise as
 * 'Xh Ym Zs' with all three parts ('0h 0m 1s' for 1500 ms; seconds are whole, rounded down).
 */
export function formatDuration(ms: number): string {
  const value = Math.max(0, Math.floor(ms));
  if (value < second) return `${value} ms`;
  const total = Math.floor(value / second);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${hours}h ${minutes}m ${total % 60}s`;
}

/** Spec 2 §9: a running execution's elapsed time as HH:mm:ss (hours past 99 keep growing). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / second));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad2(hours)}:${pad2(minutes)}:${pad2(total % 60)}`;
}

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const twoDecimals = new Intl.NumberFormat(locale, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Spec 2 §9: a memory size in B/KB/MB/GB/TB (powers of 1024) with 2 decimals, pt-BR digits. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${twoDecimals.format(value)} ${byteUnits[unit]}`;
}
