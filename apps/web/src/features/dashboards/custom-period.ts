import { formatApiDate, periodIssue, zonedParts, zonedTime } from '@ponte/shared/dashboard-periods';
import { messages } from '@ponte/shared/messages';

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** An API date ('2026-11-23T13:00:00Z') as a datetime-local value in São Paulo time. */
export function apiToLocalInput(api: string | null | undefined): string {
  if (!api) return '';
  const date = new Date(api);
  if (Number.isNaN(date.getTime())) return '';
  const p = zonedParts(date);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** A datetime-local value read as São Paulo time, as an API date; null when incomplete. */
export function localInputToApi(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const instant = zonedTime(year!, month!, day!, hour!, minute!);
  if (Number.isNaN(instant.getTime())) return null;
  return formatApiDate(new Date(instant.getTime() + (second ?? 0) * 1000));
}

/** Why a custom period cannot be shown (inverted, longer than 1000 days), or null. */
export function customPeriodIssue(start: string, end: string): string | null {
  const issue = periodIssue({ start: new Date(start), end: new Date(end) });
  if (issue === 'inverted') return messages.dashboards.periodInverted;
  if (issue === 'too_long') return messages.dashboards.periodTooLong;
  return null;
}
