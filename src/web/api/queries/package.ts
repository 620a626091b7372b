import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { pkg } from '../../../shared/contract/package.ts';
import { callApi, downloadApi } from '../client.ts';

export type PackageListBody = NonNullable<Body<typeof pkg.list>>;
export type PackageExportBody = NonNullable<Body<typeof pkg.export>>;

/**
 * Packages (ladingBll/package, ladingBll/merge). Names follow the UI language, so keys carry the
 * locale; every change refreshes every package list and detail (keys start with 'package').
 */
export const packageKeys = {
  all: () => ['package'] as const,
  detail: (id: number) => ['package', 'detail', id] as const,
};

export const packageQueries = {
  list: (locale: string, body: PackageListBody) =>
    queryOptions({
      queryKey: [...packageKeys.all(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(pkg.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (locale: string, id: number) =>
    queryOptions({
      queryKey: [...packageKeys.detail(id), locale] as const,
      queryFn: ({ signal }) => callApi(pkg.detail, { params: { id }, signal }),
    }),
};

export const packageMutations = {
  /** Merge: refusals (409 with the scan's reason) are shown by the screen itself. */
  create: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof pkg.create>) => callApi(pkg.create, { body, silent: true }),
    }),
};

/** Operations run over selected packages: silent, so the screen shows each result (or refusal). */
export const packageOps = {
  /** All or none: a refusal refuses every package (409). */
  confirm: (ids: number[]) => callApi(pkg.confirm, { body: { ids }, silent: true }),
  confirmPickup: (id: number) => callApi(pkg.confirmPickup, { params: { id }, body: {}, silent: true }),
  cancel: (id: number) => callApi(pkg.cancel, { params: { id }, body: {}, silent: true }),
  addRemark: (body: Body<typeof pkg.remarkAdd>) => callApi(pkg.remarkAdd, { body }),
};

/** Exports start an export task. */
export const packageFiles = {
  exportPackages: (body: PackageExportBody) => callApi(pkg.export, { body }),
  exportDetail: (body: PackageExportBody) => callApi(pkg.exportDetail, { body }),
};

/** Packages' labels: a PDF or a .zpl file (package/printLabel), or a print on a network printer. */
export const packageLabels = {
  file: (body: Body<typeof pkg.printLabel>) => downloadApi(pkg.printLabel, { body }),
  print: (body: Body<typeof pkg.printToPrinter>) => callApi(pkg.printToPrinter, { body }),
};
