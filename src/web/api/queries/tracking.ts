import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { tracking } from '../../../shared/contract/tracking.ts';
import { callApi } from '../client.ts';

export type TrackingSettingFilters = NonNullable<Body<typeof tracking.list>>;

/**
 * Our tracking settings, the standard tracking nodes (the options' tracking tab; a carrier's node
 * is filled from an enabled one). Names follow the UI language: the keys carry the locale.
 */
export const trackingKeys = { all: () => ['trackingSetting'] as const };

export const trackingQueries = {
  list: (locale: string, filters: TrackingSettingFilters) =>
    queryOptions({
      queryKey: [...trackingKeys.all(), 'list', locale, filters] as const,
      queryFn: ({ signal }) => callApi(tracking.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  /** The enabled standard nodes (to fill a carrier node from). */
  enabled: (locale: string) =>
    queryOptions({
      queryKey: [...trackingKeys.all(), 'enabled', locale] as const,
      queryFn: ({ signal }) => callApi(tracking.queryList, { body: {}, signal }),
      staleTime: 60_000,
    }),
};

export const trackingMutations = {
  save: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof tracking.save> & { recId?: number | undefined }) =>
        body.recId === undefined
          ? callApi(tracking.save, { body })
          : callApi(tracking.update, { body: { ...body, recId: body.recId } }),
    }),
};
