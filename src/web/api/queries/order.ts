import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { order } from '../../../shared/contract/order.ts';
import { callApi, downloadApi } from '../client.ts';
import { uploadForm } from './upload-form.ts';

export type StaffOrderListBody = NonNullable<Body<typeof order.list>>;
export type OrderExportBody = NonNullable<Body<typeof order.exportOrderInfo>>;
export type AbnormalListBody = NonNullable<Body<typeof order.orderAbnormalList>>;
export type AbnormalExportBody = NonNullable<Body<typeof order.exportOrderAbnormal>>;
export type CheckWvBody = Body<typeof order.checkWv>;

/**
 * The staff side of orders (order/list, order/list/{id}, order/scan, customerService/
 * abnormalOrders). Keys start with 'order', as the customer side's do, so a change anywhere
 * refreshes every order list and detail; names follow the UI language, so keys carry the locale.
 */
export const orderKeys = {
  orders: () => ['order'] as const,
  detail: (id: number) => ['order', 'detail', id] as const,
  abnormals: () => ['order', 'abnormal'] as const,
};

export const orderQueries = {
  list: (locale: string, body: StaffOrderListBody) =>
    queryOptions({
      queryKey: [...orderKeys.orders(), 'staff-list', locale, body] as const,
      queryFn: ({ signal }) => callApi(order.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (locale: string, id: number) =>
    queryOptions({
      queryKey: [...orderKeys.detail(id), locale] as const,
      queryFn: ({ signal }) => callApi(order.getOrderDetail, { params: { id }, signal }),
    }),
  statuses: (locale: string) =>
    queryOptions({
      queryKey: [...orderKeys.orders(), 'statuses', locale] as const,
      queryFn: ({ signal }) => callApi(order.orderStatusList, { signal }),
      staleTime: 10 * 60_000,
    }),
  abnormals: (locale: string, body: AbnormalListBody) =>
    queryOptions({
      queryKey: [...orderKeys.abnormals(), locale, body] as const,
      queryFn: ({ signal }) => callApi(order.orderAbnormalList, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const orderMutations = {
  /** Answers per order; when none could be cancelled the 409 carries the results too (shown by the caller). */
  cancel: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof order.cancelOrder>) =>
        callApi(order.cancelOrder, { body, silent: true }),
    }),
  /** Field refusals come back as `data.issues`; the form shows them under the fields. */
  checkWv: () =>
    mutationOptions({
      mutationFn: (body: CheckWvBody) => callApi(order.checkWv, { body, silent: true }),
    }),
  addRemark: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof order.addRemark>) => callApi(order.addRemark, { body }),
    }),
  /** The scan screen shows every answer itself (and plays its sound), refusals included. */
  receive: () =>
    mutationOptions({
      mutationFn: ({
        trackingNo,
        weight,
        depotId,
      }: {
        trackingNo: string;
        weight?: string | undefined;
        depotId?: number | undefined;
      }) => callApi(order.receive, { params: { trackingNo }, body: { weight, depotId }, silent: true }),
    }),
  handleAbnormal: () =>
    mutationOptions({
      mutationFn: ({ id, remark }: { id: number; remark: string }) =>
        callApi(order.cancelOrderAbnormal, { params: { id }, body: { remark } }),
    }),
  abnormalImages: () =>
    mutationOptions({
      mutationFn: ({ id, images }: { id: number; images: string[] }) =>
        callApi(order.abnormalImages, { params: { id }, body: { images } }),
    }),
};

/**
 * Operations the screens run over several selected orders one at a time: silent, so the screen
 * shows each order's result (or refusal) itself.
 */
export const orderOps = {
  intercept: (id: number, reason?: string) =>
    callApi(order.interceptOrder, { params: { id }, body: { reason }, silent: true }),
  cancelIntercept: (id: number) =>
    callApi(order.cancelOrderIntercept, { params: { id }, body: {}, silent: true }),
  setInterceptResult: (body: Body<typeof order.setInterceptOrderResult>) =>
    callApi(order.setInterceptOrderResult, { body, silent: true }),
};

/** Exports start an export task; imports answer the rows written or refuse with `data.errors`. */
export const orderFiles = {
  exportOrders: (body: OrderExportBody) => callApi(order.exportOrderInfo, { body }),
  exportGoods: (body: OrderExportBody) => callApi(order.exportOrderGoodsInfo, { body }),
  exportClearance: (body: OrderExportBody) => callApi(order.exportClearanceData, { body }),
  exportAbnormals: (body: AbnormalExportBody) => callApi(order.exportOrderAbnormal, { body }),
  importCheck: (file: File) => callApi(order.importCheck, { form: uploadForm(file), silent: true }),
  importClearance: (file: File) => callApi(order.importClearance, { form: uploadForm(file), silent: true }),
  checkTemplate: () => downloadApi(order.downloadCheckFile),
  clearanceTemplate: () => downloadApi(order.downloadClearanceFile),
};
