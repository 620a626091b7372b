import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { analysis } from '../../../shared/contract/analysis.ts';
import type { Body } from '../../../shared/contract/core.ts';
import { callApi } from '../client.ts';

export type StatisticsBody = NonNullable<Body<typeof analysis.statistics>>;
export type AnalysisFiltersBody = NonNullable<Body<typeof analysis.exception>>;
export type ExceptionDetailBody = NonNullable<Body<typeof analysis.exceptionDetail>>;
export type ExceptionDetailExportBody = NonNullable<Body<typeof analysis.exportExceptionDetail>>;

/** Order analysis (report/analysis); names in the answers follow the UI language, so keys carry it. */
export const analysisKeys = {
  all: () => ['analysis'] as const,
};

export const analysisQueries = {
  statistics: (locale: string, body: StatisticsBody) =>
    queryOptions({
      queryKey: [...analysisKeys.all(), 'statistics', locale, body] as const,
      queryFn: ({ signal }) => callApi(analysis.statistics, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  exception: (locale: string, body: AnalysisFiltersBody) =>
    queryOptions({
      queryKey: [...analysisKeys.all(), 'exception', locale, body] as const,
      queryFn: ({ signal }) => callApi(analysis.exception, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  exceptionDetail: (locale: string, body: ExceptionDetailBody) =>
    queryOptions({
      queryKey: [...analysisKeys.all(), 'exception-detail', locale, body] as const,
      queryFn: ({ signal }) => callApi(analysis.exceptionDetail, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  orderAnalysis: (locale: string, body: AnalysisFiltersBody) =>
    queryOptions({
      queryKey: [...analysisKeys.all(), 'order-analysis', locale, body] as const,
      queryFn: ({ signal }) => callApi(analysis.orderAnalysis, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const analysisMutations = {
  exportStatistics: () =>
    mutationOptions({ mutationFn: (body: StatisticsBody) => callApi(analysis.exportStatistics, { body }) }),
  exportException: () =>
    mutationOptions({
      mutationFn: (body: AnalysisFiltersBody) => callApi(analysis.exportException, { body }),
    }),
  exportOrderAnalysis: () =>
    mutationOptions({
      mutationFn: (body: AnalysisFiltersBody) => callApi(analysis.exportOrderAnalysis, { body }),
    }),
  exportExceptionDetail: () =>
    mutationOptions({
      mutationFn: (body: ExceptionDetailExportBody) => callApi(analysis.exportExceptionDetail, { body }),
    }),
};
