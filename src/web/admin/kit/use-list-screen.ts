import { useLingui } from '@lingui/react';
import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListSort, SortOrder } from '../../../shared/domain/list-sort.ts';
import { compact, DEFAULT_PAGE_SIZE } from './search.ts';

/** The URL's part every list shares (kit/search.ts listSearchFields). */
export interface ListSearch {
  pageNo?: number | undefined;
  pageSize?: number | undefined;
  sortBy?: string | undefined;
  sortOrder?: SortOrder | undefined;
}

/** A list request's paging and sort. */
export interface PageRequest<K extends string = string> extends ListSort<K> {
  pageNo: number;
  pageSize: number;
}

/** A list screen's query, shared by its route's loader and its `useListScreen`. */
export interface ListSpec<
  S extends ListSearch,
  F extends object,
  D extends PageData,
  QK extends QueryKey,
  K extends string = never,
> {
  filtersOf: (search: S) => F;
  query: (request: F & PageRequest<K>, locale: string) => UseQueryOptions<D, Error, D, QK>;
  /** The list's sort keys (LIST_SORTS): a sort the URL names among others is not sent. */
  sorts?: readonly K[];
  defaultPageSize?: number;
}

/** Names a list's spec with its types inferred (`export const ladingList = listSpec({...})`). */
export const listSpec = <
  S extends ListSearch,
  F extends object,
  D extends PageData,
  QK extends QueryKey,
  K extends string = never,
>(
  spec: ListSpec<S, F, D, QK, K>,
): ListSpec<S, F, D, QK, K> => spec;

/** The request of the list the URL shows: its filters, page, page size and (allowed) sort. */
export function listRequest<S extends ListSearch, F extends object, K extends string>(
  spec: {
    filtersOf: (search: S) => F;
    sorts?: readonly K[] | undefined;
    defaultPageSize?: number | undefined;
  },
  search: S,
): F & PageRequest<K> {
  const sorts: readonly string[] = spec.sorts ?? [];
  const sort: ListSort<K> =
    search.sortBy && sorts.includes(search.sortBy)
      ? { sortBy: search.sortBy as K, sortOrder: search.sortOrder ?? 'desc' }
      : {};
  return {
    ...spec.filtersOf(search),
    pageNo: search.pageNo ?? 1,
    pageSize: search.pageSize ?? spec.defaultPageSize ?? DEFAULT_PAGE_SIZE,
    ...sort,
  };
}

type Navigate<S> = (opts: { search: (prev: S) => S; replace?: boolean }) => unknown;

interface RouteLike<S> {
  useSearch: () => S;
  useNavigate: () => unknown;
}

/**
 * A list screen over its route's validated search (filters, page, page size and sort live in the
 * URL, so a reload or a link shows the same list) and its domain's query factory: the query of the
 * page, the table's props, the selection, and what the filter form and the toolbar call.
 * `filtersOf` picks the filters among the URL's values; `keep` names URL values a new search keeps
 * (the tab a list sits in). The request carries the sort only when the list allows it, so an old
 * link's sort is ignored rather than refused. `filtersOf`, `query`, `sorts` and `defaultPageSize`
 * are the list's spec (kit/route-data.tsx `listSpec`), which its route's loader (`listData`) loads
 * before the screen renders; the screen keeps `useQuery` so that another page keeps the rows shown.
 */
/** One page of a list as the server answers it. */
export interface PageData {
  records: unknown[];
  total: number;
  totalCapped?: boolean | undefined;
}

export function useListScreen<
  S extends ListSearch,
  F extends object,
  D extends PageData,
  QK extends QueryKey,
  K extends string = never,
>({
  route,
  filtersOf,
  query,
  sorts = [],
  keep = [],
  selectable = true,
  defaultPageSize = DEFAULT_PAGE_SIZE,
}: {
  route: RouteLike<S>;
  /** The list's sort keys (LIST_SORTS): a sort the URL names among others is not sent. */
  sorts?: readonly K[];
  filtersOf: (search: NoInfer<S>) => F;
  query: (request: F & PageRequest<K>, locale: string) => UseQueryOptions<D, Error, D, QK>;
  keep?: readonly (keyof S)[];
  /** Rows may be selected for the toolbar's operations and exports. */
  selectable?: boolean;
  defaultPageSize?: number;
}) {
  const search = route.useSearch();
  const navigate = route.useNavigate() as Navigate<S>;
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const filters = filtersOf(search);
  const request = listRequest({ filtersOf: () => filters, sorts, defaultPageSize }, search);
  const { pageNo, pageSize } = request;
  const sort: ListSort<K> = request.sortBy ? { sortBy: request.sortBy, sortOrder: request.sortOrder } : {};
  const options = query(request, i18n.locale);
  const list = useQuery(options);
  type R = D['records'][number];
  const [selected, setSelected] = useState<R[]>([]);

  const go = (change: (prev: S) => S, replace?: boolean) => void navigate({ search: change, replace });

  /** Puts the submitted filters into the URL (from page 1), keeping the page size, sort and `keep`. */
  const onSearch = (values: Partial<F>) => {
    setSelected([]);
    go((prev) => {
      const kept: Record<string, unknown> = {};
      for (const k of keep) kept[k as string] = prev[k];
      return compact({
        ...kept,
        ...values,
        pageSize: prev.pageSize,
        sortBy: prev.sortBy,
        sortOrder: prev.sortOrder,
      }) as unknown as S;
    });
  };

  /** Reloads every list and detail of the domain (its query keys' first part) and clears the selection. */
  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: options.queryKey.slice(0, 1) });
  };

  const { pageNo: _n, pageSize: _s, sortBy: _b, sortOrder: _o, ...values } = search;

  return {
    search,
    /** The URL's values without the page and sort (what a filter form shows). */
    values: values as Omit<S, keyof ListSearch>,
    filters,
    list,
    selected,
    setSelected,
    onSearch,
    refresh,
    /** Changes other URL values (an open drawer, a tab). */
    navigate: go,
    table: {
      answer: list.data,
      loading: list.isFetching,
      pageNo,
      pageSize,
      sort,
      ...(selectable ? { selected, onSelect: setSelected } : {}),
      onChange: (next: { pageNo: number; pageSize: number; sort: ListSort }) =>
        go(
          (prev) =>
            compact({
              ...(prev as Record<string, unknown>),
              pageNo: next.pageNo === 1 ? undefined : next.pageNo,
              pageSize: next.pageSize === defaultPageSize ? undefined : next.pageSize,
              sortBy: next.sort.sortBy,
              sortOrder: next.sort.sortBy ? next.sort.sortOrder : undefined,
            }) as unknown as S,
        ),
    },
  };
}
