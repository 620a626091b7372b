import { queryOptions } from '@tanstack/react-query';
import type { BatchDetail, BatchRecord } from '../../../shared/contract/batch.ts';
import type { MAX_PAGE_SIZE } from '../../../shared/contract/core.ts';
import type { LadingDetail, LadingRecord } from '../../../shared/contract/lading.ts';
import type { OverseasDetail, OverseasRecord } from '../../../shared/contract/overseas-lading.ts';
import type { PackageDetail, PackageRecord } from '../../../shared/contract/package.ts';
import { LadingOrderType, PickupStatus } from '../../../shared/domain/lading.ts';
import { callApi } from '../client.ts';
import { wire } from '../wire-endpoints.ts';
import { PDA_BILL_TYPES, type PdaBillType } from './pda-kinds.ts';

export { PDA_BILL_TYPES, type PdaBillType };

/**
 * What the PDA reads about bills, kept small (only what its screens show and its duplicate check
 * needs) because it is persisted (persist.ts: the `pda` prefix), so a scanner that reloads
 * offline still shows the open bills and what is already in them.
 */
export interface PdaBill {
  id: number;
  no: string;
  /** What identifies the bill besides its number, part by part: channel and country, airline bill, consignee. */
  line: string[];
  /** Parcels (orders or packages; lading bills for a batch). */
  count: number;
  /** kg, decimal string. */
  weight: string;
  /** Sealed: takes no more scans. Batches have no confirm step. */
  confirmed: boolean;
  pickupStatus: number;
}

export interface PdaBillDetail {
  bill: PdaBill;
  /** The numbers already in the bill (tracking nos, package nos, lading nos for a batch). */
  codes: string[];
}

/** Kept this long without a screen reading them (default 5 minutes would drop them offline). */
const OFFLINE_GC_MS = 7 * 24 * 60 * 60 * 1000;
const STALE_MS = 15_000;
/**
 * Open bills a scanner chooses from: every bill not yet picked up, a page at a time, up to this
 * many (an older open bill is as much the warehouse's as a new one; the newest come first).
 */
export const OPEN_BILLS_MAX = 2_000;
/** The contract's largest page (typed from it: its value would bring the contract's zod here). */
const PAGE_SIZE: typeof MAX_PAGE_SIZE = 500;

/** The parts of a bill's line that it has (BillLine shows each one isolated). */
const partsOf = (...parts: (string | null | undefined)[]): string[] => parts.filter((p): p is string => !!p);

const fromLading = (r: LadingRecord): PdaBill => ({
  id: r.recId,
  no: r.no,
  // A bill of packages says so first: it takes package numbers, not orders'.
  line: partsOf(
    r.orderType === LadingOrderType.package ? r.orderTypeName : '',
    r.channelName,
    r.countryName,
    r.carrierName,
  ),
  count: r.itemCount,
  weight: r.weight,
  confirmed: r.confirmState === 1,
  pickupStatus: r.pickupStatus,
});

const fromBatch = (r: BatchRecord): PdaBill => ({
  id: r.recId,
  no: r.batchNo,
  line: partsOf(
    r.airlineBillNo,
    r.departurePort && r.destinationPort ? `${r.departurePort} → ${r.destinationPort}` : '',
  ),
  count: r.ladingCount,
  weight: r.weight,
  confirmed: false,
  pickupStatus: r.pickupStatus,
});

const fromOverseas = (r: OverseasRecord): PdaBill => ({
  id: r.recId,
  no: r.no,
  line: partsOf(r.channelName, r.countryName, r.carrierName),
  count: r.orderCount,
  weight: r.weight,
  confirmed: r.confirmState === 1,
  pickupStatus: r.pickupStatus,
});

const fromPackage = (r: PackageRecord): PdaBill => ({
  id: r.recId,
  no: r.no,
  line: partsOf(r.consigneeName, r.countryName, r.channelName),
  count: r.orderCount,
  weight: r.weight,
  confirmed: r.confirmState === 1,
  pickupStatus: r.pickupStatus,
});

/** The records of every page a list answers, until a short page or OPEN_BILLS_MAX records. */
export async function allPages<R>(page: (pageNo: number) => Promise<{ records: R[] }>): Promise<R[]> {
  const out: R[] = [];
  for (let pageNo = 1; out.length < OPEN_BILLS_MAX; pageNo++) {
    const { records } = await page(pageNo);
    out.push(...records);
    if (records.length < PAGE_SIZE) break;
  }
  return out.slice(0, OPEN_BILLS_MAX);
}

const open = (pageNo: number) => ({
  pageNo,
  pageSize: PAGE_SIZE,
  pickupStatus: PickupStatus.notPickedUp,
});

async function openBills(type: PdaBillType, signal: AbortSignal): Promise<PdaBill[]> {
  switch (type) {
    case 'lading':
      return (await allPages((n) => callApi(wire.lading.list, { body: open(n), signal }))).map(fromLading);
    case 'batch':
      return (await allPages((n) => callApi(wire.batch.list, { body: open(n), signal }))).map(fromBatch);
    case 'overseas':
      return (await allPages((n) => callApi(wire.overseasLading.list, { body: open(n), signal }))).map(
        fromOverseas,
      );
    case 'package':
      return (await allPages((n) => callApi(wire.pkg.list, { body: open(n), signal }))).map(fromPackage);
  }
}

async function billDetail(type: PdaBillType, id: number, signal: AbortSignal): Promise<PdaBillDetail> {
  switch (type) {
    case 'lading': {
      const d: LadingDetail = await callApi(wire.lading.detail, { params: { id }, signal });
      return { bill: fromLading(d), codes: d.items.map((i) => i.trackingNo) };
    }
    case 'batch': {
      const d: BatchDetail = await callApi(wire.batch.detail, { params: { id }, signal });
      return { bill: fromBatch(d), codes: d.ladings.map((l) => l.no) };
    }
    case 'overseas': {
      const d: OverseasDetail = await callApi(wire.overseasLading.detail, { params: { id }, signal });
      return { bill: fromOverseas(d), codes: d.items.map((i) => i.trackingNo) };
    }
    case 'package': {
      const d: PackageDetail = await callApi(wire.pkg.detail, { params: { id }, signal });
      return { bill: fromPackage(d), codes: d.items.map((i) => i.trackingNo) };
    }
  }
}

export const pdaQueries = {
  all: () => ['pda'] as const,
  /** Bills of a type not yet picked up (open or confirmed), newest first. */
  openBills: (type: PdaBillType) =>
    queryOptions({
      queryKey: [...pdaQueries.all(), type, 'open'] as const,
      queryFn: ({ signal }) => openBills(type, signal),
      staleTime: STALE_MS,
      gcTime: OFFLINE_GC_MS,
    }),
  /** One bill and the numbers in it. */
  bill: (type: PdaBillType, id: number) =>
    queryOptions({
      queryKey: [...pdaQueries.all(), type, 'bill', id] as const,
      queryFn: ({ signal }) => billDetail(type, id, signal),
      staleTime: STALE_MS,
      gcTime: OFFLINE_GC_MS,
    }),
};

/** Opens a new, empty package (online: its number comes from the server) for the PDA to scan into. */
export async function createPackage(): Promise<PdaBill> {
  const created = await callApi(wire.pkg.create, { body: {}, idempotencyKey: crypto.randomUUID() });
  return fromPackage(created);
}
