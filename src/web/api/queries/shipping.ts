import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { shipping } from '../../../shared/contract/shipping.ts';
import { callApi } from '../client.ts';

export type ChannelFilters = NonNullable<Body<typeof shipping.list>>;
export type ChannelSaveBody = Body<typeof shipping.save>;

/**
 * Shipping channels (/admin/options/editChannel and its editor). Country names in answers follow
 * the UI language, so the keys of what shows them carry the locale.
 */
export const shippingKeys = {
  all: () => ['shipping'] as const,
  options: () => [...shippingKeys.all(), 'options'] as const,
};

export const shippingQueries = {
  list: (locale: string, filters: ChannelFilters) =>
    queryOptions({
      queryKey: [...shippingKeys.all(), 'list', locale, filters] as const,
      queryFn: ({ signal }) => callApi(shipping.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  /** One channel with its carriers and price rules. */
  view: (locale: string, shippingId: number) =>
    queryOptions({
      queryKey: [...shippingKeys.all(), 'view', locale, shippingId] as const,
      queryFn: ({ signal }) => callApi(shipping.view, { params: { shippingId }, signal }),
    }),
  /** Channels for pickers (enabled ones unless `includeDisabled`). */
  options: (includeDisabled = false) =>
    queryOptions({
      queryKey: [...shippingKeys.options(), includeDisabled] as const,
      queryFn: ({ signal }) => callApi(shipping.listSimple, { body: { includeDisabled }, signal }),
      staleTime: 60_000,
    }),
  /** The carriers a channel may use; without a channel, every enabled carrier. */
  optionalCarriers: (shippingId?: number) =>
    queryOptions({
      queryKey: [...shippingKeys.all(), 'optionalCarrier', shippingId ?? 0] as const,
      queryFn: ({ signal }) =>
        callApi(shipping.optionalCarrier, { body: shippingId ? { shippingId } : {}, signal }),
    }),
};

export const shippingMutations = {
  save: () =>
    mutationOptions({
      mutationFn: (body: ChannelSaveBody & { recId?: number | undefined }) => {
        const { recId, ...channel } = body;
        return recId === undefined
          ? callApi(shipping.save, { body: channel })
          : callApi(shipping.update, { body: { ...channel, recId } });
      },
    }),
  setEnabled: () =>
    mutationOptions({
      mutationFn: ({ recIds, enabled }: { recIds: number[]; enabled: boolean }) =>
        callApi(enabled ? shipping.enable : shipping.disable, { body: { recIds } }),
    }),
};
