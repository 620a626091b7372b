import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { volumeLimit } from '../../../shared/contract/volume-limit.ts';
import { callApi, downloadApi } from '../client.ts';

export type VolumeLimitFilters = NonNullable<Body<typeof volumeLimit.list>>;

/** Order volume limits per carrier region (the options' volume limit tab). Names follow the UI language. */
export const volumeLimitKeys = { all: () => ['volumeLimit'] as const };

export const volumeLimitQueries = {
  list: (locale: string, filters: VolumeLimitFilters) =>
    queryOptions({
      queryKey: [...volumeLimitKeys.all(), 'list', locale, filters] as const,
      queryFn: ({ signal }) => callApi(volumeLimit.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const volumeLimitMutations = {
  importFile: () =>
    mutationOptions({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return callApi(volumeLimit.importData, { form, silent: true });
      },
    }),
  template: () => mutationOptions({ mutationFn: () => downloadApi(volumeLimit.checkFile, { body: {} }) }),
  exportFile: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof volumeLimit.exportData>) => callApi(volumeLimit.exportData, { body }),
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: number) => callApi(volumeLimit.deleteCarrierRegion, { params: { id } }),
    }),
};
