import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { report } from '../../../shared/contract/report.ts';
import { callApi } from '../client.ts';

/**
 * The waybill report (report/waybill; calls under /report). Names (statuses, countries) follow
 * the UI language, so the keys carry the locale.
 */

export type ReportListBody = NonNullable<Body<typeof report.list>>;
export type ReportExportBody = NonNullable<Body<typeof report.listExport>>;
export type ReportDetailBody = NonNullable<Body<typeof report.detail>>;

export const reportKeys = {
  all: () => ['report'] as const,
};

const paged = <B, T>(
  name: string,
  locale: string,
  body: B,
  fetch: (body: B, signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: [...reportKeys.all(), name, locale, body] as const,
    queryFn: ({ signal }) => fetch(body, signal),
    placeholderData: keepPreviousData,
  });

export const reportQueries = {
  report: (locale: string, body: ReportListBody) =>
    paged('report', locale, body, (b, signal) => callApi(report.list, { body: b, signal })),
  reportDetail: (locale: string, body: ReportDetailBody) =>
    paged('report-detail', locale, body, (b, signal) => callApi(report.detail, { body: b, signal })),
};

/** The exports: each starts an export task that ExportAction follows. */
export const reportMutations = {
  reportExport: () =>
    mutationOptions({ mutationFn: (body: ReportExportBody) => callApi(report.listExport, { body }) }),
  reportOrdersExport: () =>
    mutationOptions({ mutationFn: (body: ReportExportBody) => callApi(report.listDetailExport, { body }) }),
  reportRowExport: () =>
    mutationOptions({
      mutationFn: (body: NonNullable<Body<typeof report.detailExport>>) =>
        callApi(report.detailExport, { body }),
    }),
};
