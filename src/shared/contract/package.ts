import { get, post, staff, staffOrPda } from './core.ts';

/** Packages (merged parcels). */
export const pkg = {
  list: post('/package/list', 'Packages, paged.', staffOrPda('package:view')),
  export: post('/package/export', 'Export packages.', staff('package:export')),
  exportDetail: post('/package/exportDetail', 'Export the parcels of packages.', staff('package:export')),
  remarkAdd: post('/package/remark/add', 'Add a remark to a package.', staff('package:edit')),
  confirm: post('/package/confirm', 'Confirm a package.', staffOrPda('package:confirm'), {
    replayable: true,
  }),
  cancel: post('/package/cancel/{id}', 'Cancel the pickup of a package.', staffOrPda('package:cancel'), {
    replayable: true,
  }),
  confirmPickup: post(
    '/package/confirm/pickup/{id}',
    'Confirm pickup of a package.',
    staffOrPda('package:pickup'),
    {
      replayable: true,
    },
  ),
  scanTrackingNo: post(
    '/package/scanTrackingNo/{id}',
    'Scan a tracking number into a package.',
    staffOrPda('package:scan'),
    {
      replayable: true,
    },
  ),
  detail: get('/package/detail/{id}', 'One package with its parcels.', staffOrPda('package:view')),
};
