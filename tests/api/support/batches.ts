import { expect } from 'vitest';
import type { EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import type { LadingRecord } from '../../../src/shared/contract/lading.ts';
import { at, callWith } from './call.ts';
import { type MadeOrder, makeOrders, useMovementApp, type Who } from './movement.ts';

/**
 * The batch tests' app: the demo accounts logged in, channel ids by code, air cargo fields, and
 * picked-up lading bills (of orders, or of one package) to put into batches.
 */
export function useBatches() {
  const { t, tokens, channel, post, get, orderOf, eventsOf } = useMovementApp();

  const detail = async (id: number) => (await get(at(contract.batch.detail, { id }), 'admin')).body.data;
  const scanInto = (id: number, trackingNo: string, who: Who = 'pda') =>
    post(at(contract.batch.scanLading, { id }), who, { trackingNo });
  const cargo = {
    airlineBillNo: '999-12345675',
    charged: false,
    mixed: '1' as const,
    departurePort: 'PVG',
    destinationPort: 'RUH',
  };

  /** A picked-up lading bill of n orders. */
  const pickedUp = async (n = 1): Promise<{ bill: LadingRecord; orders: MadeOrder[] }> => {
    const bill = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD'] }))
      .body.data;
    const os = await makeOrders(t, tokens, n);
    for (const o of os)
      expect(
        (
          await post(at(contract.lading.scanTrackingNo, { id: bill.recId }), 'pda', {
            trackingNo: o.trackingNo,
          })
        ).status,
      ).toBe(200);
    expect((await post(contract.lading.confirm, 'pda', { ids: [bill.recId] })).status).toBe(200);
    const p = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
    expect(p.status, p.raw).toBe(200);
    return { bill: p.body.data.bill, orders: os };
  };
  /** A picked-up lading bill of packages holding one package of n orders of one consignee. */
  const pickedUpPackage = async (n: number, tag: string) => {
    const os = await makeOrders(t, tokens, n, {
      consignee: { name: `Sara ${tag}`, phone: '+966 55 000 2222', address: `Olaya Street ${tag}` },
    });
    const pkg = (
      await post(contract.package.create, 'pda', {
        trackingNos: os.map((o) => o.trackingNo).join(' '),
      })
    ).body.data;
    expect((await post(contract.package.confirm, 'pda', { ids: [pkg.recId] })).status).toBe(200);
    const bill = (
      await post(contract.lading.create, 'operator', {
        channelId: channel['CN-SA-AIR-COD'],
        orderType: 2,
      })
    ).body.data;
    expect(
      (await post(at(contract.lading.scanTrackingNo, { id: bill.recId }), 'pda', { trackingNo: pkg.no }))
        .status,
    ).toBe(200);
    expect((await post(contract.lading.confirm, 'pda', { ids: [bill.recId] })).status).toBe(200);
    const p = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
    expect(p.status, p.raw).toBe(200);
    return { bill: p.body.data.bill, pkg, orders: os };
  };
  const intercept = async (id: number) =>
    expect(
      (await post(at(contract.order.interceptOrder, { id }), 'admin', { reason: 'customer asked' })).status,
    ).toBe(200);
  const ladingDetail = async (id: number) =>
    (await get(at(contract.lading.detail, { id }), 'admin')).body.data;
  const create = (body: object) => post(contract.batch.create, 'operator', { ...cargo, ...body });
  const upload = <E extends EndpointDef>(entry: E, who: Who, content: Buffer) =>
    callWith(t, entry, { token: tokens[who], lang: 'en', file: { name: 'b.xlsx', content } });

  return {
    t,
    tokens,
    channel,
    post,
    get,
    detail,
    scanInto,
    cargo,
    pickedUp,
    pickedUpPackage,
    orderOf,
    eventsOf,
    intercept,
    ladingDetail,
    create,
    upload,
  };
}
