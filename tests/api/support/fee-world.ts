import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../../src/shared/contract/order.ts';
import type { PriceRuleInput } from '../../../src/shared/contract/shipping.ts';
import type { DEMO } from './app.ts';
import { call, callRaw } from './call.ts';
import { RIYADH, useStaffOrders } from './order-body.ts';

export type Who = keyof typeof DEMO | 'viewer';

/**
 * The world of the fee API tests (fee.test.ts, fee-exceptions.test.ts): an app, tokens (and a fee
 * viewer's), region, customer and channel ids, four orders (one received without a rule), and
 * callers by entry. Called at the top of a file's describe: each file gets its own database.
 */
export function useFeeWorld() {
  const { t, tokens, region, customer, q, post, receive } = useStaffOrders<'viewer'>();
  const channel: Record<string, number> = {};

  /** Input the entry's schema refuses, on purpose. */
  const postRaw = (entry: EndpointDef, who: Who, body: unknown = {}, lang = 'en') =>
    callRaw(t, entry, { token: tokens[who], body, lang });
  const ok = async <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') => {
    const r = await post(entry, who, body, lang);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const details = (body: object, who: Who = 'finance', lang = 'en') =>
    ok(contract.fee.detailList, who, body, lang);
  const exceptions = (body: object, who: Who = 'finance', lang = 'en') =>
    ok(contract.fee.exceptionList, who, body, lang);
  const info = async (orderId: number, lang = 'en') =>
    (await ok(contract.fee.feeInfoList, 'finance', { orderId }, lang)).records[0]!;

  /** Sets (or with null removes) a channel's rule for a country through shipping/update. */
  const setRule = async (code: string, country: string, rule: Omit<PriceRuleInput, 'countryId'> | null) => {
    const id = channel[code]!;
    const c = (await call(t, contract.shipping.view, { params: { shippingId: id }, token: tokens.admin }))
      .body.data;
    const prices: PriceRuleInput[] = c.prices
      .filter((p) => p.countryId !== region[country])
      .map(({ recId: _r, countryCode: _c, countryName: _n, ...p }) => p);
    if (rule) prices.push({ countryId: region[country]!, ...rule });
    const { recId, code: cc, name, nameEn, serviceType, segments, countryId, volumeDivisor } = c;
    await ok(contract.shipping.update, 'admin', {
      ...{ recId, code: cc, name, nameEn, serviceType, segments, countryId, volumeDivisor },
      ...{ ladingType: c.ladingType, status: c.status, remark: c.remark },
      carrierIds: c.carriers.map((x) => x.recId),
      prices,
    });
  };

  const order = async (who: 'DEMO' | 'OTHER', code: string, chain: readonly string[], more: object = {}) => {
    const o = await ok(contract.order.create, 'admin', {
      customerId: customer[who],
      channelId: channel[code],
      consignee: {
        name: 'Fatima Al-Khalifa',
        phone: '+973 3612 3456',
        regionIds: chain.map((c) => region[c]),
        address: 'Road 2803, Block 428',
      },
      weight: '1.200',
      isCod: false,
      goods: [{ nameEn: 'Scarf', nameCn: '围巾', quantity: 1, hsCode: '621410', unitPrice: '12.00' }],
      ...more,
    });
    return o;
  };

  const MANAMA = ['BH', 'BH-CA', 'BH-CA-BAH'];
  const BH_RULE = {
    currency: 'CNY',
    firstWeight: '0.5',
    firstPrice: '44.00',
    stepWeight: '0.5',
    stepPrice: '18.50',
    codFeeRate: '2',
    minCodFee: '6',
  };
  /** The orders made in beforeAll: COD to Riyadh, the other customer's, Bahrain (no rule), not received. */
  const o = {} as Record<'codOrder' | 'otherOrder' | 'bahrain' | 'notReceived', OrderDetail>;

  beforeAll(async () => {
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM shipping_channels`))
      channel[c.code] = c.id;

    o.codOrder = await order('DEMO', 'CN-SA-AIR-COD', RIYADH, {
      isCod: true,
      codAmount: '199.00',
      codCurrency: 'SAR',
    });
    o.otherOrder = await order('OTHER', 'CN-SA-AIR-COD', RIYADH, { weight: '0.400' });
    o.bahrain = await order('DEMO', 'CN-GCC-AIR', MANAMA, { weight: '1.000' });
    o.notReceived = await order('DEMO', 'CN-SA-AIR-COD', RIYADH);
    await receive(o.codOrder.trackingNo);
    await receive(o.otherOrder.trackingNo);
    // Bahrain's rate has expired: the parcel is received without a rule.
    await setRule('CN-GCC-AIR', 'BH', null);
    await receive(o.bahrain.trackingNo);

    // A staff account that may see fee exceptions but neither recalculate nor export them.
    const menus = await ok(contract.system.getAllMenus, 'admin');
    const pick = (path: string) => menus.find((m) => m.path === path)!.recId;
    const role = await ok(contract.system.roleSave, 'admin', {
      name: 'Fee viewer',
      menuIds: [pick('/admin/priceManage'), pick('/admin/priceManage/feeException')],
    });
    await ok(contract.system.userSave, 'admin', {
      username: 'feeviewer',
      type: 1,
      roleIds: [role.recId],
      password: 'viewer-pass',
    });
    tokens.viewer = await t.login('feeviewer', 'viewer-pass');
  });
  return {
    t,
    tokens,
    region,
    customer,
    channel,
    o,
    q,
    post,
    postRaw,
    ok,
    details,
    exceptions,
    info,
    setRule,
    BH_RULE,
  };
}
