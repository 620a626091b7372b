import { sql } from 'drizzle-orm';
import { COD_PUSH } from '../../../../src/server/modules/cod/cod-push.ts';
import { contract } from '../../../../src/shared/contract/index.ts';
import { png } from '../../../support/files.ts';
import { call } from '../call.ts';
import type { Fixture } from './fixtures.ts';
import { sheet } from './sheets.ts';
import type { World } from './world.ts';

/** An admin's print of one order's label that gave up (on a printer nothing listens on): its recId. */
async function failedPrint(w: World): Promise<number> {
  const printerId = await w.deadPrinter();
  const p = await w.ok('admin', contract.printer.printOrderLabels, {
    ids: [w.own.demo.order.id],
    printerId,
  });
  await w.t.database.db.execute(sql`UPDATE print_jobs SET status = 3 WHERE id = ${p.recId}`);
  return p.recId;
}

/**
 * Valid inputs for the system and master-data calls that the schema alone cannot make: unique
 * codes and names for creates, fresh records for updates and deletes, real parents and carriers.
 */
export const masterFixtures: Record<string, Fixture> = {
  // Staff name the customer a key is for; a customer account's key is its own.
  'apiKey.create': (w, who) => ({
    body: { name: 'matrix key', ...(w.isStaff(who) ? { customerId: w.customer.demo } : {}) },
  }),
  // A fresh key to revoke: the caller's own as a customer, the demo customer's otherwise.
  'apiKey.revoke': async (w, who) => {
    const own = who === 'demo' || who === 'demoSub';
    const made = await w.ok(own ? who : 'admin', contract.apiKey.create, {
      name: 'matrix revoke',
      ...(own ? {} : { customerId: w.customer.demo }),
    });
    return { params: { id: made.key.recId } };
  },
  'auth.login': () => ({ body: { username: 'service', password: 'service123' } }),
  'auth.refresh': async (w) => {
    const r = await call(w.t, contract.auth.login, { body: { username: 'service', password: 'service123' } });
    return { body: { refreshToken: r.body.data.refreshToken } };
  },
  // Logging out and changing the own password end the session: a session of its own for each call.
  'auth.loginOut': async (w, who) => ({ headers: { authorization: `Bearer ${await w.freshToken(who)}` } }),
  'system.updatePasswordByUser': async (w, who) => ({
    headers: { authorization: `Bearer ${await w.freshToken(who)}` },
    body: { password: w.passwordOf(who), newPassword: w.passwordOf(who), checkPassword: w.passwordOf(who) },
  }),

  'system.menuSave': async (w) => ({
    body: {
      parentId: 0,
      nameCn: '测试',
      nameEn: 'Matrix',
      nameAr: 'اختبار',
      type: 1,
      path: `/admin/${w.uniq('m')}`,
    },
  }),
  'system.menuGetById': async (w) => ({ body: { recId: await w.menu() } }),
  'system.menuDelete': async (w) => ({ body: { recId: await w.menu() } }),
  'system.roleSave': (w) => ({ body: { name: w.uniq('Role ') } }),
  'system.roleGetById': async (w) => ({
    body: { recId: await w.saved(contract.system.roleSave, { name: w.uniq('Role ') }) },
  }),
  'system.roleDelete': async (w) => ({
    body: { recId: await w.saved(contract.system.roleSave, { name: w.uniq('Role ') }) },
  }),
  'system.userSave': (w) => ({ body: { username: w.uniq('user'), type: 1, password: 'secret-123' } }),
  'system.userGetById': async (w) => ({ body: { recId: await w.user() } }),
  'system.userUpdatePassword': async (w) => ({ body: { recId: await w.user(), password: 'secret-456' } }),

  'customer.add': (w) => ({ body: { code: w.uniq('C'), name: w.uniq('Customer ') } }),
  'customer.update': async (w) => {
    const code = w.uniq('C');
    const recId = await w.saved(contract.customer.add, { code, name: code });
    return { body: { recId, code, name: `${code} renamed` } };
  },
  'customer.editCustomerProperties': (w) => ({ body: { customerId: w.customer.demo, properties: {} } }),
  'customer.updateOptions': (w) => ({ body: { defaultChannelId: w.saChannel, notifyEmail: '' } }),
  // The demo sub-account's own rights set again (so the matrix's later cells see the same rights).
  'customer.saveSubRights': async (w) => {
    const subs = await w.ok('demo', contract.customer.subAccounts, {});
    const sub = subs.find((s) => s.username === 'demo-sub')!;
    return { body: { recId: sub.recId, rights: sub.rights } };
  },
  // A main account makes a sub-account of its own customer with a unique name.
  'customer.createSubAccount': (w) => ({
    body: { username: w.uniq('sub'), password: 'secret-123', rights: ['orders:create'] },
  }),
  // A fresh sub-account of the demo customer (the other customer's main account gets 404).
  'customer.setSubAccountStatus': async (w) => ({ body: { recId: await demoSub(w), status: 2 } }),
  'customer.resetSubAccountPassword': async (w) => ({
    body: { recId: await demoSub(w), password: 'secret-456' },
  }),

  'sensitiveWord.add': (w) => ({ body: { word: w.uniq('word') } }),
  'sensitiveWord.update': async (w) => {
    const word = w.uniq('word');
    return { body: { recId: await w.saved(contract.sensitiveWord.add, { word }), word: `${word}x` } };
  },
  'printer.save': (w) => ({ body: { name: w.uniq('printer'), host: '127.0.0.1', port: 9100 } }),
  'printer.delete': async (w) => ({
    body: { recId: await w.saved(contract.printer.save, { name: w.uniq('printer'), host: '127.0.0.1' }) },
  }),
  'printer.setMyDefault': () => ({ body: { printerId: null } }),
  // Queued for a printer nothing listens on: the job runs only when a test drains it.
  'printer.printOrderLabels': async (w) => ({
    body: {
      ids: [w.own.demo.order.id],
      printerId: await w.deadPrinter(),
    },
  }),
  'printer.myPrints': async (w) => ({ body: { ids: [await failedPrint(w)] } }),
  // A print that gave up: printer/retryPrint refuses one still queued.
  'printer.retryPrint': async (w) => ({ body: { recId: await failedPrint(w) } }),
  'sensitiveWord.delete': async (w) => ({
    body: { recId: await w.saved(contract.sensitiveWord.add, { word: w.uniq('word') }) },
  }),

  'region.import': (w) =>
    sheet(w, contract.region.template, {
      'region code': w.uniq('ZZ'),
      'parent code': 'SA',
      level: 1,
      'chinese name': '测试省',
      'english name': w.uniq('Province '),
    }),
  'region.updateStatus': (w) => ({ body: { recIds: [w.region['SA-RI']], status: 1 } }),
  'region.customerRegionAdd': (w, who) => ({
    body: {
      ...(who === 'admin' || who === 'operator' ? { customerId: w.customer.demo } : {}),
      regionId: w.riyadh[2],
      contact: 'Matrix',
      phone: '+966 50 000 0000',
      address: 'Olaya Street 1',
    },
  }),
  'region.customerRegionUpdate': (w) => ({
    body: {
      recId: w.own.demo.addressId,
      regionId: w.riyadh[2],
      contact: 'Matrix',
      phone: '+966 50 000 0000',
      address: 'Olaya Street 2',
    },
  }),
  'region.getRegionAllSuperior': (w) => ({ body: { regionId: w.riyadh[3] } }),

  'tracking.save': (w) => ({ body: { code: w.uniq('N'), orderStatus: 1 } }),
  'tracking.update': async (w) => {
    const code = w.uniq('N');
    const recId = await w.saved(contract.tracking.save, {
      code,
      nameCn: 'n',
      nameEn: 'n',
      nameAr: 'n',
      orderStatus: 1,
    });
    return { body: { recId, code, orderStatus: 1 } };
  },
  'carrier.save': (w) => ({ body: { code: w.uniq('CR'), email: 'ops@example.com' } }),
  'carrier.update': async (w) => {
    const code = w.uniq('CR');
    const recId = await w.saved(contract.carrier.save, { code, name: code });
    return { body: { recId, code, email: 'ops@example.com' } };
  },
  'carrier.view': (w) => ({ params: { carrierId: w.carrier.SMSA! } }),
  'carrier.saveTrackingNode': (w) => ({
    body: { carrierId: w.carrier.SMSA, code: w.uniq('TN'), orderStatus: 1 },
  }),
  'carrier.updateTrackingNode': async (w) => ({
    body: { recId: await w.trackingNode(), code: w.uniq('TN'), orderStatus: 1 },
  }),
  'carrier.deleteTrackingNode': async (w) => ({ params: { id: await w.trackingNode() } }),
  'carrier.trackingNode': () => ({ params: { carrierCode: 'SMSA' } }),
  'shipping.save': (w) => ({ body: { code: w.uniq('CH'), serviceType: 0, segments: [3], prices: [] } }),
  'shipping.update': async (w) => ({
    body: { recId: await w.channelRecord(), code: w.uniq('CH'), serviceType: 0, segments: [3], prices: [] },
  }),
  'shipping.enable': async (w) => ({ body: { recIds: [await w.channelRecord()] } }),
  'shipping.disable': async (w) => ({ body: { recIds: [await w.channelRecord()] } }),
  'shipping.view': (w) => ({ params: { shippingId: w.saChannel } }),

  'trackingNo.import': (w) =>
    sheet(
      w,
      contract.trackingNo.downloadTemplate,
      { 'tracking number': w.uniq('SM') },
      { carrierId: String(w.carrier.SMSA) },
    ),
  'volumeLimit.importData': (w) =>
    sheet(w, contract.volumeLimit.checkFile, {
      'carrier code': 'SMSA',
      'region code': 'SA-RI-RUH',
      'daily limit': 500,
    }),
  'volumeLimit.deleteCarrierRegion': async (w) => ({ params: { id: await w.volumeLimit() } }),

  'image.upload': () => ({
    file: { name: 'matrix.png', content: png(2, 2, Math.floor(Math.random() * 255)), type: 'image/png' },
  }),

  // A job waiting for a later start: retrying it brings it forward. A day of its own per call.
  'job.retry': async (w) => {
    const day = `2001-01-${String(++jobDays).padStart(2, '0')}`;
    const id = await w.t.jobs.send(COD_PUSH, { day }, { startAfter: 3600 });
    return { params: { id: id! }, body: { queue: COD_PUSH } };
  },
};

let jobDays = 0;

/** A new sub-account of the demo customer, made by staff. */
const demoSub = (w: World) =>
  w.saved(contract.system.userSave, {
    username: w.uniq('sub'),
    type: 3,
    customerId: w.customer.demo,
    password: 'secret-123',
  });
