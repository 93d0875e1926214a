import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

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
