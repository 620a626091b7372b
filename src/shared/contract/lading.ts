import { download, get, post, staff, staffOrPda, upload } from './core.ts';

/** Lading bills: the desktop list and the PDA scan, confirm and pickup calls (replayable offline). */
export const lading = {
  list: post('/lading/list', 'Lading bills, paged.', staffOrPda('lading:view')),
  export: post('/lading/export', 'Export the selected lading bills.', staff('lading:export')),
  exportClearancePackage: post(
    '/lading/exportClearancePackage',
    'Export the clearance packages of a lading bill.',
    staff('lading:export'),
  ),
  remarkAdd: post('/lading/remark/add', 'Add a remark to a lading bill.', staff('lading:edit')),
  getPrintContent: post('/lading/getPrintContent', 'Print content of a lading bill.', staff('lading:print')),
  getPrintContentLabel: post(
    '/lading/getPrintContentLabel',
    'Label print content of a lading bill.',
    staff('lading:print'),
  ),
  confirm: post('/lading/confirm', 'Confirm a lading bill.', staffOrPda('lading:confirm'), {
    replayable: true,
  }),
  scanTrackingNo: post(
    '/lading/scanTrackingNo/{id}',
    'Scan a tracking number into a lading bill.',
    staffOrPda('lading:scan'),
    {
      replayable: true,
    },
  ),
  confirmPickup: post(
    '/lading/confirm/pickup/{id}',
    'Confirm pickup of a lading bill.',
    staffOrPda('lading:pickup'),
    {
      replayable: true,
    },
  ),
  cancel: post('/lading/cancel/{id}', 'Cancel the pickup of a lading bill.', staffOrPda('lading:cancel'), {
    replayable: true,
  }),
  detail: get('/lading/detail/{id}', 'One lading bill with its parcels.', staffOrPda('lading:view')),
  import: upload('/lading/import', 'Import lading bills; every row validated first.', staff('lading:import')),
  downloadTemplate: download(
    '/lading/download/template',
    'The lading import template.',
    staff('lading:import'),
  ),
  // Customs clearance view of lading bills (spec "User and admin").
  listOriginInfo: post('/lading/listOriginInfo', 'Clearance lading bills, paged.', staff('lading:view')),
  updateStatus: post(
    '/lading/updateStatus',
    'Set the clearance status of lading bills.',
    staff('lading:edit'),
  ),
  listOriginDetail: post(
    '/lading/listOriginDetail',
    'Origin details of a clearance lading bill.',
    staff('lading:view'),
  ),
  listDetail: post('/lading/listDetail', 'Details of a clearance lading bill.', staff('lading:view')),
  ladingExport: post('/lading/ladingExport', 'Export clearance lading bills.', staff('lading:export')),
  ladingOriginExport: post(
    '/lading/ladingOriginExport',
    'Export clearance origin details.',
    staff('lading:export'),
  ),
  printInvoice: post('/lading/printInvoice', 'Invoices of a clearance lading bill.', staff('lading:print')),
  ladingCustomer: post(
    '/lading/ladingCustomer',
    'Customers on a clearance lading bill.',
    staff('lading:view'),
  ),
  updateData: post('/lading/updateData', 'Update clearance data.', staff('lading:edit')),
  ladingImport: upload('/lading/ladingImport', 'Import clearance data.', staff('lading:import')),
};
