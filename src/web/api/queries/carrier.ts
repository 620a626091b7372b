import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { carrier } from '../../../shared/contract/carrier.ts';
import type { Body } from '../../../shared/contract/core.ts';
import { depot } from '../../../shared/contract/depot.ts';
import { tracking } from '../../../shared/contract/tracking.ts';
import { trackingNo } from '../../../shared/contract/tracking-no.ts';
import { volumeLimit } from '../../../shared/contract/volume-limit.ts';
import { callApi, downloadApi } from '../client.ts';

export type CarrierFilters = NonNullable<Body<typeof carrier.list>>;
export type TrackingSettingFilters = NonNullable<Body<typeof tracking.list>>;
export type PoolFilters = NonNullable<Body<typeof trackingNo.list>>;
export type ImportLogFilters = NonNullable<Body<typeof trackingNo.importLogList>>;
export type VolumeLimitFilters = NonNullable<Body<typeof volumeLimit.list>>;

/**
 * Carriers and their tracking nodes, our tracking settings, depots, the tracking-number pool and
 * volume limits (the settings screens under /admin/options). Names in answers follow the UI
 * language, so the keys of lists that show names carry the locale.
 */
export const carrierKeys = {
  carriers: () => ['carrier'] as const,
  carrierOptions: () => [...carrierKeys.carriers(), 'options'] as const,
  settings: () => ['trackingSetting'] as const,
  depots: () => ['depot'] as const,
  pool: () => ['trackingNo'] as const,
  limits: () => ['volumeLimit'] as const,
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
  settings: (locale: string, filters: TrackingSettingFilters) =>
    queryOptions({
      queryKey: [...carrierKeys.settings(), 'list', locale, filters] as const,
      queryFn: ({ signal }) => callApi(tracking.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  /** The enabled standard nodes (to fill a carrier node from). */
  enabledSettings: (locale: string) =>
    queryOptions({
      queryKey: [...carrierKeys.settings(), 'enabled', locale] as const,
      queryFn: ({ signal }) => callApi(tracking.queryList, { body: {}, signal }),
      staleTime: 60_000,
    }),
  depots: (locale: string) =>
    queryOptions({
      queryKey: [...carrierKeys.depots(), locale] as const,
      queryFn: ({ signal }) => callApi(depot.list, { body: {}, signal }),
    }),
  pool: (filters: PoolFilters) =>
    queryOptions({
      queryKey: [...carrierKeys.pool(), 'list', filters] as const,
      queryFn: ({ signal }) => callApi(trackingNo.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  stock: () =>
    queryOptions({
      queryKey: [...carrierKeys.pool(), 'stock'] as const,
      queryFn: ({ signal }) => callApi(trackingNo.stock, { body: {}, signal }),
    }),
  importLogs: (filters: ImportLogFilters) =>
    queryOptions({
      queryKey: [...carrierKeys.pool(), 'logs', filters] as const,
      queryFn: ({ signal }) => callApi(trackingNo.importLogList, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  limits: (locale: string, filters: VolumeLimitFilters) =>
    queryOptions({
      queryKey: [...carrierKeys.limits(), 'list', locale, filters] as const,
      queryFn: ({ signal }) => callApi(volumeLimit.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
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
  saveSetting: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof tracking.save> & { recId?: number | undefined }) =>
        body.recId === undefined
          ? callApi(tracking.save, { body })
          : callApi(tracking.update, { body: { ...body, recId: body.recId } }),
    }),
  /** A refusal's `data.errors` lists the bad rows; the caller shows them (no toast). */
  importTrackingNumbers: () =>
    mutationOptions({
      mutationFn: ({ carrierId, file }: { carrierId: number; file: File }) => {
        const form = new FormData();
        // The text field goes first: the server reads the fields that precede the file.
        form.append('carrierId', String(carrierId));
        form.append('file', file);
        return callApi(trackingNo.import, { form, silent: true });
      },
    }),
  trackingNoTemplate: () => mutationOptions({ mutationFn: () => downloadApi(trackingNo.downloadTemplate) }),
  importLimits: () =>
    mutationOptions({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return callApi(volumeLimit.importData, { form, silent: true });
      },
    }),
  limitsTemplate: () =>
    mutationOptions({ mutationFn: () => downloadApi(volumeLimit.checkFile, { body: {} }) }),
  exportLimits: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof volumeLimit.exportData>) => callApi(volumeLimit.exportData, { body }),
    }),
  deleteLimit: () =>
    mutationOptions({
      mutationFn: (id: number) => callApi(volumeLimit.deleteCarrierRegion, { params: { id } }),
    }),
};
