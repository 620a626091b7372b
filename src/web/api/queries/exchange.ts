import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { exchange } from '../../../shared/contract/exchange.ts';
import { callApi } from '../client.ts';

export type ExchangeListBody = NonNullable<Body<typeof exchange.scanList>>;
export type ExchangeExportBody = NonNullable<Body<typeof exchange.scanExport>>;

/**
 * Exchange (relabel) records on the desk (the Exchange scans tab of ladingBll/overseas). Names follow
 * the UI language, so keys carry the locale; a desk scan refreshes every key under 'exchange'.
 */
export const exchangeKeys = {
  all: () => ['exchange'] as const,
};

export const exchangeQueries = {
  list: (locale: string, body: ExchangeListBody) =>
    queryOptions({
      queryKey: [...exchangeKeys.all(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(exchange.scanList, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

/** The desk's exchange scan, online only: silent, the screen shows the relabel or the refusal. */
export const exchangeOps = {
  scan: (trackingNo: string) => callApi(exchange.scan, { params: { trackingNo }, silent: true }),
  scanCombined: (trackingNo: string) =>
    callApi(exchange.scanCombined, { params: { trackingNo }, silent: true }),
};

export const exchangeFiles = {
  exportRecords: (body: ExchangeExportBody) => callApi(exchange.scanExport, { body }),
};
