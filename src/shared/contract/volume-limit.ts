import { z } from 'zod';
import { endpoint, fileOf, id, isoTime, listRequest, optionalText, pageOf, SHEET_FILE } from './core.ts';
import { exportStarted } from './export-task.ts';
import { importResult } from './tracking-no.ts';

/** A daily order cap of one carrier in one region (used when assigning carriers to orders). */
export const volumeLimitRecord = z.object({
  recId: z.number().int(),
  carrierId: z.number().int(),
  carrierCode: z.string(),
  carrierName: z.string(),
  regionId: z.number().int(),
  regionCode: z.string(),
  /** In the language of the request. */
  regionName: z.string(),
  regionLevel: z.number().int(),
  dailyLimit: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type VolumeLimitRecord = z.infer<typeof volumeLimitRecord>;

const filters = {
  carrierId: id.optional(),
  /** A region code (exact) or part of its name in any language. */
  region: optionalText(100),
};

export const volumeLimit = {
  list: endpoint({
    method: 'POST',
    path: '/orderVolumeLimit/list',
    kind: 'json',
    summary: 'Volume limits per carrier region, paged, by carrier and region.',
    body: listRequest(filters),
    data: pageOf(volumeLimitRecord),
    access: { staff: 'volumeLimit:view' },
  }),
  importData: {
    ...endpoint({
      method: 'POST',
      path: '/orderVolumeLimit/importData',
      kind: 'multipart',
      summary:
        'Import volume limits (carrier code, region code, daily limit); an existing carrier-region pair is updated. Nothing is written unless every row is valid.',
      data: importResult,
      access: { staff: 'volumeLimit:import' },
    }),
    file: SHEET_FILE,
  },
  exportData: endpoint({
    method: 'POST',
    path: '/orderVolumeLimit/exportData',
    kind: 'json',
    summary: 'Export the volume limits the filters select, as an export task.',
    body: z.object(filters).strict(),
    data: exportStarted,
    access: { staff: 'volumeLimit:export' },
  }),
  deleteCarrierRegion: endpoint({
    method: 'GET',
    path: '/orderVolumeLimit/deleteCarrierRegion/{id}',
    kind: 'json',
    summary: 'Delete one volume limit.',
    params: z.object({ id }).strict(),
    data: z.null(),
    access: { staff: 'volumeLimit:delete' },
  }),
  checkFile: endpoint({
    method: 'POST',
    path: '/orderVolumeLimit/download/checkFile',
    kind: 'blob',
    summary: 'The volume-limit import template (headers in the caller language).',
    body: z.object({}).strict(),
    ...fileOf('xlsx'),
    access: { staff: 'volumeLimit:import' },
  }),
};
