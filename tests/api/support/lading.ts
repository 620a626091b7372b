import type { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './app.ts';
import { at, callWith } from './call.ts';
import { idsByCode, makeOrders } from './movement.ts';
import { exportSheet } from './reports.ts';

type Who = keyof typeof DEMO;

/**
 * The lading bill tests' app: the demo accounts logged in, channel, carrier and region ids by code,
 * and the calls they make (a bill made, scanned, filled with new orders, its detail, an export).
 */
export function useLading() {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const channel: Record<string, number> = {};
  const carrier: Record<string, number> = {};
  const region: Record<string, number> = {};

  const post = <E extends EndpointDef>(
    entry: E,
    who: Who,
    body = {} as Body<E>,
    headers: Record<string, string> = {},
    lang = 'en',
  ) => callWith(t, entry, { token: tokens[who], body, headers, lang });
  const get = <E extends EndpointDef>(entry: E, who: Who, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang });
  const create = (body: object, who: Who = 'operator') => post(contract.lading.create, who, body);
  const scan = (id: number, trackingNo: string, who: Who = 'pda', headers: Record<string, string> = {}) =>
    post(at(contract.lading.scanTrackingNo, { id }), who, { trackingNo }, headers);
  const detail = async (id: number) => (await get(at(contract.lading.detail, { id }), 'admin')).body.data;
  const orderOf = async (id: number) =>
    (await get(at(contract.order.getOrderDetail, { id }), 'admin')).body.data;
  const orders = (n: number, opts: Parameters<typeof makeOrders>[3] = {}) => makeOrders(t, tokens, n, opts);
  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const newBill = async (body: object = {}) => {
    const r = await create({ channelId: channel['CN-SA-AIR-COD'], ...body });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const filled = async (n: number) => {
    const bill = await newBill();
    const os = await orders(n);
    for (const o of os) expect((await scan(bill.recId, o.trackingNo)).status).toBe(200);
    return { bill, orders: os };
  };
  const upload = <E extends EndpointDef>(entry: E, who: Who, name: string, content: Buffer) =>
    callWith(t, entry, { token: tokens[who], lang: 'en', file: { name, content } });
  const exported = async (entry: EndpointDef, body: object) =>
    (await exportSheet(t, tokens.admin, entry, body)).sheet;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    Object.assign(channel, await idsByCode(t, 'shipping_channels'));
    Object.assign(carrier, await idsByCode(t, 'carriers'));
    Object.assign(region, await idsByCode(t, 'regions'));
  });

  return {
    t,
    tokens,
    channel,
    carrier,
    region,
    post,
    get,
    create,
    scan,
    detail,
    orderOf,
    orders,
    q,
    newBill,
    filled,
    upload,
    exported,
  };
}
