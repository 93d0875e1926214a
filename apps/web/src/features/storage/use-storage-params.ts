import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { normaliseStoragePath } from '@ponte/shared/storage.schema';
import { pageFromParam, pageParamOf } from '../../lib/use-list-params';

/** A path from the URL, normalised; one that breaks the path rules is the root. */
export function pathFromUrl(value: string | null): string {
  try {
    return normaliseStoragePath(value ?? '/');
  } catch {
    return '/';
  }
}

/**
 * The storage screen's state in the URL query (spec 2 §2): `path` (default '/'), `search` and
 * `page` (1-based, like the other lists).
 */
export function useStorageParams() {
  const [params, setParams] = useSearchParams();
  const path = pathFromUrl(params.get('path'));
  const search = (params.get('search') ?? '').trim();
  const page = pageFromParam(params.get('page'));

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  /** Enters a folder: a new path leaves the search and goes back to page 1. */
  const openFolder = useCallback(
    (next: string) => update({ path: next === '/' ? null : next, search: null, page: null }),
    [update],
  );
  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) =>
      update({ page: pageParamOf(next) }, options.replace),
    [update],
  );

  return { path, search, page, openFolder, setPage };
}
