import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { audit } from '../../../shared/contract/audit.ts';
import type { Body } from '../../../shared/contract/core.ts';
import { callApi } from '../client.ts';

export type AuditListBody = NonNullable<Body<typeof audit.list>>;
export type AuditExportBody = NonNullable<Body<typeof audit.export>>;

/** The audit log (System → Audit log): its pages, and its export as an export task. */
export const auditKeys = { all: () => ['audit'] as const };

export const auditQueries = {
  list: (body: AuditListBody) =>
    queryOptions({
      queryKey: [...auditKeys.all(), 'list', body] as const,
      queryFn: ({ signal }) => callApi(audit.list, { body, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const auditMutations = {
  exportFile: () =>
    mutationOptions({ mutationFn: (body: AuditExportBody) => callApi(audit.export, { body }) }),
};
