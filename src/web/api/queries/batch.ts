import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { batch } from '../../../shared/contract/batch.ts';
import type { Body } from '../../../shared/contract/core.ts';
import type { ManifestFormat } from '../../../shared/contract/lading.ts';
import { callApi, downloadApi } from '../client.ts';
import { uploadForm } from './upload-form.ts';

export type BatchListBody = NonNullable<Body<typeof batch.list>>;
export type BatchExportBody = NonNullable<Body<typeof batch.export>>;
export type BatchCreateBody = Body<typeof batch.create>;
export type AirCargoBody = Body<typeof batch.airCargoUpdate>;

/**
 * Batches with their air cargo (the Batches tab of ladingBll/manage). Names follow the UI language,
 * so keys carry the locale; every key starts with 'batch', so an operation refreshes the list and
 * the open detail.
 */
export const batchKeys = {
  all: () => ['batch'] as const,
  detail: (id: number) => ['batch', 'detail', id] as const,
};

export const batchQueries = {
  list: (locale: string, body: BatchListBody) =>
    queryOptions({
      queryKey: [...batchKeys.all(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(batch.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (locale: string, id: number) =>
    queryOptions({
      queryKey: [...batchKeys.detail(id), locale] as const,
      queryFn: ({ signal }) => callApi(batch.detail, { params: { id }, signal }),
    }),
};

/**
 * Operations are silent: the screen shows each answer itself (a form's refusal beside its fields,
 * a bill's refusal in its result).
 */
export const batchOps = {
  create: (body: BatchCreateBody) => callApi(batch.create, { body, silent: true }),
  updateAirCargo: (body: AirCargoBody) => callApi(batch.airCargoUpdate, { body, silent: true }),
  /** Several at once, all or none (409 names the batch that may not be picked up). */
  confirmPickupMany: (body: { ids?: number[]; batchNos?: string }) =>
    callApi(batch.confirmPickupBatch, { body, silent: true }),
  confirmPickup: (id: number) => callApi(batch.confirmPickup, { params: { id }, body: {}, silent: true }),
  cancel: (id: number) => callApi(batch.cancel, { params: { id }, body: {}, silent: true }),
  addRemark: (body: Body<typeof batch.remarkAdd>) => callApi(batch.remarkAdd, { body }),
  scanLading: (id: number, trackingNo: string) =>
    callApi(batch.scanLading, { params: { id }, body: { trackingNo }, silent: true }),
};

/** Exports start an export task; imports answer what they made or refuse with each bad row. */
export const batchFiles = {
  exportBatches: (body: BatchExportBody) => callApi(batch.export, { body }),
  exportClearance: (ids: number[]) => callApi(batch.exportClearanceData, { body: { ids } }),
  importBatches: (file: File) => callApi(batch.import, { form: uploadForm(file), silent: true }),
  importAirCargo: (file: File) => callApi(batch.airCargoImport, { form: uploadForm(file), silent: true }),
  template: () => downloadApi(batch.downloadTemplate),
  airCargoTemplate: () => downloadApi(batch.airCargoDownload),
  /** The handover manifest of a picked-up batch, as a PDF or a sheet. */
  manifest: (id: number, format: ManifestFormat) =>
    downloadApi(batch.manifest, { params: { id }, body: { format } }),
};

/** Batches' summary labels: a PDF or a .zpl file (batch/printLabel), or a print on a network printer. */
export const batchLabels = {
  file: (body: Body<typeof batch.printLabel>) => downloadApi(batch.printLabel, { body }),
  print: (body: Body<typeof batch.printToPrinter>) => callApi(batch.printToPrinter, { body }),
};

/** What /print/printBatch draws: made fresh for every visit, not kept once the page is left. */
export const batchPrintQueries = {
  content: (locale: string, ids: number[]) =>
    queryOptions({
      queryKey: ['print', 'batch', locale, ids] as const,
      queryFn: ({ signal }) => callApi(batch.getPrintContent, { body: { ids }, signal }),
      gcTime: 0,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
};
