import type { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { at, callWith } from './call.ts';
import { idsByCode, makeOrders, useMovementApp, type Who } from './movement.ts';
import { exportSheet } from './reports.ts';

/**
 * The lading bill tests' app: the demo accounts logged in, channel, carrier and region ids by code,
 * and the calls they make (a bill made, scanned, filled with new orders, its detail, an export).
 */
export function useLading() {
  const { t, tokens, channel, post, get, orderOf } = useMovementApp();
  const carrier: Record<string, number> = {};
  const region: Record<string, number> = {};

  const create = (body: object, who: Who = 'operator') => post(contract.lading.create, who, body);
  const scan = (id: number, trackingNo: string, who: Who = 'pda', headers: Record<string, string> = {}) =>
    post(at(contract.lading.scanTrackingNo, { id }), who, { trackingNo }, headers);
  const detail = async (id: number) => (await get(at(contract.lading.detail, { id }), 'admin')).body.data;
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
