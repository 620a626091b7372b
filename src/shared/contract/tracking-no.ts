import { post, staff, upload } from './core.ts';

export const trackingNo = {
  list: post('/trackingNo/list', 'The tracking-number pool, paged.', staff('trackingNo:view')),
  importLogList: post(
    '/trackingNo/importLogList',
    'Tracking-number imports, paged.',
    staff('trackingNo:view'),
  ),
  import: upload('/trackingNo/import', 'Import tracking numbers into the pool.', staff('trackingNo:import')),
};
