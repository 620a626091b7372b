import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { statement } from '../../../shared/contract/statement.ts';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { callApi, downloadApi } from '../client.ts';

export type PromptListBody = NonNullable<Body<typeof statement.promptReturnList>>;
export type PromptExportBody = NonNullable<Body<typeof statement.promptReturnExport>>;
export type PromptLogBody = NonNullable<Body<typeof statement.promptLogList>>;

const calls = {
  [PromptKind.delivery]: {
    list: statement.promptDeliveryList,
    export: statement.promptDeliveryExport,
    import: statement.importPromptDelivery,
    template: statement.downloadDeliveryFile,
  },
  [PromptKind.return]: {
    list: statement.promptReturnList,
    export: statement.promptReturnExport,
    import: statement.importPromptReturn,
    template: statement.downloadReturnFile,
  },
};

/** The delivery calls take the return calls' filters but `intercepted`. */
function deliveryBody<B extends { intercepted?: boolean | undefined }>(body: B): Omit<B, 'intercepted'> {
  const { intercepted: _, ...rest } = body;
  return rest;
}

/**
 * Carriers' delivery and return confirmations (report/promptRecord, report/recallRecord) and their
 * import log; names follow the UI language.
 */
export const promptKeys = {
  all: () => ['prompt-record'] as const,
};

export const promptQueries = {
  list: (kind: PromptKind, locale: string, body: PromptListBody) =>
    queryOptions({
      queryKey: [...promptKeys.all(), kind, locale, body] as const,
      queryFn: ({ signal }) =>
        kind === PromptKind.delivery
          ? callApi(calls[kind].list, { body: deliveryBody(body), signal })
          : callApi(calls[kind].list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
  log: (locale: string, body: PromptLogBody) =>
    queryOptions({
      queryKey: [...promptKeys.all(), 'log', locale, body] as const,
      queryFn: ({ signal }) => callApi(statement.promptLogList, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const promptMutations = {
  /** Silent: the import dialog lists each bad row. */
  import: (kind: PromptKind) =>
    mutationOptions({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return callApi(calls[kind].import, { form, silent: true });
      },
    }),
  template: (kind: PromptKind) => mutationOptions({ mutationFn: () => downloadApi(calls[kind].template) }),
  export: (kind: PromptKind) =>
    mutationOptions({
      mutationFn: (body: PromptExportBody) =>
        kind === PromptKind.delivery
          ? callApi(calls[kind].export, { body: deliveryBody(body) })
          : callApi(calls[kind].export, { body }),
    }),
};
