import { get, post, staff } from './core.ts';

export const carrier = {
  list: post('/carrier/list', 'Carriers, paged.', staff('carrier:view')),
  save: post('/carrier/save', 'Create a carrier.', staff('carrier:edit')),
  saveTrackingNode: post(
    '/carrier/saveTrackingNode',
    "Add a node to a carrier's tracking map.",
    staff('carrier:edit'),
  ),
  updateTrackingNode: post(
    '/carrier/updateTrackingNode',
    "Update a node of a carrier's tracking map.",
    staff('carrier:edit'),
  ),
  update: post('/carrier/update', 'Update a carrier.', staff('carrier:edit')),
  listSimple: post('/carrier/list/simple', 'Carriers for pickers.', { staff: true }),
  deleteTrackingNode: get(
    '/carrier/deleteTrackingNode/{id}',
    'Delete a tracking node of a carrier.',
    staff('carrier:edit'),
  ),
  trackingNode: get(
    '/carrier/trackingNode/{carrierCode}',
    "A carrier's tracking nodes.",
    staff('carrier:view'),
  ),
  view: get('/carrier/view/{carrierId}', 'One carrier.', staff('carrier:view')),
  getLastCarrierCompany: get('/carrier/getLastCarrierCompany', 'Last-mile carrier companies for pickers.', {
    staff: true,
  }),
};
