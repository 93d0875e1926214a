import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { pageFromParam } from '../../lib/use-list-params';
import { defaultLogFilters, parseLogFilters, serializeLogFilters } from './log-filters';
import type { LogFilterState } from './log-filters';

/** The logs page's `page` and `filters` (JSON), kept in the URL; a new filter goes to page 1. */
export function useLogFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('filters');
  const filters = useMemo(() => parseLogFilters(raw), [raw]);
  const page = pageFromParam(params.get('page'));

  // The address as last written. The router's functional update reads the params of the last
  // render, so two changes before the next render (De, then Até at once) would lose the first.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);

  const update = useCallback(
    (
      change: (current: URLSearchParams) => URLSearchParams,
      options: { replace?: boolean } = {},
    ) => {
      const next = change(new URLSearchParams(latest.current));
      latest.current = next;
      setParams(next, { replace: options.replace });
    },
    [setParams],
  );

  const setFilters = useCallback(
    (patch: Partial<LogFilterState>) =>
      update((current) => {
        const next = { ...parseLogFilters(current.get('filters')), ...patch };
        const serialized = serializeLogFilters(next);
        if (serialized) current.set('filters', serialized);
        else current.delete('filters');
        current.delete('page');
        return current;
      }),
    [update],
  );

  const resetFilters = useCallback(() => setFilters(defaultLogFilters), [setFilters]);

  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) =>
      update((current) => {
        if (next > 1) current.set('page', String(next));
        else current.delete('page');
        return current;
      }, options),
    [update],
  );

  return { filters, page, setFilters, resetFilters, setPage };
}
