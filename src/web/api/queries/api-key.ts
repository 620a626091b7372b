import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiKey } from '../../../shared/contract/api-key.ts';
import type { Body } from '../../../shared/contract/core.ts';
import { callApi } from '../client.ts';

export type ApiKeyFilters = NonNullable<Body<typeof apiKey.list>>;

/** API keys (the Developers screen): a customer account's own, or for staff those of one customer. */
export const apiKeyKeys = {
  all: () => ['apiKey'] as const,
};

export const apiKeyQueries = {
  list: (filters: ApiKeyFilters) =>
    queryOptions({
      queryKey: [...apiKeyKeys.all(), 'list', filters] as const,
      queryFn: ({ signal }) => callApi(apiKey.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const apiKeyMutations = {
  /** Answers the key with its secret, which the server never shows again. */
  create: () =>
    mutationOptions({ mutationFn: (body: Body<typeof apiKey.create>) => callApi(apiKey.create, { body }) }),
  revoke: () => mutationOptions({ mutationFn: (id: number) => callApi(apiKey.revoke, { params: { id } }) }),
};
