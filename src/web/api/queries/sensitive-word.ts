import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { sensitiveWord } from '../../../shared/contract/sensitive-word.ts';
import { callApi } from '../client.ts';

export type SensitiveWordFilters = NonNullable<Body<typeof sensitiveWord.query>>;

export const sensitiveWordKeys = { all: () => ['sensitiveWord'] as const };

export const sensitiveWordQueries = {
  list: (filters: SensitiveWordFilters) =>
    queryOptions({
      queryKey: [...sensitiveWordKeys.all(), 'list', filters] as const,
      queryFn: ({ signal }) => callApi(sensitiveWord.query, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const sensitiveWordMutations = {
  add: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof sensitiveWord.add>) => callApi(sensitiveWord.add, { body }),
    }),
  update: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof sensitiveWord.update>) => callApi(sensitiveWord.update, { body }),
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (recId: number) => callApi(sensitiveWord.delete, { body: { recId } }),
    }),
};
