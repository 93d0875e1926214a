import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { clampPage } from '@ponte/shared/pagination';

/** The page a `page` query value names: a whole number from 1; anything else is page 1. */
export function pageFromParam(value: string | null): number {
  const parsed = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
}

/** The `page` query value the lists write for a page: none for the first. */
export const pageParamOf = (page: number): string | null => (page > 1 ? String(page) : null);

/** `page` (1-based) and `query` of a list, kept in the URL. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const query = params.get('query') ?? '';

  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          const value = pageParamOf(next);
          if (value) updated.set('page', value);
          else updated.delete('page');
          return updated;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );

  return { page, query, setPage };
}

/**
 * Keeps the list's page within 1..total pages (spec 2 §5 'Imports'): once the list's total is
 * known, a page past the end is replaced in the URL by the last one, and a page that is not a
 * page (`-3`, `0`, `abc`) by the first, the same way.
 */
export function useClampedPage(
  total: number | undefined,
  pageSize: number,
  { page, setPage }: { page: number; setPage: (next: number, options: { replace: true }) => void },
) {
  const [params] = useSearchParams();
  const written = params.get('page');
  useEffect(() => {
    if (total === undefined) return;
    const clamped = clampPage(page, total, pageSize);
    if (clamped !== page || written !== pageParamOf(clamped)) setPage(clamped, { replace: true });
  }, [total, page, pageSize, setPage, written]);
}
