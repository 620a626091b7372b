import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { carrier } from '../../../shared/contract/carrier.ts';
import type { Body } from '../../../shared/contract/core.ts';
import { callApi } from '../client.ts';

export type CarrierFilters = NonNullable<Body<typeof carrier.list>>;

/**
 * Carriers and their tracking nodes (the carriers screen, and the carrier pickers). Names in
 * answers follow the UI language, so the keys of lists that show names carry the locale.
 */
export const carrierKeys = {
  carriers: () => ['carrier'] as const,
  carrierOptions: () => [...carrierKeys.carriers(), 'options'] as const,
};

export const carrierQueries = {
  list: (locale: string, filters: CarrierFilters) =>
    queryOptions({
      queryKey: [...carrierKeys.carriers(), 'list', locale, filters] as const,
      queryFn: ({ signal }) => callApi(carrier.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  /** One carrier with its tracking nodes. */
  view: (locale: string, carrierId: number) =>
    queryOptions({
      queryKey: [...carrierKeys.carriers(), 'view', locale, carrierId] as const,
      queryFn: ({ signal }) => callApi(carrier.view, { params: { carrierId }, signal }),
    }),
  /** Enabled carriers for pickers. */
  options: () =>
    queryOptions({
      queryKey: carrierKeys.carrierOptions(),
      queryFn: ({ signal }) => callApi(carrier.listSimple, { body: {}, signal }),
      staleTime: 60_000,
    }),
};

export const carrierMutations = {
  saveCarrier: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof carrier.save> & { recId?: number | undefined }) =>
        body.recId === undefined
          ? callApi(carrier.save, { body })
          : callApi(carrier.update, { body: { ...body, recId: body.recId } }),
    }),
  saveNode: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof carrier.saveTrackingNode> & { recId?: number | undefined }) => {
        const { recId, carrierId, ...node } = body;
        return recId === undefined
          ? callApi(carrier.saveTrackingNode, { body: { carrierId, ...node } })
          : callApi(carrier.updateTrackingNode, { body: { recId, ...node } });
      },
    }),
  deleteNode: () =>
    mutationOptions({
      mutationFn: (id: number) => callApi(carrier.deleteTrackingNode, { params: { id } }),
    }),
};
