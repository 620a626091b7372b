import { z } from 'zod';
import { call, endpoint, fileOf, id, idParams, isoTime, listRequest, optionalText, pageOf } from './core.ts';

/** 0 waiting, 1 running, 2 done, 3 failed, 4 expired (the file is no longer kept). */
export const ExportStatus = { waiting: 0, running: 1, done: 2, failed: 3, expired: 4 } as const;

export const exportTaskRecord = z.object({
  recId: z.number().int(),
  kind: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.unknown()),
  status: z.number().int().min(0).max(4),
  rowCount: z.number().int(),
  /** 0–100. */
  progress: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
  expiresAt: isoTime,
  /** Why it failed (failed tasks), else null. */
  error: z.string().nullable(),
  /** Its owner has seen it finished (the bell counts those not seen). */
  seen: z.boolean(),
});
export type ExportTaskRecord = z.infer<typeof exportTaskRecord>;

/** Every account reaches its own export tasks (and only those): no permission beyond signing in. */
const ownTasks = { staff: true, customer: true } as const;

/** What the header's bell shows: the caller's exports running, finished unseen, and the latest few. */
export const exportSummary = z.object({
  running: z.number().int(),
  unseen: z.number().int(),
  recent: z.array(exportTaskRecord),
});
export type ExportSummary = z.infer<typeof exportSummary>;

export const exportTask = {
  listExportTask: endpoint({
    method: 'POST',
    path: '/export/listExportTask',
    kind: 'json',
    summary: "The caller's export tasks, newest first; a finished file downloads again for 7 days.",
    body: listRequest({
      name: optionalText(100),
      status: z.coerce.number().int().min(0).max(4).optional(),
    }).prefault({}),
    data: pageOf(exportTaskRecord),
    access: ownTasks,
  }),
  download: {
    ...call('GET', '/export/download/{id}', 'blob', {
      summary: 'Not in the spec: the file of a finished export task of the caller.',
      access: ownTasks,
    }),
    params: z.object({ id }).strict(),
    ...fileOf('xlsx'),
    beyondSpec: true as const,
    // The file is kept 7 days; after that it is gone.
    answers: [410] as const,
  },
  summary: endpoint({
    method: 'GET',
    path: '/export/summary',
    kind: 'json',
    summary: "The header bell: the caller's exports running, those finished and not yet seen, the latest 8.",
    data: exportSummary,
    access: ownTasks,
    beyondSpec: true,
  }),
  markSeen: endpoint({
    method: 'POST',
    path: '/export/markSeen',
    kind: 'json',
    summary: "Marks the caller's finished export tasks as seen (those named, or all).",
    body: z
      .object({ ids: z.array(id).max(500).optional() })
      .strict()
      .prefault({}),
    data: z.object({ marked: z.number().int() }),
    access: ownTasks,
    beyondSpec: true,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/export/retry/{id}',
    kind: 'json',
    summary:
      'Runs a finished, failed or expired export task of the caller again, with the filters it was made with; 409 while it runs.',
    params: idParams,
    data: exportTaskRecord,
    access: ownTasks,
    beyondSpec: true,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/export/delete/{id}',
    kind: 'json',
    summary: 'Deletes an export task of the caller and its file; 409 while it runs.',
    params: idParams,
    data: z.object({ deleted: z.boolean() }),
    access: ownTasks,
    beyondSpec: true,
  }),
};

/** What every export call (e.g. /region/export) answers: the task it started. */
export const exportStarted = exportTaskRecord;
