import { get, post, staff, staffOrPda } from './core.ts';

/** Overseas (destination) lading: scanned on arrival by the PDA. */
export const overseasLading = {
  list: post('/overseasLading/list', 'Overseas lading bills, paged.', staffOrPda('overseasLading:view')),
  export: post('/overseasLading/export', 'Export overseas lading bills.', staff('overseasLading:export')),
  remarkAdd: post(
    '/overseasLading/remark/add',
    'Add a remark to an overseas lading bill.',
    staff('overseasLading:edit'),
  ),
  confirm: post(
    '/overseasLading/confirm',
    'Confirm an overseas lading bill.',
    staffOrPda('overseasLading:confirm'),
    {
      replayable: true,
    },
  ),
  scanTrackingNo: post(
    '/overseasLading/scanTrackingNo/{id}',
    'Scan a tracking number into an overseas lading bill.',
    staffOrPda('overseasLading:scan'),
    {
      replayable: true,
    },
  ),
  confirmPickup: post(
    '/overseasLading/confirm/pickup/{id}',
    'Confirm pickup of an overseas lading bill.',
    staffOrPda('overseasLading:pickup'),
    {
      replayable: true,
    },
  ),
  cancel: post(
    '/overseasLading/cancel/{id}',
    'Cancel the pickup of an overseas lading bill.',
    staffOrPda('overseasLading:cancel'),
    {
      replayable: true,
    },
  ),
  detail: get('/overseasLading/detail/{id}', 'One overseas lading bill.', staffOrPda('overseasLading:view')),
};
