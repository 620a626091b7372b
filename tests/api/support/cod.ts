import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { xlsxOf } from '../../support/files.ts';
import { DEMO, useTestApp } from './app.ts';
import { at, call, callWith } from './call.ts';
import { riyadhCodOrder } from './order-body.ts';

type Who = keyof typeof DEMO;

export const HEADERS = ['*Logistics order no', '*Updated COD amount', 'Currency', 'Remarks'];

/**
 * The COD modification tests' app: the demo accounts logged in, region and customer ids by code,
 * orders made as staff and received, the modifications' import and list.
 */
export function useCod() {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const region: Record<string, number> = {};
  const customer: Record<string, number> = {};
  let channelId = 0;

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  const upload = (who: Who, content: Buffer, lang = 'en') =>
    call(t, contract.cod.import, { token: tokens[who], lang, file: { name: 'cod.xlsx', content } });
  const download = (entry: EndpointDef, who: Who, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang });
  const list = async (who: Who, body: Body<typeof contract.cod.list> = {}) => {
    const r = await post(contract.cod.list, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    for (const r of await q<{ id: number; code: string }>(sql`SELECT id, code FROM regions`))
      region[r.code] = r.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM customers`))
      customer[c.code] = c.id;
    channelId = (
      await q<{ id: number }>(sql`SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`)
    )[0]!.id;
  });

  const create = async (customerCode = 'DEMO') => {
    const r = await post(
      contract.order.create,
      'admin',
      // OTHER may not create COD orders.
      riyadhCodOrder(region, channelId, {
        customerId: customer[customerCode],
        cod: customerCode !== 'OTHER',
      }),
    );
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const receive = async (trackingNo: string) => {
    const r = await post(at(contract.order.receive, { trackingNo }), 'operator');
    expect(r.body.data.kind, r.raw).toBe('ok');
  };
  const detail = async (id: number) =>
    (await call(t, contract.order.getOrderDetail, { params: { id }, token: tokens.admin, lang: 'en' })).body
      .data;
  const setStatus = (id: number, status: number) =>
    q(sql`UPDATE orders SET status = ${status} WHERE id = ${id}`);
  const importRows = async (who: Who, rows: (string | number)[][], lang = 'en') =>
    upload(who, await xlsxOf([HEADERS, ...rows]), lang);

  return {
    t,
    tokens,
    region,
    customer,
    q,
    post,
    upload,
    download,
    list,
    create,
    receive,
    detail,
    setStatus,
    importRows,
  };
}
