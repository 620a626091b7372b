import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { codCollecting } from '../../../shared/contract/cod-collecting.ts';
import type { Body } from '../../../shared/contract/core.ts';
import { logisticsBill } from '../../../shared/contract/logistics-bill.ts';
import { report } from '../../../shared/contract/waybill-report.ts';
import { callApi } from '../client.ts';

/**
 * The waybill report, logistics bills and COD collected (report/waybill, report/logisticsbill,
 * report/collecting). Names (statuses, countries, cycles) follow the UI language, so the keys
 * carry the locale.
 */

export type ReportListBody = NonNullable<Body<typeof report.list>>;
export type ReportExportBody = NonNullable<Body<typeof report.listExport>>;
export type ReportDetailBody = NonNullable<Body<typeof report.detail>>;
export type BillListBody = NonNullable<Body<typeof logisticsBill.trackingStatementDate>>;
export type BillExportBody = NonNullable<Body<typeof logisticsBill.listExport>>;
export type BillDetailBody = NonNullable<Body<typeof logisticsBill.detail>>;
export type CollectingListBody = NonNullable<Body<typeof codCollecting.collectingList>>;
export type CollectingDetailBody = NonNullable<Body<typeof codCollecting.collectingDetail>>;
export type CollectingExportBody = NonNullable<Body<typeof codCollecting.collectingDetailExport>>;

export const billingKeys = {
  all: () => ['billing'] as const,
};

const paged = <B, T>(
  name: string,
  locale: string,
  body: B,
  fetch: (body: B, signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: [...billingKeys.all(), name, locale, body] as const,
    queryFn: ({ signal }) => fetch(body, signal),
    placeholderData: keepPreviousData,
  });

export const billingQueries = {
  report: (locale: string, body: ReportListBody) =>
    paged('report', locale, body, (b, signal) => callApi(report.list, { body: b, signal })),
  reportDetail: (locale: string, body: ReportDetailBody) =>
    paged('report-detail', locale, body, (b, signal) => callApi(report.detail, { body: b, signal })),
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
export const billingMutations = {
  reportExport: () =>
    mutationOptions({ mutationFn: (body: ReportExportBody) => callApi(report.listExport, { body }) }),
  reportOrdersExport: () =>
    mutationOptions({ mutationFn: (body: ReportExportBody) => callApi(report.listDetailExport, { body }) }),
  reportRowExport: () =>
    mutationOptions({
      mutationFn: (body: NonNullable<Body<typeof report.detailExport>>) =>
        callApi(report.detailExport, { body }),
    }),
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
