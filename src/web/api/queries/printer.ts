import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { order } from '../../../shared/contract/order.ts';
import { PrintStatus, printer } from '../../../shared/contract/printer.ts';
import { callApi, downloadApi } from '../client.ts';

export type PrinterFilters = NonNullable<Body<typeof printer.list>>;
export type PrintFilters = NonNullable<Body<typeof printer.prints>>;

/** Label printers (the settings screen) and the print dialogs' choice of printer. */
export const printerKeys = {
  all: () => ['printer'] as const,
  options: () => [...printerKeys.all(), 'options'] as const,
};

export const printerQueries = {
  list: (filters: PrinterFilters) =>
    queryOptions({
      queryKey: [...printerKeys.all(), 'list', filters] as const,
      queryFn: ({ signal }) => callApi(printer.list, { body: filters, signal }),
      placeholderData: keepPreviousData,
    }),
  /** The caller's own prints by id (what a print dialog sent), polled while one is still queued. */
  myPrints: (ids: number[]) =>
    queryOptions({
      queryKey: [...printerKeys.all(), 'myPrints', ids] as const,
      queryFn: ({ signal }) => callApi(printer.myPrints, { body: { ids }, signal }),
      enabled: ids.length > 0,
      refetchInterval: (q) => (q.state.data?.some((r) => r.status === PrintStatus.queued) ? 2000 : false),
    }),
  /** Everyone's prints (the Prints screen), polled while one on the page is still queued. */
  prints: (filters: PrintFilters) =>
    queryOptions({
      queryKey: [...printerKeys.all(), 'prints', filters] as const,
      queryFn: ({ signal }) => callApi(printer.prints, { body: filters, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) =>
        q.state.data?.records.some((r) => r.status === PrintStatus.queued) ? 3000 : false,
    }),
  options: () =>
    queryOptions({
      queryKey: printerKeys.options(),
      queryFn: ({ signal }) => callApi(printer.options, { body: {}, signal }),
      staleTime: 30_000,
    }),
};

export const printerMutations = {
  save: () =>
    mutationOptions({ mutationFn: (body: Body<typeof printer.save>) => callApi(printer.save, { body }) }),
  remove: () =>
    mutationOptions({ mutationFn: (recId: number) => callApi(printer.delete, { body: { recId } }) }),
  printOrderLabels: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof printer.printOrderLabels>) =>
        callApi(printer.printOrderLabels, { body }),
    }),
  printLadingLabels: () =>
    mutationOptions({
      mutationFn: (body: Body<typeof printer.printLadingLabels>) =>
        callApi(printer.printLadingLabels, { body }),
    }),
  retryPrint: () =>
    mutationOptions({
      mutationFn: (recId: number) => callApi(printer.retryPrint, { body: { recId } }),
    }),
  setMyDefault: () =>
    mutationOptions({
      mutationFn: (printerId: number | null) => callApi(printer.setMyDefault, { body: { printerId } }),
    }),
};

/** Orders' labels as a .zpl file, for a printer attached to this PC. */
export const orderLabelsZpl = (body: Body<typeof order.printLabelZpl>) =>
  downloadApi(order.printLabelZpl, { body });
