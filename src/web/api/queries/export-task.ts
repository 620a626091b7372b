import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Body } from '../../../shared/contract/core.ts';
import { ExportStatus, type ExportSummary, exportTask } from '../../../shared/contract/export-task.ts';
import { callApi, downloadApi } from '../client.ts';

export type ExportListBody = NonNullable<Body<typeof exportTask.listExportTask>>;

/**
 * The caller's own export tasks (the export centre: the header's bell and the Exports screen).
 * Every key starts with 'exportTask', so a started, retried or deleted export refreshes them all.
 * The task's name and error come in the UI language: keys carry the locale.
 */
export const exportTaskKeys = { all: () => ['exportTask'] as const };

/** How often the bell asks while an export of the caller runs, and otherwise. */
const BUSY_MS = 3_000;
const IDLE_MS = 30_000;

export const exportTaskQueries = {
  /** One task, polled while it runs (the list is the caller's own tasks, newest first). */
  task: (recId: number) =>
    queryOptions({
      queryKey: [...exportTaskKeys.all(), 'task', recId] as const,
      queryFn: async ({ signal }) => {
        const page = await callApi(exportTask.listExportTask, { body: { pageNo: 1, pageSize: 20 }, signal });
        return page.records.find((r) => r.recId === recId) ?? null;
      },
    }),
  list: (locale: string, body: ExportListBody) =>
    queryOptions({
      queryKey: [...exportTaskKeys.all(), 'list', locale, body] as const,
      queryFn: ({ signal }) => callApi(exportTask.listExportTask, { body, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) =>
        q.state.data?.records.some(
          (r) => r.status === ExportStatus.waiting || r.status === ExportStatus.running,
        )
          ? BUSY_MS
          : false,
    }),
  summary: (locale: string) =>
    queryOptions({
      queryKey: [...exportTaskKeys.all(), 'summary', locale] as const,
      queryFn: ({ signal }) => callApi(exportTask.summary, { signal, silent: true }),
      refetchInterval: (q) => ((q.state.data as ExportSummary | undefined)?.running ? BUSY_MS : IDLE_MS),
    }),
};

export const exportTaskCalls = {
  markSeen: (ids?: number[]) => callApi(exportTask.markSeen, { body: ids ? { ids } : {}, silent: true }),
  retry: (id: number) => callApi(exportTask.retry, { params: { id } }),
  remove: (id: number) => callApi(exportTask.remove, { params: { id } }),
  download: (id: number) => downloadApi(exportTask.download, { params: { id } }),
};
