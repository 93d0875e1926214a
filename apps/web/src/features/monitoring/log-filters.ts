import { dateAliases, logTypes } from '@ponte/shared/monitoring.schema';
import type { DateAlias, LogFilters, LogType } from '@ponte/shared/monitoring.schema';

export type LogPeriod = DateAlias | 'custom';

/** What the logs page filters by; `from` and `to` are sent as '-03:00' date-times. */
export interface LogFilterState {
  period: LogPeriod;
  from: string;
  to: string;
  flow: string;
  executionId: string;
  type: LogType | 'all';
  search: string;
}

/** Spec 1 §2.9: type all, flow all, the last hour. */
export const defaultLogFilters: LogFilterState = {
  period: '1h',
  from: '',
  to: '',
  flow: '',
  executionId: '',
  type: 'all',
  search: '',
};

const isAlias = (value: unknown): value is DateAlias =>
  typeof value === 'string' && Object.hasOwn(dateAliases, value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const offsetDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/;

/**
 * Reads the `filters` query param (JSON). Links from other pages set only some keys, e.g.
 * `{"flow":"f1","date_alias":"1d"}`; unknown or invalid keys fall back to the defaults.
 */
export function parseLogFilters(raw: string | null): LogFilterState {
  if (!raw) return defaultLogFilters;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return defaultLogFilters;
  }
  if (typeof json !== 'object' || json === null) return defaultLogFilters;
  const value = json as Record<string, unknown>;
  const from = offsetDateTime.test(text(value.from)) ? text(value.from) : '';
  const to = offsetDateTime.test(text(value.to)) ? text(value.to) : '';
  const period: LogPeriod = isAlias(value.date_alias)
    ? value.date_alias
    : value.date_alias === 'custom' || from || to
      ? 'custom'
      : defaultLogFilters.period;
  const type = logTypes.find((candidate) => candidate === value.type) ?? 'all';
  return {
    period,
    from: period === 'custom' ? from : '',
    to: period === 'custom' ? to : '',
    flow: text(value.flow),
    executionId: text(value.execution_id),
    type,
    search: text(value.search),
  };
}

/** The `filters` query param for a state; null for the defaults (a clean address). */
export function serializeLogFilters(state: LogFilterState): string | null {
  const json: Record<string, string> = { date_alias: state.period };
  if (state.period === 'custom') {
    if (state.from) json.from = state.from;
    if (state.to) json.to = state.to;
  }
  if (state.flow) json.flow = state.flow;
  if (state.executionId) json.execution_id = state.executionId;
  if (state.type !== 'all') json.type = state.type;
  if (state.search) json.search = state.search;
  const isDefault = Object.keys(json).length === 1 && state.period === defaultLogFilters.period;
  return isDefault ? null : JSON.stringify(json);
}

/**
 * The `filters` the logs call takes. A custom period sends its bounds; with neither bound it
 * means every log (1000d).
 */
export function toApiFilters(state: LogFilterState): LogFilters {
  const filters: LogFilters = {};
  if (state.period !== 'custom') filters.date_alias = state.period;
  else if (!state.from && !state.to) filters.date_alias = '1000d';
  else {
    if (state.from) filters.from = state.from;
    if (state.to) filters.to = state.to;
  }
  if (state.flow) filters.flow = state.flow;
  if (state.executionId.trim()) filters.execution_id = state.executionId.trim();
  if (state.type !== 'all') filters.type = state.type;
  if (state.search.trim()) filters.search = state.search.trim();
  return filters;
}

/** Spec 1 §7: dates go to the logs call with a fixed UTC-3 offset. */
export const saoPauloOffset = '-03:00';

/** A datetime-local value ('2026-11-23T10:00' or with seconds) → '2026-11-23T10:00:00-03:00'. */
export function toOffsetDateTime(local: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?/.exec(local);
  if (!match) return '';
  return `${match[1]}${match[2] ?? ':00'}${saoPauloOffset}`;
}

/** '2026-11-23T10:00:00-03:00' → the datetime-local value '2026-11-23T10:00:00'. */
export function toLocalInput(offset: string): string {
  return offset.slice(0, 19);
}
