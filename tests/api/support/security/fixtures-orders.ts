import { contract } from '../../../../src/shared/contract/index.ts';
import { exportRange } from './base-world.ts';
import type { Fixture } from './fixtures.ts';
import { sheet } from './sheets.ts';
import type { World } from './world.ts';

/**
 * Valid inputs for the order calls. Customer calls name the DEMO customer's records whoever calls,
 * so `other` is always tried on a foreign record; staff calls get fresh records where the call
 * consumes one (cancel, intercept, upload).
 */
const orderInput = (w: World) => ({
  channelId: w.saChannel,
  consignee: {
    name: 'Ahmed',
    phone: '+966 50 123 4567',
    regionIds: w.riyadh,
    address: 'King Fahd Road 1',
  },
  weight: '1.2',
  goods: [{ nameEn: 'T-shirt', quantity: 1, unitPrice: '9.9' }],
});

export const orderFixtures: Record<string, Fixture> = {
  'order.getOrderDetail': (w) => ({ params: { id: w.own.demo.order.id } }),
  'order.getOrderRemarkList': (w) => ({ params: { orderId: w.own.demo.order.id } }),
  'order.addRemark': (w) => ({ body: { orderId: w.own.demo.order.id, content: 'matrix remark' } }),
  'order.batchPrintLabel': (w) => ({ body: { ids: [w.own.demo.order.id], output: 'data' } }),
  'order.printLabelZpl': (w) => ({ body: { ids: [w.own.demo.order.id], dpi: 203 } }),
  'order.batchPrintInvoice': (w) => ({ body: { ids: [w.own.demo.order.id], output: 'data' } }),
  'order.exportOrderInfo': (w) => ({ body: { ids: [w.own.demo.order.id], ...exportRange() } }),
  'order.exportOrderGoodsInfo': () => ({ body: exportRange() }),
  'order.exportClearanceData': () => ({ body: exportRange() }),
  'order.cancelOrder': async (w, who) => ({
    // Staff and the demo customer cancel a fresh order; `other` tries the demo customer's.
    body: { ids: [who === 'other' ? w.own.demo.order.id : (await w.order('demo')).id] },
  }),
  'order.create': (w, who) => ({
    body: { ...(w.isStaff(who) ? { customerId: w.customer.demo } : {}), ...orderInput(w) },
  }),
  'order.createBatch': (w, who) => ({
    body: { ...(w.isStaff(who) ? { customerId: w.customer.demo } : {}), orders: [orderInput(w)] },
  }),
  'order.importOrder': (w, who) =>
    sheet(
      w,
      contract.order.downloadFile,
      {
        'customer order no': w.uniq('IMP'),
        'shipping channel': 'CN-SA-AIR-COD',
        'consignee name': 'Ahmed Al-Harbi',
        'consignee phone': '+966 50 123 4567',
        country: 'SA',
        province: 'Riyadh Province',
        city: 'Riyadh',
        address: 'King Fahd Road 12',
        weight: '1.2',
        'goods name (english)': 'T-shirt',
        quantity: '2',
        'unit price': '9.9',
      },
      w.isStaff(who) ? { customerId: String(w.customer.demo) } : {},
    ),
  'order.checkWv': async (w) => ({
    body: { orderId: (await w.order('demo', { receive: true })).id, weight: '1.3' },
  }),
  'order.receive': async (w) => ({ params: { trackingNo: (await w.order('demo')).trackingNo } }),
  'order.importCheck': async (w) =>
    sheet(w, contract.order.downloadCheckFile, {
      'tracking no': (await w.order('demo', { receive: true })).trackingNo,
      weight: '1.4',
    }),
  'order.importClearance': (w) =>
    sheet(w, contract.order.downloadClearanceFile, {
      'tracking no': w.own.demo.order.trackingNo,
      'clearance no': w.uniq('CL-'),
    }),
  'order.cancelOrderAbnormal': async (w) => ({
    params: { id: await w.abnormalMark() },
    body: { remark: 'handled' },
  }),
  'order.abnormalImages': async (w) => ({ params: { id: await w.abnormalMark() }, body: { images: [] } }),
  'order.interceptOrder': async (w) => ({ params: { id: (await w.order('demo', { receive: true })).id } }),
  'order.cancelOrderIntercept': async (w) => ({ params: { id: (await w.intercepted()).id } }),
  'order.getInterceptOrderResult': (w) => ({ params: { id: w.own.demo.order.id } }),
  'order.setInterceptOrderResult': async (w) => ({
    body: { id: (await w.intercepted()).id, result: 'failure' },
  }),

  'originOrder.detail': async (w) => ({ body: { id: await w.origin() } }),
  'originOrder.confirmReceiverAddress': async (w) => ({ body: { id: await w.origin() } }),
  'originOrder.confirmSenderAddress': async (w) => ({ body: { id: await w.origin() } }),
  'originOrder.uploadOrder': async (w) => ({ body: { ids: [await w.confirmedOrigin()] } }),
  'order.citcReport': async (w) => ({ body: { ids: [await w.citcRecord()] } }),
  'originOrder.printInvoice': async (w) => ({ body: { ids: [await w.origin()], output: 'data' } }),
  'originOrder.create': (w) => w.originInput(),
  'originOrder.pushRecordList': () => ({
    body: { startTime: '2020-01-01T00:00:00.000Z', endTime: '2099-01-01T00:00:00.000Z' },
  }),
  'originOrder.importExtraOrderOriginInfo': async (w) => {
    const platformOrderNo = await w.originNo();
    return sheet(w, contract.originOrder.downloadExtraInfoTemplate, {
      platform: 'NOON',
      'platform order no': platformOrderNo,
    });
  },
  // Its rows name orders made from origin orders.
  'originOrder.checkedWeightImport': async (w) =>
    sheet(w, contract.order.downloadCheckFile, {
      'tracking no': await w.receivedFromOrigin(),
      weight: '1.4',
    }),
  'originOrder.exportExtraOrderInfo': () => ({ body: exportRange() }),

  // Export tasks are their maker's: each caller downloads its own; `other` tries the demo customer's.
  'exportTask.download': async (w, who) => ({
    params: { id: who === 'other' ? w.own.demo.exportTaskId : await w.exportTaskOf(who) },
  }),
  'exportTask.retry': async (w, who) => ({
    params: { id: who === 'other' ? w.own.demo.exportTaskId : await w.exportTaskOf(who) },
  }),
  'exportTask.remove': async (w, who) => ({
    params: { id: who === 'other' ? w.own.demo.exportTaskId : await w.exportTaskOf(who) },
  }),
  // Nobody approves their own modification: another account imports it.
  'cod.batchApproval': async (w, who) => ({
    body: { ids: [await w.codPending(who === 'admin' ? 'finance' : 'admin')], approve: true },
  }),
  'fee.feeRecalculate': async (w) => ({ body: { ids: [await w.feeException()] } }),
  'cod.import': async (w) =>
    sheet(w, contract.cod.downloadTemplate, {
      'logistics order no': (await w.order('demo', { cod: true })).trackingNo,
      'updated cod amount': '150',
    }),
};
