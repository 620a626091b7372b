import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { codCollecting, logisticsBill } from '../../../shared/contract/statement.ts';
import { callApi } from '../client.ts';

/**
 * Statements: the logistics bills and the COD collected (report/logisticsbill, report/collecting;
 * calls under /statement). Names (statuses, countries, cycles) follow the UI language, so the
 * keys carry the locale.
 */

export type BillListBody = NonNullable<Body<typeof logisticsBill.trackingStatementDate>>;
export type BillExportBody = NonNullable<Body<typeof logisticsBill.listExport>>;
export type BillDetailBody = NonNullable<Body<typeof logisticsBill.detail>>;
export type CollectingListBody = NonNullable<Body<typeof codCollecting.collectingList>>;
export type CollectingDetailBody = NonNullable<Body<typeof codCollecting.collectingDetail>>;
export type CollectingExportBody = NonNullable<Body<typeof codCollecting.collectingDetailExport>>;

export const statementKeys = {
  all: () => ['statement'] as const,
};

const paged = <B, T>(
  name: string,
  locale: string,
  body: B,
  fetch: (body: B, signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: [...statementKeys.all(), name, locale, body] as const,
    queryFn: ({ signal }) => fetch(body, signal),
    placeholderData: keepPreviousData,
  });

export const statementQueries = {
  bills: (locale: string, body: BillListBody) =>
    paged('bills', locale, body, (b, signal) =>
      callApi(logisticsBill.trackingStatementDate, { body: b, signal }),
    ),
  bill: (locale: string, body: BillDetailBody) =>
    paged('bill', locale, body, (b, signal) => callApi(logisticsBill.detail, { body: b, signal })),
  collecting: (locale: string, body: CollectingListBody) =>
    paged('collecting', locale, body, (b, signal) =>
      callApi(codCollecting.collectingList, { body: b, signal }),
    ),
  collectingDetail: (locale: string, body: CollectingDetailBody) =>
    paged('collecting-detail', locale, body, (b, signal) =>
      callApi(codCollecting.collectingDetail, { body: b, signal }),
    ),
};

/** The exports: each starts an export task that ExportAction follows. */
export const statementMutations = {
  billsExport: () =>
    mutationOptions({ mutationFn: (body: BillExportBody) => callApi(logisticsBill.listExport, { body }) }),
  billLinesExport: () =>
    mutationOptions({
      mutationFn: (body: BillExportBody) => callApi(logisticsBill.listDetailExport, { body }),
    }),
  billExport: () =>
    mutationOptions({ mutationFn: (id: string) => callApi(logisticsBill.detailExport, { body: { id } }) }),
  collectingExport: () =>
    mutationOptions({
      mutationFn: (body: CollectingExportBody) => callApi(codCollecting.collectingDetailExport, { body }),
    }),
};
