import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { order } from '../../../shared/contract/order.ts';
import { shipping } from '../../../shared/contract/shipping.ts';
import { callApi, downloadApi } from '../client.ts';

export type OrderListBody = NonNullable<Body<typeof order.list>>;
export type OrderImportLogBody = NonNullable<Body<typeof order.importLogList>>;
export type OrderCreateBody = Body<typeof order.create>;
export type OrderExportBody = NonNullable<Body<typeof order.exportOrderInfo>>;

/**
 * The customer's side of orders (user/order/...): entry, import and its records, the list and the
 * detail. Names in answers follow the UI language, so the keys of what shows them carry the locale.
 */
export const customerOrderKeys = {
  orders: () => ['order'] as const,
  imports: () => ['order', 'imports'] as const,
};

export const customerOrderQueries = {
  list: (locale: string, body: OrderListBody) =>
    queryOptions({
      queryKey: [...customerOrderKeys.orders(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(order.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (locale: string, id: number) =>
    queryOptions({
      queryKey: [...customerOrderKeys.orders(), 'detail', locale, id] as const,
      queryFn: ({ signal }) => callApi(order.getOrderDetail, { params: { id }, signal }),
    }),
  statuses: (locale: string) =>
    queryOptions({
      queryKey: [...customerOrderKeys.orders(), 'statuses', locale] as const,
      queryFn: ({ signal }) => callApi(order.orderStatusList, { signal }),
      staleTime: 10 * 60_000,
    }),
  /**
   * The channels an order may be entered with: a customer account's assigned ones; for staff those
   * of the customer `customerId` they enter it for (every enabled one without it).
   */
  channels: (locale: string, customerId?: number) =>
    queryOptions({
      queryKey: [...customerOrderKeys.orders(), 'channels', locale, customerId ?? null] as const,
      queryFn: ({ signal }) =>
        callApi(shipping.getShippingsByUser, { query: customerId ? { customerId } : {}, signal }),
      staleTime: 60_000,
    }),
  importLogs: (body: OrderImportLogBody) =>
    queryOptions({
      queryKey: [...customerOrderKeys.imports(), body] as const,
      queryFn: ({ signal }) => callApi(order.importLogList, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const customerOrderMutations = {
  /** Field refusals come back as `data.issues`; the form shows them under the fields (no toast). */
  create: () =>
    mutationOptions({
      mutationFn: (body: OrderCreateBody) => callApi(order.create, { body, silent: true }),
    }),
  /** A refusal's `data.errors` lists the bad rows; the caller shows them. */
  importOrders: () =>
    mutationOptions({
      mutationFn: ({ file, customerId }: { file: File; customerId?: number | undefined }) => {
        const form = new FormData();
        // The text field goes first: the server reads the fields that precede the file.
        if (customerId !== undefined) form.append('customerId', String(customerId));
        form.append('file', file);
        return callApi(order.importOrder, { form, silent: true });
      },
    }),
  template: () =>
    mutationOptions({
      mutationFn: () => downloadApi(order.downloadFile, { query: { name: 'order' } }),
    }),
  addRemark: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof order.addRemark>) => callApi(order.addRemark, { body }),
    }),
  /** The customer's own orders the list's filters select (or the selected ones) as an export task. */
  exportOrders: () =>
    mutationOptions({
      mutationFn: (body: OrderExportBody) => callApi(order.exportOrderInfo, { body }),
    }),
};
