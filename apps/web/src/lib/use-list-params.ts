import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { clampPage } from '@ponte/shared/pagination';

/** `page` (1-based) and `query` of a list, kept in the URL. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
  const query = params.get('query') ?? '';

  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
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
 * known, a page past the end is replaced in the URL by the last one.
 */
export function useClampedPage(
  total: number | undefined,
  pageSize: number,
  { page, setPage }: Pick<ReturnType<typeof useListParams>, 'page' | 'setPage'>,
) {
  useEffect(() => {
    if (total === undefined) return;
    const clamped = clampPage(page, total, pageSize);
    if (clamped !== page) setPage(clamped, { replace: true });
  }, [total, page, pageSize, setPage]);
}
