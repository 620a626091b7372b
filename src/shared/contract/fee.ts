import { post, staff } from './core.ts';

export const fee = {
  detailList: post('/feeDetail/list', 'Fee details, paged.', staff('fee:view')),
  exportFeeDetail: post('/feeDetail/exportFeeDetail', 'Export fee details.', staff('fee:export')),
  exportByTrackingNo: post(
    '/feeDetail/exportByTrackingNo',
    'Export fee details of given tracking numbers.',
    staff('fee:export'),
  ),
  feeTypeSearchList: post('/feeType/searchList', 'Fee types for pickers.', { staff: true }),
  feeInfoList: post('/feeInfo/list', 'Fee information of an order.', staff('fee:view')),
  exceptionList: post('/feeException/list', 'Fee exceptions, paged.', staff('feeException:view')),
  exportFeeException: post(
    '/feeException/exportFeeException',
    'Export fee exceptions.',
    staff('feeException:export'),
  ),
  feeRecalculate: post(
    '/feeException/feeRecalculate',
    'Recalculate the fees of the selected exceptions.',
    staff('feeException:recalc'),
  ),
};
