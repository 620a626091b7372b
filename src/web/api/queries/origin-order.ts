import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { order } from '../../../shared/contract/order.ts';
import type { ConfirmAddressBody, OriginInput } from '../../../shared/contract/origin-order.ts';
import { originOrder } from '../../../shared/contract/origin-order.ts';
import { callApi, downloadApi } from '../client.ts';
import { uploadForm } from './upload-form.ts';

export type OriginListBody = NonNullable<Body<typeof originOrder.list>>;
export type OriginExportBody = NonNullable<Body<typeof originOrder.exportExtraOrderInfo>>;
export type PushRecordBody = NonNullable<Body<typeof originOrder.pushRecordList>>;
export type CitcListBody = NonNullable<Body<typeof order.citcList>>;

/**
 * Origin (foreign) orders: the lists, one order, push records and CITC records. Channel names and
 * push messages follow the UI language, so the keys carry the locale.
 */
export const originKeys = {
  all: () => ['originOrder'] as const,
  pushRecords: () => [...originKeys.all(), 'push'] as const,
  citc: () => [...originKeys.all(), 'citc'] as const,
};

export const originQueries = {
  list: (locale: string, body: OriginListBody) =>
    queryOptions({
      queryKey: [...originKeys.all(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(originOrder.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (locale: string, id: number) =>
    queryOptions({
      queryKey: [...originKeys.all(), 'detail', locale, id] as const,
      queryFn: ({ signal }) => callApi(originOrder.detail, { body: { id }, signal }),
    }),
  pushRecords: (locale: string, body: PushRecordBody) =>
    queryOptions({
      queryKey: [...originKeys.pushRecords(), locale, body] as const,
      queryFn: ({ signal }) => callApi(originOrder.pushRecordList, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  citc: (locale: string, body: CitcListBody) =>
    queryOptions({
      queryKey: [...originKeys.citc(), locale, body] as const,
      queryFn: ({ signal }) => callApi(order.citcList, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const originMutations = {
  create: () =>
    mutationOptions({
      mutationFn: (body: OriginInput) => callApi(originOrder.create, { body, silent: true }),
    }),
  confirm: () =>
    mutationOptions({
      mutationFn: ({ side, ...body }: ConfirmAddressBody & { side: 'receiver' | 'sender' }) =>
        callApi(side === 'receiver' ? originOrder.confirmReceiverAddress : originOrder.confirmSenderAddress, {
          body,
          silent: true,
        }),
    }),
  /** A refusal of every order answers 409 with the results in data: the caller shows them (no toast). */
  upload: () =>
    mutationOptions({
      mutationFn: (ids: number[]) => callApi(originOrder.uploadOrder, { body: { ids }, silent: true }),
    }),
  /** A refusal's `data.errors` lists the bad rows; the import dialog shows them (no toast). */
  importExtra: () =>
    mutationOptions({
      mutationFn: (file: File) =>
        callApi(originOrder.importExtraOrderOriginInfo, { form: uploadForm(file), silent: true }),
    }),
  extraTemplate: () =>
    mutationOptions({ mutationFn: () => downloadApi(originOrder.downloadExtraInfoTemplate) }),
  /** Reports the chosen CITC records now; answers them with the outcome. */
  reportCitc: () =>
    mutationOptions({
      mutationFn: (ids: number[]) => callApi(order.citcReport, { body: { ids } }),
    }),
  exportExtra: () =>
    mutationOptions({
      mutationFn: (body: OriginExportBody) => callApi(originOrder.exportExtraOrderInfo, { body }),
    }),
};

/**
 * Checked weights of the orders made from origin orders (order/origin/checkedWeightImport): the
 * template of order/importCheck; a refusal's `data.errors` lists the bad rows (no toast).
 */
export const originFiles = {
  importCheckedWeights: (file: File) =>
    callApi(originOrder.checkedWeightImport, { form: uploadForm(file), silent: true }),
  checkTemplate: () => downloadApi(order.downloadCheckFile),
};
