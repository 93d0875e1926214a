import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { defaultLogFilters, parseLogFilters, serializeLogFilters } from './log-filters';
import type { LogFilterState } from './log-filters';

/** The logs page's `page` and `filters` (JSON), kept in the URL; a new filter goes to page 1. */
export function useLogFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('filters');
  const filters = useMemo(() => parseLogFilters(raw), [raw]);
  const parsedPage = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(parsedPage) && parsedPage > 0 ? parsedPage : 1;

  const setFilters = useCallback(
    (patch: Partial<LogFilterState>) =>
      setParams((current) => {
        const next = { ...parseLogFilters(current.get('filters')), ...patch };
        const updated = new URLSearchParams(current);
        const serialized = serializeLogFilters(next);
        if (serialized) updated.set('filters', serialized);
        else updated.delete('filters');
        updated.delete('page');
        return updated;
      }),
    [setParams],
  );

  const resetFilters = useCallback(() => setFilters(defaultLogFilters), [setFilters]);

  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: options.replace },
      ),
    [setParams],
  );

  return { filters, page, setFilters, resetFilters, setPage };
}
