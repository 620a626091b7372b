import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { cod } from '../../../shared/contract/cod.ts';
import type { Body } from '../../../shared/contract/core.ts';
import { callApi, downloadApi } from '../client.ts';

export type CodListBody = NonNullable<Body<typeof cod.list>>;
export type CodExportBody = NonNullable<Body<typeof cod.export>>;
export type CodApprovalBody = NonNullable<Body<typeof cod.batchApproval>>;

/** COD modifications (report/codModification); status names follow the UI language. */
export const codKeys = {
  all: () => ['cod'] as const,
};

export const codQueries = {
  list: (locale: string, body: CodListBody) =>
    queryOptions({
      queryKey: [...codKeys.all(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(cod.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const codMutations = {
  import: () =>
    mutationOptions({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return callApi(cod.import, { form, silent: true });
      },
    }),
  template: () => mutationOptions({ mutationFn: () => downloadApi(cod.downloadTemplate) }),
  export: () => mutationOptions({ mutationFn: (body: CodExportBody) => callApi(cod.export, { body }) }),
  /** Silent: the screen shows which succeeded and which failed (also on the 409 of none). */
  approve: () =>
    mutationOptions({
      mutationFn: (body: CodApprovalBody) => callApi(cod.batchApproval, { body, silent: true }),
    }),
};
