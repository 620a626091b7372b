import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { closedLoop } from '../../../shared/contract/closed-loop.ts';
import type { Body } from '../../../shared/contract/core.ts';
import { callApi, downloadApi } from '../client.ts';

export type ClosedLoopListBody = NonNullable<Body<typeof closedLoop.list>>;
export type ClosedLoopExportBody = NonNullable<Body<typeof closedLoop.detailExport>>;

/** Closed-loop data (report/closedLoopData); loop state names follow the UI language. */
export const closedLoopKeys = {
  all: () => ['closed-loop'] as const,
};

export const closedLoopQueries = {
  list: (locale: string, body: ClosedLoopListBody) =>
    queryOptions({
      queryKey: [...closedLoopKeys.all(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(closedLoop.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const closedLoopMutations = {
  /** Silent: the import dialog lists each bad row. */
  import: () =>
    mutationOptions({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return callApi(closedLoop.overseasImport, { form, silent: true });
      },
    }),
  template: () => mutationOptions({ mutationFn: () => downloadApi(closedLoop.overseasTemplate) }),
  export: () =>
    mutationOptions({
      mutationFn: (body: ClosedLoopExportBody) => callApi(closedLoop.detailExport, { body }),
    }),
};
