import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { trackingNo } from '../../../shared/contract/tracking-no.ts';
import { callApi, downloadApi } from '../client.ts';

export type PoolFilters = NonNullable<Body<typeof trackingNo.list>>;
export type ImportLogFilters = NonNullable<Body<typeof trackingNo.importLogList>>;

/** The tracking-number pool: its numbers, the stock per carrier, and the imports that filled it. */
export const trackingNoKeys = { all: () => ['trackingNo'] as const };

export const trackingNoQueries = {
  list: (filters: PoolFilters) =>
    queryOptions({
      queryKey: [...trackingNoKeys.all(), 'list', filters] as const,
      queryFn: ({ signal }) => callApi(trackingNo.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  stock: () =>
    queryOptions({
      queryKey: [...trackingNoKeys.all(), 'stock'] as const,
      queryFn: ({ signal }) => callApi(trackingNo.stock, { body: {}, signal }),
    }),
  importLogs: (filters: ImportLogFilters) =>
    queryOptions({
      queryKey: [...trackingNoKeys.all(), 'logs', filters] as const,
      queryFn: ({ signal }) => callApi(trackingNo.importLogList, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const trackingNoMutations = {
  /** A refusal's `data.errors` lists the bad rows; the caller shows them (no toast). */
  importNumbers: () =>
    mutationOptions({
      mutationFn: ({ carrierId, file }: { carrierId: number; file: File }) => {
        const form = new FormData();
        // The text field goes first: the server reads the fields that precede the file.
        form.append('carrierId', String(carrierId));
        form.append('file', file);
        return callApi(trackingNo.import, { form, silent: true });
      },
    }),
  template: () => mutationOptions({ mutationFn: () => downloadApi(trackingNo.downloadTemplate) }),
};
