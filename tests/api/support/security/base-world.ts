import { randomUUID } from 'node:crypto';
import { exportsInFlight } from '../../../../src/server/files/export.ts';
import type { Body, Data, EndpointDef } from '../../../../src/shared/contract/core.ts';
import { contract } from '../../../../src/shared/contract/index.ts';
import type { TestApp } from '../app.ts';
import { at, callWith } from '../call.ts';
import { idsByCode } from '../movement.ts';
import { RIYADH, riyadhCodOrder } from '../order-body.ts';
import { type Account, type Customer, customerOf, LOGINS } from './accounts.ts';

/**
 * The accounts and the records every security test starts from: each account logged in, master
 * data ids by code, and per customer a received order (with a remark), an export task and an
 * address-book entry, made by its main account through the product's own calls, so that a foreign
 * record is a real one. world.ts adds the factories of fresh records.
 */

export interface Made {
  id: number;
  trackingNo: string;
}

export const uniq = (prefix: string) =>
  `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** The creation time range the order exports require: the day around now. */
export const exportRange = () => ({
  startTime: new Date(Date.now() - 86_400_000).toISOString(),
  endTime: new Date(Date.now() + 86_400_000).toISOString(),
});

export class BaseWorld {
  readonly t: TestApp;
  readonly tokens = {} as Record<Account, string | undefined>;
  region: Record<string, number> = {};
  channel: Record<string, number> = {};
  carrier: Record<string, number> = {};
  customer: Record<Customer, number> = { demo: 0, other: 0 };
  /** Per customer: a received order, an export task and an address-book entry, made by its main account. */
  own = {} as Record<Customer, { order: Made; exportTaskId: number; addressId: number }>;
  /** Text that only the customer's own records hold: finding it in another's answer is a leak. */
  markers: Record<Customer, string[]> = { demo: [], other: [] };

  constructor(t: TestApp) {
    this.t = t;
  }

  get saChannel() {
    return this.channel['CN-SA-AIR-COD']!;
  }
  get riyadh() {
    return RIYADH.map((c) => this.region[c]!);
  }

  async setUp(): Promise<void> {
    this.tokens.anonymous = undefined;
    await this.relogin();
    // The ninth caller: an API key of the demo main account, with every scope.
    this.tokens.demoKey = (await this.ok('demo', contract.apiKey.create, { name: 'matrix caller' })).secret;
    this.region = await idsByCode(this.t, 'regions');
    this.channel = await idsByCode(this.t, 'shipping_channels');
    this.carrier = await idsByCode(this.t, 'carriers');
    for (const c of ['demo', 'other'] as const) {
      const me = await this.ok(c, contract.auth.me);
      this.customer[c] = me.customerId!;
      const order = await this.order(c, { receive: true });
      const remark = uniq(`REMARK-${c}-`);
      await this.ok(c, contract.order.addRemark, { orderId: order.id, content: remark });
      const task = await this.ok(c, contract.order.exportOrderInfo, {
        trackingNos: order.trackingNo,
        ...exportRange(),
      });
      const address = await this.ok(c, contract.region.customerRegionAdd, {
        regionId: this.riyadh[2],
        contact: uniq(`CONTACT-${c}-`),
        phone: '+966 50 000 0000',
        address: uniq(`ADDRESS-${c}-`),
      });
      this.own[c] = { order, exportTaskId: task.recId, addressId: address.recId };
      this.markers[c].push(order.trackingNo, remark, me.customerName!);
    }
    await exportsInFlight();
  }

  /**
   * Calls `entry` as `who` (`at(entry, params)` for one with path parameters; a GET sends no body)
   * and answers `data`; any other answer than 200 fails the setup with the reason.
   */
  async ok<E extends EndpointDef>(who: Account, entry: E, body = {} as Body<E>): Promise<Data<E>> {
    const post = entry.method === 'POST' ? { body } : {};
    const r = await callWith(this.t, entry, { token: this.tokens[who], lang: 'en', ...post });
    if (r.status !== 200)
      throw new Error(`setup ${entry.method} ${entry.path} as ${who}: ${r.status} ${r.raw}`);
    return r.body.data;
  }

  /** A fresh order of `owner` (a customer, or the account's customer) to Riyadh, optionally received. */
  async order(
    owner: Customer | Account = 'demo',
    opts: { receive?: boolean; cod?: boolean } = {},
  ): Promise<Made> {
    const customer: Customer = owner === 'other' ? 'other' : (customerOf(owner as Account) ?? 'demo');
    const o = await this.ok(
      customer,
      contract.order.create,
      riyadhCodOrder(this.region, this.saChannel, {
        cod: !!opts.cod,
        consignee: { address: `King Fahd Road ${uniq('')}` },
        weight: '1.250',
      }),
    );
    if (opts.receive) {
      const r = await this.ok('operator', at(contract.order.receive, { trackingNo: o.trackingNo }));
      if (r.kind !== 'ok') throw new Error(`receive ${o.trackingNo}: ${r.kind}`);
    }
    this.markers[customer].push(o.trackingNo);
    return { id: o.recId, trackingNo: o.trackingNo };
  }

  /** A lading bill on the Saudi channel: open and empty, holding one order, confirmed, or picked up. */

  /** A fresh staff-side record through its save call; answers its recId. */
  async saved<E extends EndpointDef>(entry: E, body: Body<E>): Promise<number> {
    return ((await this.ok('admin', entry, body)) as { recId: number }).recId;
  }

  isStaff = (who: Account) => who === 'admin' || who === 'operator' || who === 'finance';
  passwordOf = (who: Account) => (who === 'anonymous' || who === 'demoKey' ? '' : LOGINS[who][1]);

  /** A session of its own for `who` (calls that end the caller's session). */
  async freshToken(who: Account): Promise<string | undefined> {
    if (who === 'demoKey') return this.tokens.demoKey;
    return who === 'anonymous' ? undefined : this.t.login(...LOGINS[who]);
  }

  /** Logs every account in again (after a call that ended all its sessions). */
  async relogin(): Promise<void> {
    for (const [a, [u, p]] of Object.entries(LOGINS)) this.tokens[a as Account] = await this.t.login(u, p);
  }

  readonly uniq = uniq;
}
