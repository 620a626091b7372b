import { download, get, post, staff, staffOrPda, upload } from './core.ts';

/** Batches with their air cargo. */
export const batch = {
  list: post('/batch/list', 'Batches, paged.', staffOrPda('batch:view')),
  export: post('/batch/export', 'Export the selected batches.', staff('batch:export')),
  exportClearanceData: post(
    '/batch/exportClearanceData',
    'Export clearance data of a batch.',
    staff('batch:export'),
  ),
  remarkAdd: post('/batch/remark/add', 'Add a remark to a batch.', staff('batch:edit')),
  getPrintContent: post('/batch/getPrintContent', 'Print content of a batch.', staff('batch:print')),
  airCargoUpdate: post('/batch/airCargo/update', 'Update the air cargo of a batch.', staff('batch:edit')),
  confirmPickupBatch: post(
    '/batch/confirm/pickup/batch',
    'Confirm pickup of several batches.',
    staffOrPda('batch:pickup'),
    {
      replayable: true,
    },
  ),
  confirmPickup: post(
    '/batch/confirm/pickup/{id}',
    'Confirm pickup of a batch.',
    staffOrPda('batch:pickup'),
    { replayable: true },
  ),
  cancel: post('/batch/cancel/{id}', 'Cancel the pickup of a batch.', staffOrPda('batch:cancel'), {
    replayable: true,
  }),
  detail: get('/batch/detail/{id}', 'One batch.', staffOrPda('batch:view')),
  import: upload('/batch/import', 'Import batches; every row validated first.', staff('batch:import')),
  airCargoImport: upload('/batch/airCargo/import', 'Import air cargo data.', staff('batch:import')),
  downloadTemplate: download('/batch/download/template', 'The batch import template.', staff('batch:import')),
  airCargoDownload: download(
    '/batch/airCargo/download',
    'The air cargo import template.',
    staff('batch:import'),
  ),
};
