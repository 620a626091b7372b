import { z } from 'zod';
import { call, endpoint, id, isoTime, listRequest, optionalText, pageOf, staffOrCustomer } from './core.ts';

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
});
export type ExportTaskRecord = z.infer<typeof exportTaskRecord>;

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
    access: staffOrCustomer('exportTask:view'),
  }),
  download: {
    ...call('GET', '/export/download/{id}', 'blob', {
      summary: 'Not in the spec: the file of a finished export task of the caller.',
      access: staffOrCustomer('exportTask:view'),
    }),
    params: z.object({ id }).strict(),
    beyondSpec: true as const,
  },
};

/** What every export call (e.g. /region/export) answers: the task it started. */
export const exportStarted = exportTaskRecord;
