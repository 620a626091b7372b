import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { lading, type ManifestFormat } from '../../../shared/contract/lading.ts';
import { callApi, downloadApi } from '../client.ts';
import { uploadForm } from './upload-form.ts';

export type LadingListBody = NonNullable<Body<typeof lading.list>>;
export type LadingExportBody = NonNullable<Body<typeof lading.export>>;
export type LadingCreateBody = Body<typeof lading.create>;

/**
 * Lading bills on the desktop (ladingBll/manage). Names follow the UI language, so keys carry the
 * locale; every key starts with 'lading', so an operation refreshes the list and the open detail.
 */
export const ladingKeys = {
  all: () => ['lading'] as const,
  detail: (id: number) => ['lading', 'detail', id] as const,
};

export const ladingQueries = {
  list: (locale: string, body: LadingListBody) =>
    queryOptions({
      queryKey: [...ladingKeys.all(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(lading.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (locale: string, id: number) =>
    queryOptions({
      queryKey: [...ladingKeys.detail(id), locale] as const,
      queryFn: ({ signal }) => callApi(lading.detail, { params: { id }, signal }),
    }),
};

/**
 * The operations answer the bill; refusals (409) carry a translated `msg`, which the client shows
 * as a toast unless silent.
 */
export const ladingMutations = {
  create: () =>
    mutationOptions({
      mutationFn: (body: LadingCreateBody) => callApi(lading.create, { body }),
    }),
  confirm: () =>
    mutationOptions({
      mutationFn: (ids: number[]) => callApi(lading.confirm, { body: { ids } }),
    }),
  confirmPickup: () =>
    mutationOptions({
      mutationFn: (id: number) => callApi(lading.confirmPickup, { params: { id }, body: {} }),
    }),
  cancel: () =>
    mutationOptions({
      mutationFn: (id: number) => callApi(lading.cancel, { params: { id }, body: {} }),
    }),
  addRemark: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof lading.remarkAdd>) => callApi(lading.remarkAdd, { body }),
    }),
  mailRetry: () =>
    mutationOptions({
      mutationFn: (id: number) => callApi(lading.mailRetry, { params: { id }, body: {} }),
    }),
};

/**
 * The desk's scan into an open bill (the PDA's, online and one at a time): silent, so the scan box
 * shows the server's translated refusal itself.
 */
export const ladingOps = {
  scan: (id: number, trackingNo: string) =>
    callApi(lading.scanTrackingNo, { params: { id }, body: { trackingNo }, silent: true }),
};

/** Exports start an export task; the import answers the bills it made or refuses with each bad row. */
export const ladingFiles = {
  exportBills: (body: LadingExportBody) => callApi(lading.export, { body }),
  exportClearancePackage: (ids: number[]) => callApi(lading.exportClearancePackage, { body: { ids } }),
  importBills: (file: File) => callApi(lading.import, { form: uploadForm(file), silent: true }),
  template: () => downloadApi(lading.downloadTemplate),
  /** The carrier's handover manifest of a picked-up bill, as a PDF or a sheet. */
  manifest: (id: number, format: ManifestFormat) =>
    downloadApi(lading.manifest, { params: { id }, body: { format } }),
};

/**
 * What /print/printLading (a sheet per bill) and /print/printLadingLabel (a label per bill) draw:
 * made fresh for every visit, not kept once the page is left.
 */
export const ladingPrintQueries = {
  content: (locale: string, ids: number[]) =>
    queryOptions({
      queryKey: ['print', 'lading', locale, ids] as const,
      queryFn: ({ signal }) => callApi(lading.getPrintContent, { body: { ids }, signal }),
      gcTime: 0,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  labels: (locale: string, ids: number[]) =>
    queryOptions({
      queryKey: ['print', 'ladingLabel', locale, ids] as const,
      queryFn: ({ signal }) => callApi(lading.getPrintContentLabel, { body: { ids }, signal }),
      gcTime: 0,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
};

export type ClearanceListBody = NonNullable<Body<typeof lading.listOriginInfo>>;
export type ClearanceExportBody = NonNullable<Body<typeof lading.ladingExport>>;
export type ClearanceDetailBody = { id: number; pageNo: number; pageSize: number; trackingNos?: string };

/** customs/bill-of-lading: clearance bills, their orders, declaration lines and customers. */
export const clearanceQueries = {
  list: (locale: string, body: ClearanceListBody) =>
    queryOptions({
      queryKey: [...ladingKeys.all(), 'clearance', locale, body] as const,
      queryFn: ({ signal }) => callApi(lading.listOriginInfo, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  orders: (locale: string, body: ClearanceDetailBody) =>
    queryOptions({
      queryKey: [...ladingKeys.detail(body.id), 'orders', locale, body] as const,
      queryFn: ({ signal }) => callApi(lading.listDetail, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  goods: (locale: string, body: ClearanceDetailBody) =>
    queryOptions({
      queryKey: [...ladingKeys.detail(body.id), 'goods', locale, body] as const,
      queryFn: ({ signal }) => callApi(lading.listOriginDetail, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  customers: (locale: string, id: number) =>
    queryOptions({
      queryKey: [...ladingKeys.detail(id), 'customers', locale] as const,
      queryFn: ({ signal }) => callApi(lading.ladingCustomer, { body: { id }, signal }),
    }),
};

export const clearanceMutations = {
  updateStatus: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof lading.updateStatus>) => callApi(lading.updateStatus, { body }),
    }),
  updateData: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof lading.updateData>) => callApi(lading.updateData, { body }),
    }),
};

export const clearanceFiles = {
  exportBills: (body: ClearanceExportBody) => callApi(lading.ladingExport, { body }),
  exportGoods: (ids: number[]) => callApi(lading.ladingOriginExport, { body: { ids } }),
  importData: (file: File) => callApi(lading.ladingImport, { form: uploadForm(file), silent: true }),
  invoice: (id: number) => callApi(lading.printInvoice, { body: { id, output: 'pdf' } }),
};
