import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../client.ts';
import { wire } from '../wire-endpoints.ts';

/** Query options of the auth domain; keys start with the domain, then the contract entry. */
export const authQueries = {
  all: () => ['auth'] as const,
  /** The logged-in user as the server sees it now (restores and checks a stored session). */
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'me'] as const,
      queryFn: ({ signal }) => callApi(wire.auth.me, { signal }),
    }),
};
