import type { DateAlias } from './monitoring.schema';

/**
 * Addresses of the monitoring pages with their filters, for links from other pages. The logs
 * page (/monitoring) reads its filters from the `filters` query param as JSON: `search`,
 * `flow`, and the period as `date_alias` or as `from`/`to` date-times at '-03:00'.
 */
export interface LogsPageFilters {
  search?: string;
  flow?: string;
  date_alias?: DateAlias;
  /** '2026-11-23T10:00:00-03:00' */
  from?: string;
  to?: string;
}

const saoPauloOffsetMs = 3 * 3_600_000;

/** An instant as the logs page writes it: São Paulo's fixed '-03:00' offset, to the second. */
export function toSaoPauloOffsetDateTime(date: Date): string {
  return `${new Date(date.getTime() - saoPauloOffsetMs).toISOString().slice(0, 19)}-03:00`;
}

/** /monitoring filtered; a custom period (`from`/`to`) is written as the page writes it. */
export function logsPageUrl(filters: LogsPageFilters): string {
  const json: Record<string, string> = {};
  if (filters.date_alias) json.date_alias = filters.date_alias;
  else if (filters.from || filters.to) {
    json.date_alias = 'custom';
    if (filters.from) json.from = filters.from;
    if (filters.to) json.to = filters.to;
  }
  if (filters.flow) json.flow = filters.flow;
  if (filters.search?.trim()) json.search = filters.search.trim();
  if (Object.keys(json).length === 0) return '/monitoring';
  return `/monitoring?filters=${encodeURIComponent(JSON.stringify(json))}`;
}

/** /monitoring/completed: the page takes no filter in its address (its history is by page). */
export const completedExecutionsUrl = '/monitoring/completed';
