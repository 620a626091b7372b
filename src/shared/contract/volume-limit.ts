import { get, post, staff, upload } from './core.ts';

export const volumeLimit = {
  importData: upload(
    '/orderVolumeLimit/importData',
    'Import volume limits per carrier region.',
    staff('volumeLimit:import'),
  ),
  list: post('/orderVolumeLimit/list', 'Volume limits per carrier region, paged.', staff('volumeLimit:view')),
  exportData: post('/orderVolumeLimit/exportData', 'Export the volume limits.', staff('volumeLimit:export')),
  deleteCarrierRegion: get(
    '/orderVolumeLimit/deleteCarrierRegion/{id}',
    'Delete one volume limit.',
    staff('volumeLimit:delete'),
  ),
  checkFile: post(
    '/orderVolumeLimit/download/checkFile',
    'The volume-limit import template.',
    staff('volumeLimit:import'),
    {
      kind: 'blob',
    },
  ),
};
