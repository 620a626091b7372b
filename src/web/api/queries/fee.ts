import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { fee } from '../../../shared/contract/fee.ts';
import { callApi } from '../client.ts';

export type FeeDetailListBody = NonNullable<Body<typeof fee.detailList>>;
export type FeeDetailExportBody = NonNullable<Body<typeof fee.exportFeeDetail>>;
export type FeeExceptionListBody = NonNullable<Body<typeof fee.exceptionList>>;
export type FeeExceptionExportBody = NonNullable<Body<typeof fee.exportFeeException>>;

/**
 * Fees (priceManage): fee lines, an order's fee sheet, fee types, fee exceptions. Names follow the
 * UI language, so keys carry the locale; a recalculation refreshes everything under 'fee'.
 */
export const feeKeys = {
  all: () => ['fee'] as const,
};

export const feeQueries = {
  details: (locale: string, body: FeeDetailListBody) =>
    queryOptions({
      queryKey: [...feeKeys.all(), 'details', locale, body] as const,
      queryFn: ({ signal }) => callApi(fee.detailList, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  sheet: (locale: string, orderId: number) =>
    queryOptions({
      queryKey: [...feeKeys.all(), 'sheet', locale, orderId] as const,
      queryFn: async ({ signal }) =>
        (await callApi(fee.feeInfoList, { body: { orderId, pageSize: 1 }, signal })).records[0] ?? null,
    }),
  types: (locale: string) =>
    queryOptions({
      queryKey: [...feeKeys.all(), 'types', locale] as const,
      queryFn: ({ signal }) => callApi(fee.feeTypeSearchList, { body: {}, signal }),
      staleTime: 10 * 60_000,
    }),
  exceptions: (locale: string, body: FeeExceptionListBody) =>
    queryOptions({
      queryKey: [...feeKeys.all(), 'exceptions', locale, body] as const,
      queryFn: ({ signal }) => callApi(fee.exceptionList, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const feeMutations = {
  exportDetails: () =>
    mutationOptions({ mutationFn: (body: FeeDetailExportBody) => callApi(fee.exportFeeDetail, { body }) }),
  exportByTrackingNo: () =>
    mutationOptions({
      mutationFn: (trackingNos: string) => callApi(fee.exportByTrackingNo, { body: { trackingNos } }),
    }),
  exportExceptions: () =>
    mutationOptions({
      mutationFn: (body: FeeExceptionExportBody) => callApi(fee.exportFeeException, { body }),
    }),
  recalculate: () =>
    mutationOptions({ mutationFn: (ids: number[]) => callApi(fee.feeRecalculate, { body: { ids } }) }),
};
