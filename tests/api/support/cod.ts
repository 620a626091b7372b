import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { xlsxOf } from '../../support/files.ts';
import type { DEMO } from './app.ts';
import { call, callWith } from './call.ts';
import { useStaffOrders } from './order-body.ts';

type Who = keyof typeof DEMO;

export const HEADERS = ['*Logistics order no', '*Updated COD amount', 'Currency', 'Remarks'];

/**
 * The COD modification tests' app: the demo accounts logged in, region and customer ids by code,
 * orders made as staff and received, the modifications' import and list.
 */
export function useCod() {
  const { t, tokens, region, customer, q, post, bodyFor, receive } = useStaffOrders();

  const upload = (who: Who, content: Buffer, lang = 'en') =>
    call(t, contract.cod.import, { token: tokens[who], lang, file: { name: 'cod.xlsx', content } });
  const download = (entry: EndpointDef, who: Who, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], lang });
  const list = async (who: Who, body: Body<typeof contract.cod.list> = {}) => {
    const r = await post(contract.cod.list, who, body);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };

  const create = async (customerCode = 'DEMO') => {
    const r = await post(contract.order.create, 'admin', bodyFor(customerCode));
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
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
