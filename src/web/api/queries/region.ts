import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { region } from '../../../shared/contract/region.ts';
import { callApi, downloadApi } from '../client.ts';

export type RegionFilters = NonNullable<Body<typeof region.list>>;
export type RegionExportFilters = NonNullable<Body<typeof region.export>>;
export type CustomerRegionFilters = NonNullable<Body<typeof region.customerRegionList>>;

export const regionKeys = {
  all: () => ['region'] as const,
  /** What the address selectors read; invalidated with every status change or import. */
  options: () => [...regionKeys.all(), 'options'] as const,
  list: () => [...regionKeys.all(), 'list'] as const,
  customer: () => [...regionKeys.all(), 'customer'] as const,
};

/** Selector options change rarely; the screens that change them invalidate `regionKeys.all()`. */
const OPTIONS_STALE_MS = 5 * 60_000;

export const regionQueries = {
  /** Enabled countries, named in the UI language (the key carries it: the server answers in it). */
  countries: (locale: string) =>
    queryOptions({
      queryKey: [...regionKeys.options(), locale, 'country'] as const,
      queryFn: ({ signal }) => callApi(region.country, { signal }),
      staleTime: OPTIONS_STALE_MS,
    }),
  /** The enabled children of a region, any level. */
  children: (locale: string, parentId: number) =>
    queryOptions({
      queryKey: [...regionKeys.options(), locale, 'children', parentId] as const,
      queryFn: ({ signal }) => callApi(region.nextCity, { body: { parentId }, signal }),
      staleTime: OPTIONS_STALE_MS,
    }),
  /** The chain of a region, country first (to show or pre-fill an address known by its last region). */
  chain: (locale: string, regionId: number) =>
    queryOptions({
      queryKey: [...regionKeys.options(), locale, 'chain', regionId] as const,
      queryFn: ({ signal }) => callApi(region.getRegionAllSuperior, { body: { regionId }, signal }),
      staleTime: OPTIONS_STALE_MS,
    }),
  /** One page of the regions screen; the previous page stays while the next loads. */
  list: (filters: RegionFilters) =>
    queryOptions({
      queryKey: [...regionKeys.list(), filters] as const,
      queryFn: ({ signal }) => callApi(region.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  customerRegions: (filters: CustomerRegionFilters) =>
    queryOptions({
      queryKey: [...regionKeys.customer(), filters] as const,
      queryFn: ({ signal }) => callApi(region.customerRegionList, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const regionMutations = {
  updateStatus: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof region.updateStatus>) => callApi(region.updateStatus, { body }),
    }),
  /** Imports a file; a refusal's `data.errors` lists the bad rows (the caller shows them). */
  importFile: () =>
    mutationOptions({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return callApi(region.import, { form, silent: true });
      },
    }),
  template: () => mutationOptions({ mutationFn: () => downloadApi(region.template) }),
  exportFile: () =>
    mutationOptions({
      mutationFn: (body: RegionExportFilters) => callApi(region.export, { body }),
    }),
  addCustomerRegion: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof region.customerRegionAdd>) =>
        callApi(region.customerRegionAdd, { body }),
    }),
  updateCustomerRegion: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof region.customerRegionUpdate>) =>
        callApi(region.customerRegionUpdate, { body }),
    }),
};
