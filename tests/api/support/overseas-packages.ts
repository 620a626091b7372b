import { expect } from 'vitest';
import { exportsInFlight } from '../../../src/server/files/export.ts';
import type { EndpointDef } from '../../../src/shared/contract/core.ts';
import type { ExportTaskRecord } from '../../../src/shared/contract/export-task.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { at, callRaw } from './call.ts';
import { makeOrders, useMovementApp, type Who } from './movement.ts';
import { exportSheet } from './reports.ts';

/**
 * The overseas lading and package tests' app: the demo accounts logged in, channel ids by code,
 * orders shipped from the origin, overseas bills, scans, pickups and exports.
 */
export function useOverseasPackages() {
  const { t, tokens, channel, post, get, orderOf, eventsOf } = useMovementApp();

  const intercept = async (id: number) => {
    const r = await post(at(contract.order.interceptOrder, { id }), 'admin', { reason: 'hold' });
    expect(r.status).toBe(200);
  };
  /** Puts an order in an origin lading bill (by the PDA). */
  const ladingScan = (id: number, trackingNo: string) =>
    post(at(contract.lading.scanTrackingNo, { id }), 'pda', { trackingNo });
  const pickup = (id: number, headers: Record<string, string> = {}) =>
    post(at(contract.overseasLading.confirmPickup, { id }), 'pda', {}, headers);
  /** An export's file, downloaded once it is done. */
  const exportedSheet = async (entry: EndpointDef, body: object) =>
    (await exportSheet(t, tokens.admin, entry, body)).sheet;
  const exported = async (entry: EndpointDef, body: object) => {
    const s = await callRaw(t, entry, { token: tokens.admin, body, lang: 'en' });
    expect(s.status, s.raw).toBe(200);
    await exportsInFlight();
    const list = await post(contract.exportTask.listExportTask, 'admin', {});
    return list.body.data.records.find((r) => r.recId === (s.body.data as ExportTaskRecord).recId)!;
  };

  /** Orders picked up at the origin (through a lading bill), of one last-mile carrier. */
  const shipped = async (n: number) => {
    const os = await makeOrders(t, tokens, n);
    const bill = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD'] }))
      .body.data;
    for (const o of os) await ladingScan(bill.recId, o.trackingNo);
    await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
    expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
    const details = await Promise.all(os.map((o) => orderOf(o.id)));
    const carrierId = details[0]!.carrierId!;
    expect(carrierId).not.toBeNull();
    return { orders: os.filter((_, i) => details[i]!.carrierId === carrierId), carrierId };
  };
  const overseasBill = async (carrierId: number, who: Who = 'pda') => {
    const r = await post(contract.overseasLading.create, who, {
      channelId: channel['CN-SA-AIR-COD'],
      carrierId,
    });
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const oscan = (id: number, no: string, who: Who = 'pda', headers: Record<string, string> = {}) =>
    post(at(contract.overseasLading.scanTrackingNo, { id }), who, { trackingNo: no }, headers);

  return {
    t,
    tokens,
    channel,
    post,
    get,
    orderOf,
    eventsOf,
    intercept,
    ladingScan,
    pickup,
    exportedSheet,
    exported,
    shipped,
    overseasBill,
    oscan,
  };
}
