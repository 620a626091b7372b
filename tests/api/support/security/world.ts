import { sql } from 'drizzle-orm';
import { exportsInFlight } from '../../../../src/server/files/export.ts';
import { businessText } from '../../../../src/server/files/sheet-time.ts';
import type { Body } from '../../../../src/shared/contract/core.ts';
import { contract } from '../../../../src/shared/contract/index.ts';
import { FeeExceptionReason } from '../../../../src/shared/domain/order-fees.ts';
import { at, call } from '../call.ts';
import type { Account } from './accounts.ts';
import { BaseWorld, exportRange, type Made, uniq } from './base-world.ts';
import { type Req, send } from './send.ts';
import { sheet } from './sheets.ts';

export type { Made } from './base-world.ts';

const L = contract.lading;

interface Bill {
  recId: number;
  no: string;
}

/**
 * The records the security tests call on: BaseWorld's, plus factories for the calls that need a
 * record in a given state or consume one (scan, confirm, cancel, delete), each making a fresh one.
 */
export class World extends BaseWorld {
  async bill(
    state: 'open' | 'filled' | 'confirmed' | 'pickedUp' = 'open',
    opts: { cod?: boolean } = {},
  ): Promise<Bill & { order?: Made }> {
    const bill: Bill = await this.ok('operator', L.create, { channelId: this.saChannel });
    if (state === 'open') return bill;
    const order = await this.order('demo', { receive: true, cod: opts.cod });
    await this.ok('pda', at(L.scanTrackingNo, { id: bill.recId }), { trackingNo: order.trackingNo });
    if (state === 'filled') return { ...bill, order };
    await this.ok('pda', L.confirm, { ids: [bill.recId] });
    if (state === 'confirmed') return { ...bill, order };
    await this.ok('pda', at(L.confirmPickup, { id: bill.recId }));
    return { ...bill, order };
  }

  /** An order that left the origin in a picked-up bill, with its last-mile carrier. */
  async shipped(opts: { cod?: boolean } = {}): Promise<Made & { carrierId: number }> {
    const { order } = await this.bill('pickedUp', opts);
    const d = await this.ok('admin', at(contract.order.getOrderDetail, { id: order!.id }));
    return { ...order!, carrierId: d.carrierId! };
  }

  /**
   * A shipped order made three hours ago (its creation time moved back), so a carrier's file may
   * say it was signed or returned an hour ago: files write times to the minute.
   */
  async shippedEarlier(opts: { cod?: boolean } = {}): Promise<Made & { carrierId: number }> {
    const order = await this.shipped(opts);
    await this.t.database.db.execute(
      sql`UPDATE orders SET created_at = created_at - interval '3 hours' WHERE id = ${order.id}`,
    );
    return order;
  }

  /** A COD order (199.00 SAR) of the demo customer, signed for an hour ago through the carrier's delivery file. */
  async delivered(): Promise<Made> {
    const order = await this.shippedEarlier({ cod: true });
    const file = await sheet(this, contract.statement.downloadDeliveryFile, {
      'tracking no': order.trackingNo,
      'sign time': businessText(new Date(Date.now() - 3_600_000), this.t.config.businessTimeZone).slice(
        0,
        16,
      ),
    });
    const r = await send(this.t, contract.statement.importPromptDelivery, file, this.tokens.admin);
    if (r.status !== 200) throw new Error(`delivery import: ${r.raw}`);
    return order;
  }

  async batch(): Promise<{ recId: number; batchNo: string; bill: Bill }> {
    const bill = await this.bill('pickedUp');
    const b = await this.ok('operator', contract.batch.create, {
      ...this.cargo,
      ladingIds: [bill.recId],
    });
    return { ...b, bill };
  }
  readonly cargo = {
    airlineBillNo: '999-12345675',
    charged: false,
    mixed: '1' as const,
    departurePort: 'PVG',
    destinationPort: 'RUH',
  };

  async overseas(
    state: 'open' | 'filled' | 'confirmed' = 'open',
  ): Promise<Bill & { order: Made & { carrierId: number } }> {
    const order = await this.shipped();
    const O = contract.overseasLading;
    const bill: Bill = await this.ok('operator', O.create, {
      channelId: this.saChannel,
      carrierId: order.carrierId,
    });
    if (state === 'open') return { ...bill, order };
    await this.ok('pda', at(O.scanTrackingNo, { id: bill.recId }), { trackingNo: order.trackingNo });
    if (state === 'confirmed') await this.ok('pda', O.confirm, { ids: [bill.recId] });
    return { ...bill, order };
  }

  async pkg(state: 'open' | 'filled' | 'confirmed' = 'open'): Promise<Bill> {
    const P = contract.package;
    const p: Bill = await this.ok('pda', P.create, {});
    if (state === 'open') return p;
    const order = await this.order('demo', { receive: true });
    await this.ok('pda', at(P.scanTrackingNo, { id: p.recId }), { trackingNo: order.trackingNo });
    if (state === 'confirmed') await this.ok('pda', P.confirm, { ids: [p.recId] });
    return p;
  }

  /** An order with an interception waiting for its result (and so an abnormal mark). */
  async intercepted(): Promise<Made> {
    const o = await this.order('demo', { receive: true });
    await this.ok('admin', at(contract.order.interceptOrder, { id: o.id }), { reason: 'security matrix' });
    return o;
  }

  async abnormalMark(): Promise<number> {
    const o = await this.intercepted();
    const page = await this.ok('admin', contract.order.orderAbnormalList, { trackingNos: o.trackingNo });
    return page.records[0]!.recId;
  }

  originInput() {
    return {
      body: {
        platform: 'noon',
        platformOrderNo: uniq('NSA'),
        customerId: this.customer.demo,
        channelId: this.saChannel,
        receiver: {
          name: 'Hessa Al-Otaibi',
          phone: '+966 50 000 1111',
          country: 'Saudi Arabia',
          province: 'Riyadh Province',
          city: 'Riyadh',
          address: 'Anas Bin Malik Rd 4',
        },
        sender: {
          name: 'Demo',
          phone: '+86 755 1234 5678',
          country: 'China',
          city: 'Shenzhen',
          address: 'Shennan Rd 1',
        },
        weight: '1.25',
        goods: [{ nameEn: 'Phone case', quantity: 2, unitPrice: '4.5', hsCode: '392690' }],
      } satisfies Body<typeof contract.originOrder.create>,
    } satisfies Req;
  }

  async origin(): Promise<number> {
    return (await this.ok('operator', contract.originOrder.create, this.originInput().body)).recId;
  }

  async originNo(): Promise<string> {
    const input = this.originInput();
    await this.ok('operator', contract.originOrder.create, input.body);
    return input.body.platformOrderNo;
  }

  async confirmedOrigin(): Promise<number> {
    const id = await this.origin();
    await this.ok('operator', contract.originOrder.confirmReceiverAddress, { id });
    await this.ok('operator', contract.originOrder.confirmSenderAddress, { id });
    return id;
  }

  /** A CITC record waiting to be reported: of an order made from an origin order to Saudi Arabia. */
  async citcRecord(): Promise<number> {
    const up = await this.ok('operator', contract.originOrder.uploadOrder, {
      ids: [await this.confirmedOrigin()],
    });
    const page = await this.ok('operator', contract.order.citcList, {
      trackingNos: up.results[0]!.trackingNo!,
    });
    return page.records[0]!.recId;
  }

  /** The tracking no of an order made from an origin order (uploaded) and received at the warehouse. */
  async receivedFromOrigin(): Promise<string> {
    const up = await this.ok('operator', contract.originOrder.uploadOrder, {
      ids: [await this.confirmedOrigin()],
    });
    const trackingNo = up.results[0]!.trackingNo!;
    const r = await this.ok('operator', at(contract.order.receive, { trackingNo }));
    if (r.kind !== 'ok') throw new Error(`receive ${trackingNo}: ${r.kind}`);
    return trackingNo;
  }

  menu = () =>
    this.saved(contract.system.menuSave, {
      parentId: 0,
      nameCn: '测',
      nameEn: 'M',
      nameAr: 'م',
      type: 1,
      path: `/admin/${uniq('m')}`,
    });
  user = () =>
    this.saved(contract.system.userSave, { username: uniq('user'), type: 1, password: 'secret-123' });
  trackingNode = () =>
    this.saved(contract.carrier.saveTrackingNode, {
      carrierId: this.carrier.SMSA,
      code: uniq('TN'),
      nameCn: 'n',
      nameEn: 'n',
      orderStatus: 1,
    });
  /** A printer nothing listens on: a print queued for it runs only when a test drains it, and fails. */
  deadPrinter = () =>
    this.saved(contract.printer.save, { name: uniq('printer'), host: '127.0.0.1', port: 9 });
  channelRecord = () =>
    this.saved(contract.shipping.save, {
      code: uniq('CH'),
      name: uniq('Channel '),
      serviceType: 0,
      segments: [3],
    });

  async volumeLimit(): Promise<number> {
    const page = await this.ok('admin', contract.volumeLimit.list, {});
    if (!page.records[0]) throw new Error('no volume limit in the seed');
    return page.records[0].recId;
  }

  /** A picked-up bill whose mail push has run (and failed: no SMTP in tests), so it may be retried. */
  async failedMailBill(): Promise<number> {
    const bill = await this.bill('pickedUp');
    await this.t.jobs.drain(['lading-mail']);
    return bill.recId;
  }

  /** A pending COD modification of a fresh COD order of the demo customer, imported by `importer`. */
  async codPending(importer: Account): Promise<number> {
    const o = await this.order('demo', { cod: true });
    const file = await sheet(this, contract.cod.downloadTemplate, {
      'logistics order no': o.trackingNo,
      'updated cod amount': '120',
    });
    const r = await send(this.t, contract.cod.import, file, this.tokens[importer]);
    if (r.status !== 200) throw new Error(`cod import: ${r.raw}`);
    const page = await this.ok('admin', contract.cod.list, { trackingNos: o.trackingNo });
    return page.records[0]!.recId;
  }

  /**
   * A pending fee exception of a fresh received order of the demo customer (as if its channel had
   * had no price rule at receipt): feeRecalculate then computes its fees with the rule it has now.
   */
  async feeException(): Promise<number> {
    const o = await this.order('demo', { receive: true });
    const r = await this.t.database.db.execute<{ id: number }>(sql`
      INSERT INTO fee_exceptions (order_id, customer_id, reason)
      SELECT id, customer_id, ${FeeExceptionReason.noRule} FROM orders WHERE id = ${o.id}
      RETURNING id`);
    return r.rows[0]!.id;
  }

  /** A package of one order, confirmed and picked up in a package-type lading bill: its package no. */
  async shippedPackageNo(): Promise<string> {
    const p = await this.pkg('confirmed');
    const bill: Bill = await this.ok('operator', L.create, { channelId: this.saChannel, orderType: 2 });
    await this.ok('pda', at(L.scanTrackingNo, { id: bill.recId }), { trackingNo: p.no });
    await this.ok('pda', L.confirm, { ids: [bill.recId] });
    await this.ok('pda', at(L.confirmPickup, { id: bill.recId }));
    return p.no;
  }

  /** A finished export task of `who`'s own (export tasks belong to the account that made them). */
  async exportTaskOf(who: Account): Promise<number> {
    const r = await call(this.t, contract.order.exportOrderInfo, {
      token: this.tokens[who],
      body: { ids: [this.own.demo.order.id], ...exportRange() },
    });
    const task = r.status === 200 ? r.body.data : await this.ok(who, contract.cod.export, {});
    await exportsInFlight();
    return task.recId;
  }
}
