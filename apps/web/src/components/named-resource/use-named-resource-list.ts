import type { UseQueryResult } from '@tanstack/react-query';
import { useSelectedGroup } from '../../lib/groups/selected-group';
import { useClampedPage, useListParams } from '../../lib/use-list-params';

/** What every list of a named workspace resource asks the server: a page, a search, a group. */
export interface NamedResourceListParams {
  page: number;
  query: string;
  /** The group chosen in the header; '' for every group. */
  group: string;
}

/** A list endpoint's hook: one page of `{items, total}` for its params. */
type ListHook<P, T> = (params: P) => UseQueryResult<{ items: T[]; total: number }>;

/**
 * The state of a list page of a named resource (flows, forms, queues, dashboards, tables,
 * connectors, alert rules): `page` and `query` from the URL, the header's group, the list
 * query with those (and any `extra` filter the page adds), the page kept within the total,
 * and whether a search or a group narrows the list.
 */
export function useNamedResourceList<T, E extends object = Record<never, never>>(
  useList: ListHook<NamedResourceListParams & E, T>,
  pageSize: number,
  extra?: E,
) {
  const params = useListParams();
  const { page, query, setPage } = params;
  const [group] = useSelectedGroup();
  const list = useList({ page, query, group, ...(extra as E) });
  useClampedPage(list.data?.total, pageSize, params);
  return {
    page,
    query,
    group,
    setPage,
    pageSize,
    data: list.data,
    isPending: list.isPending,
    error: list.isError ? list.error : null,
    filtered: Boolean(query || group),
  };
}

/** What a list page hands to `NamedResourceList` from `useNamedResourceList`. */
export type NamedResourceListState<T> = ReturnType<typeof useNamedResourceList<T>>;
