import { contract } from '../../../../src/shared/contract/index.ts';
import { at } from '../call.ts';
import type { Fixture } from './fixtures.ts';
import { sheet } from './sheets.ts';
import type { World } from './world.ts';

const billId = async (w: World, state: Parameters<World['bill']>[0] = 'open') => (await w.bill(state)).recId;
const ids = (id: number) => ({ body: { ids: [id] } });

/**
 * Valid inputs for the movement of parcels: lading bills, batches, overseas lading, packages and
 * exchange scans, each on a fresh record in the state the call needs.
 */
export const movementFixtures: Record<string, Fixture> = {
  'lading.create': (w) => ({ body: { channelId: w.saChannel } }),
  'lading.remarkAdd': async (w) => ({ body: { id: await billId(w), content: 'matrix' } }),
  'lading.getPrintContent': async (w) => ids(await billId(w, 'filled')),
  'lading.getPrintContentLabel': async (w) => ids(await billId(w, 'filled')),
  // Queued for a printer nothing listens on: the job runs only when a test drains it.
  'printer.printLadingLabels': async (w) => ({
    body: {
      ids: [await billId(w, 'filled')],
      printerId: await w.deadPrinter(),
    },
  }),
  'lading.exportClearancePackage': async (w) => ids(await billId(w, 'filled')),
  'lading.confirm': async (w) => ids(await billId(w, 'filled')),
  'lading.scanTrackingNo': async (w) => ({
    params: { id: await billId(w) },
    body: { trackingNo: (await w.order('demo', { receive: true })).trackingNo },
  }),
  'lading.confirmPickup': async (w) => ({ params: { id: await billId(w, 'confirmed') } }),
  'lading.cancel': async (w) => ({ params: { id: await billId(w, 'filled') } }),
  'lading.detail': async (w) => ({ params: { id: await billId(w, 'filled') } }),
  'lading.mailRetry': async (w) => ({ params: { id: await w.failedMailBill() } }),
  'lading.updateStatus': async (w) => ({ body: { ids: [await billId(w, 'filled')], status: 2 } }),
  'lading.listOriginDetail': async (w) => ({ body: { id: await billId(w, 'filled') } }),
  'lading.listDetail': async (w) => ({ body: { id: await billId(w, 'filled') } }),
  'lading.ladingOriginExport': async (w) => ids(await billId(w, 'filled')),
  'lading.printInvoice': async (w) => ({ body: { id: await billId(w, 'filled'), output: 'data' } }),
  'lading.manifest': async (w) => ({ params: { id: await billId(w, 'pickedUp') }, body: { format: 'xlsx' } }),
  'lading.ladingCustomer': async (w) => ({ body: { id: await billId(w, 'filled') } }),
  'lading.updateData': async (w) => {
    const bill = await w.bill('filled');
    return {
      body: { id: bill.recId, orders: [{ trackingNo: bill.order!.trackingNo, clearanceNo: w.uniq('CL-') }] },
    };
  },
  'lading.import': async (w) =>
    sheet(w, contract.lading.downloadTemplate, {
      'shipping channel': 'CN-SA-AIR-COD',
      'tracking no': (await w.order('demo', { receive: true })).trackingNo,
    }),
  'lading.ladingImport': async (w) => {
    const bill = await w.bill('filled');
    return sheet(w, ['Lading bill no', 'Tracking no', 'Clearance no'], {
      'lading bill no': bill.no,
      'tracking no': bill.order!.trackingNo,
      'clearance no': w.uniq('CL-'),
    });
  },

  'batch.create': async (w) => ({ body: { ...w.cargo, ladingIds: [await billId(w, 'pickedUp')] } }),
  'batch.remarkAdd': async (w) => ({ body: { id: (await w.batch()).recId, content: 'matrix' } }),
  'batch.getPrintContent': async (w) => ids((await w.batch()).recId),
  'batch.printLabel': async (w) => ids((await w.batch()).recId),
  // Queued for a printer nothing listens on: the job runs only when a test drains it.
  'batch.printToPrinter': async (w) => ({
    body: {
      ids: [(await w.batch()).recId],
      printerId: await w.deadPrinter(),
    },
  }),
  'batch.exportClearanceData': async (w) => ids((await w.batch()).recId),
  'batch.airCargoUpdate': async (w) => ({ body: { id: (await w.batch()).recId, ...w.cargo } }),
  'batch.confirmPickupBatch': async (w) => ids((await w.batch()).recId),
  'batch.confirmPickup': async (w) => ({ params: { id: (await w.batch()).recId } }),
  'batch.cancel': async (w) => ({ params: { id: (await w.batch()).recId } }),
  'batch.detail': async (w) => ({ params: { id: (await w.batch()).recId } }),
  'batch.manifest': async (w) => {
    const b = await w.batch();
    await w.ok('pda', at(contract.batch.confirmPickup, { id: b.recId }));
    return { params: { id: b.recId }, body: { format: 'xlsx' } };
  },
  'batch.scanLading': async (w) => ({
    params: { id: (await w.batch()).recId },
    body: { trackingNo: (await w.bill('pickedUp')).no },
  }),
  'batch.import': async (w) =>
    sheet(w, contract.batch.downloadTemplate, {
      'lading bill no': (await w.bill('pickedUp')).no,
      'airline bill no': '999-12345675',
      'charged (battery)': '0',
      mixed: '1',
    }),
  'batch.airCargoImport': async (w) =>
    sheet(w, contract.batch.airCargoDownload, {
      'batch no': (await w.batch()).batchNo,
      'airline bill no': '999-12345675',
      'charged (battery)': '0',
      mixed: '1',
    }),

  'overseasLading.create': (w) => ({ body: { channelId: w.saChannel } }),
  'overseasLading.remarkAdd': async (w) => ({ body: { id: (await w.overseas()).recId, content: 'matrix' } }),
  'overseasLading.confirm': async (w) => ids((await w.overseas('filled')).recId),
  'overseasLading.scanTrackingNo': async (w) => {
    const bill = await w.overseas();
    return { params: { id: bill.recId }, body: { trackingNo: bill.order.trackingNo } };
  },
  'overseasLading.confirmPickup': async (w) => ({ params: { id: (await w.overseas('confirmed')).recId } }),
  'overseasLading.cancel': async (w) => ({ params: { id: (await w.overseas('filled')).recId } }),
  'overseasLading.detail': async (w) => ({ params: { id: (await w.overseas('filled')).recId } }),

  'package.remarkAdd': async (w) => ({ body: { id: (await w.pkg()).recId, content: 'matrix' } }),
  'package.confirm': async (w) => ids((await w.pkg('filled')).recId),
  'package.cancel': async (w) => ({ params: { id: (await w.pkg('filled')).recId } }),
  'package.confirmPickup': async (w) => ({ params: { id: (await w.pkg('confirmed')).recId } }),
  'package.scanTrackingNo': async (w) => ({
    params: { id: (await w.pkg()).recId },
    body: { trackingNo: (await w.order('demo', { receive: true })).trackingNo },
  }),
  'package.detail': async (w) => ({ params: { id: (await w.pkg('filled')).recId } }),
  'package.printLabel': async (w) => ids((await w.pkg('filled')).recId),
  // Queued for a printer nothing listens on: the job runs only when a test drains it.
  'package.printToPrinter': async (w) => ({
    body: {
      ids: [(await w.pkg('filled')).recId],
      printerId: await w.deadPrinter(),
    },
  }),

  'exchange.scan': async (w) => ({ params: { trackingNo: (await w.shipped()).trackingNo } }),
  'exchange.scanCombined': async (w) => ({ params: { trackingNo: await w.shippedPackageNo() } }),
};
