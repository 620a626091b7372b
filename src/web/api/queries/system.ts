import { queryOptions } from '@tanstack/react-query';
import { system } from '../../../shared/contract/system.ts';
import { callApi } from '../client.ts';

export const systemQueries = {
  all: () => ['system'] as const,
  /** The caller's menu entries, buttons (type 3) included; names in the request's language. */
  userMenus: () =>
    queryOptions({
      queryKey: [...systemQueries.all(), 'getUserMenus'] as const,
      queryFn: ({ signal }) => callApi(system.getUserMenus, { signal }),
      staleTime: 5 * 60_000,
    }),
  /** Every menu entry, for the role editor. */
  allMenus: () =>
    queryOptions({
      queryKey: [...systemQueries.all(), 'getAllMenus'] as const,
      queryFn: ({ signal }) => callApi(system.getAllMenus, { signal }),
    }),
};
