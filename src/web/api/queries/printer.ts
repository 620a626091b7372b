import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { printer } from '../../../shared/contract/printer.ts';
import { callApi } from '../client.ts';

export type PrinterFilters = NonNullable<Body<typeof printer.list>>;

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
  setMyDefault: () =>
    mutationOptions({
      mutationFn: (printerId: number | null) => callApi(printer.setMyDefault, { body: { printerId } }),
    }),
};
