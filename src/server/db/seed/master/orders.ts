import { and, asc, eq, getTableColumns, getTableName, inArray, like, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Enabled } from '../../../../shared/domain/enums.ts';
import {
  FeeExceptionReason,
  type FeeParcel,
  feesFor,
  weightsOf,
} from '../../../../shared/domain/order-fees.ts';
import {
  ABNORMAL_DEPARTMENT,
  AbnormalKind,
  abnormalBit,
  endsDelivery,
  InterceptRequestState,
  InterceptState,
  isWeightDiscrepancy,
  OrderCheckStatus,
  OrderNode,
  SignStatus,
} from '../../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { Segment } from '../../../../shared/domain/segments.ts';
import { findSensitiveWords } from '../../../modules/sensitive-word/find-sensitive-words.ts';
import type { Db } from '../../client.ts';
import {
  carriers,
  carrierTrackingNodes,
  channelCarriers,
  channelPrices,
  customerChannels,
  customerRegions,
  customers,
  depots,
  feeDetails,
  feeExceptions,
  orderAbnormals,
  orderEvents,
  orderGoods,
  orderIntercepts,
  orderRemarks,
  orders,
  regions,
  shippingChannels,
  trackingNumbers,
  trackingSettings,
  users,
} from '../../schema/index.ts';
import { seedFeeCases } from './fee-cases.ts';
import {
  addressLine,
  CANCEL_REASONS,
  COD_RANGE,
  type Country,
  CURRENCY,
  CUSTOMS_POINT,
  DELIVERY_FAILURES,
  expatNames,
  FX,
  familyNames,
  firstNames,
  GOODS,
  type Goods,
  INTERCEPT_REASONS,
  INTERCEPT_RESULTS,
  ORIGIN_HUBS,
  PHONES,
  REMARKS,
  SEA_CUSTOMS,
  SEA_PORT,
  STREETS,
} from './orders-data.ts';

/**
 * The demo orders: a couple of thousand orders of the demo customers over the last 60 days, each
 * with the history the order module would have written for it — goods (sensitive ones flagged),
 * events with the status moves (order_events status/from_status, public or not as the module
 * writes them), the carrier and its number drawn from the tracking-number pool on receipt, fees
 * from the channel's price rule (order-fees.ts), fee exceptions, weighing, interceptions, remarks and
 * abnormal marks. Deterministic (a seeded generator; times are relative to now) and written with
 * multi-row inserts in one transaction. Skipped when the demo orders are there.
 *
 * Carrier numbers: each order's number is a row of the carrier's pool (tracking_numbers, used by
 * the order), added here in the carrier's style. The free numbers the carrier seed put in the pool
 * stay free, so receiving parcels in the demo draws from them as usual.
 */

const ORDER_COUNT = 2_400;
/** Open interception requests the demo always has, on the latest orders. */
const MIN_PENDING_INTERCEPTS = 3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAYS = 60;
/** Demo customer numbers start with this (DEMO's shop order numbers); it marks the seed as done. */
const DEMO_NO_PREFIX = 'SHP';

// ---- a seeded generator ----

export function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const between = (a: number, b: number) => a + (b - a) * next();
  return {
    next,
    between,
    int: (a: number, b: number) => Math.floor(between(a, b + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((n, [, w]) => n + w, 0);
      let x = next() * total;
      for (const [item, w] of items) {
        x -= w;
        if (x < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

// ---- what the seed reads ----

interface Region {
  id: number;
  parentId: number | null;
  level: number;
  code: string;
  nameCn: string;
  nameEn: string;
  nameAr: string;
  postCode: string;
  sort: number;
}

interface ChannelInfo {
  id: number;
  code: string;
  divisor: number;
  countryId: number | null;
  /** Whether its orders get a last-mile carrier and number on receipt (carrier-assign.ts `deliversLastMile`). */
  lastMile: boolean;
  /** Its enabled last-mile carriers, in the channel's order (a line-haul carrier never delivers). */
  carriers: { id: number; code: string; countryId: number | null }[];
  prices: Map<number, typeof channelPrices.$inferSelect>;
}

/** How each demo channel is used: its share of the customer's orders and where it goes. */
const CHANNEL_USE: Record<
  string,
  { share: [demo: number, other: number]; cod: number; to: [Country, number][] }
> = {
  'CN-SA-AIR-COD': { share: [34, 25], cod: 0.75, to: [['SA', 1]] },
  'CN-AE-AIR': { share: [20, 50], cod: 0.4, to: [['AE', 1]] },
  'CN-GCC-AIR': {
    share: [18, 0],
    cod: 0.5,
    to: [
      ['KW', 30],
      ['QA', 25],
      ['BH', 15],
      ['OM', 30],
    ],
  },
  'CN-SA-SEA': {
    share: [7, 10],
    cod: 0,
    to: [
      ['SA', 80],
      ['AE', 20],
    ],
  },
  'CN-AE-AIR-FL': { share: [5, 10], cod: 0, to: [['AE', 1]] },
  'SA-LOCAL-COD': { share: [9, 5], cod: 0.85, to: [['SA', 1]] },
  'EG-LOCAL': { share: [7, 0], cod: 0.7, to: [['EG', 1]] },
};

type Route = 'air' | 'sea' | 'firstLeg' | 'local';
export const routeOf = (code: string): Route =>
  code === 'CN-SA-SEA'
    ? 'sea'
    : code === 'CN-AE-AIR-FL'
      ? 'firstLeg'
      : code === 'SA-LOCAL-COD' || code === 'EG-LOCAL'
        ? 'local'
        : 'air';

/** Carrier numbers in each carrier's style; the carrier seed's free numbers use other prefixes. */
const NUMBER_STYLE: Record<string, (n: number) => string> = {
  SMSA: (n) => `2918${String(n).padStart(8, '0')}`,
  ARAMEX: (n) => `4471${String(n).padStart(7, '0')}`,
  IMILE: (n) => `6108${String(n).padStart(9, '0')}`,
  NAQEL: (n) => `35${String(n).padStart(8, '0')}`,
  JTSA: (n) => `JTS${String(n).padStart(10, '0')}`,
  ZAJIL: (n) => `ZJ${String(n).padStart(9, '0')}`,
  QPOST: (n) => `EQ${String(n).padStart(9, '0')}QA`,
  BHPOST: (n) => `EB${String(n).padStart(9, '0')}BH`,
  OMPOST: (n) => `EO${String(n).padStart(9, '0')}OM`,
  BOSTA: (n) => `7${String(n).padStart(7, '0')}`,
  SF: (n) => `SF${String(n).padStart(13, '0')}`,
  YUN: (n) => `YT${String(n).padStart(16, '0')}`,
};
const carrierNumber = (code: string, n: number) =>
  (NUMBER_STYLE[code] ?? ((k: number) => `${code}${String(k).padStart(10, '0')}`))(n);

// ---- the plan of one order ----

interface PlannedEvent {
  node: string;
  carrierId: number | null;
  status: number | null;
  fromStatus: number | null;
  location: string;
  description: string;
  isPublic: boolean;
  at: number;
  operatorId: number | null;
}

interface PlannedAbnormal {
  kind: AbnormalKind;
  detail: Record<string, unknown>;
  at: number;
  handledAt: number | null;
  handledBy: number | null;
}

interface Step {
  status: number;
  node: string;
  at: number;
}

const round = (x: number, scale: number) => x.toFixed(scale);
const money = (x: number) => x.toFixed(2);

export async function seedDemoOrders(db: Db): Promise<void> {
  const custRows = await db
    .select({ id: customers.id, code: customers.code })
    .from(customers)
    .where(inArray(customers.code, ['DEMO', 'OTHER']));
  const customerId = new Map(custRows.map((c) => [c.code, c.id]));
  const demo = customerId.get('DEMO');
  const other = customerId.get('OTHER');
  if (demo === undefined || other === undefined) return;
  const [done] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, demo), like(orders.customerNo, `${DEMO_NO_PREFIX}%`)))
    .limit(1);
  if (done) return;

  // Master data the orders refer to.
  const userRows = await db.select({ id: users.id, username: users.username }).from(users);
  const user = (name: string) => userRows.find((u) => u.username === name)?.id ?? null;
  const staff = {
    admin: user('admin'),
    operator: user('operator') ?? user('admin'),
    service: user('service') ?? user('admin'),
    pda: user('pda') ?? user('operator') ?? user('admin'),
  };
  const creators: Record<string, [number | null, number][]> = {
    DEMO: [
      [user('demo'), 55],
      [user('demo-sub'), 35],
      [staff.operator, 7],
      [staff.admin, 3],
    ],
    OTHER: [
      [user('other'), 90],
      [staff.operator, 10],
    ],
  };

  const regionRows: Region[] = await db
    .select({
      id: regions.id,
      parentId: regions.parentId,
      level: regions.level,
      code: regions.code,
      nameCn: regions.nameCn,
      nameEn: regions.nameEn,
      nameAr: regions.nameAr,
      postCode: regions.postCode,
      sort: regions.sort,
    })
    .from(regions)
    .where(eq(regions.status, Enabled.enabled));
  const children = new Map<number, Region[]>();
  for (const r of regionRows)
    if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const countries = new Map<Country, { region: Region; leaves: [Region[], number][] }>();
  for (const code of Object.keys(CURRENCY) as Country[]) {
    const region = regionRows.find((r) => r.level === 0 && r.code === code);
    if (!region) continue;
    // Every path down to a city (or its district), weighted towards the bigger provinces and cities.
    const leaves: [Region[], number][] = [];
    const walk = (path: Region[], weight: number) => {
      const last = path[path.length - 1]!;
      const kids = children.get(last.id) ?? [];
      if (kids.length === 0 || last.level >= 3) {
        if (last.level >= 2 || path.length > 1) leaves.push([path, weight]);
        return;
      }
      for (const k of kids) walk([...path, k], weight / (last.level === 2 ? 1 : Math.max(1, k.sort) ** 0.8));
    };
    walk([region], 1);
    if (leaves.length) countries.set(code, { region, leaves });
  }

  const channelRows = await db
    .select({
      id: shippingChannels.id,
      code: shippingChannels.code,
      divisor: shippingChannels.volumeDivisor,
      countryId: shippingChannels.countryId,
      segments: shippingChannels.segments,
    })
    .from(shippingChannels)
    .where(
      and(
        eq(shippingChannels.status, Enabled.enabled),
        inArray(shippingChannels.code, Object.keys(CHANNEL_USE)),
      ),
    );
  const linkRows = await db
    .select({
      channelId: channelCarriers.channelId,
      id: carriers.id,
      code: carriers.code,
      countryId: carriers.countryId,
    })
    .from(channelCarriers)
    .innerJoin(carriers, eq(carriers.id, channelCarriers.carrierId))
    .where(and(eq(carriers.status, Enabled.enabled), eq(carriers.lastMile, 1)))
    .orderBy(asc(channelCarriers.sort), asc(carriers.code));
  const priceRows = await db.select().from(channelPrices);
  const channels = new Map<string, ChannelInfo>(
    channelRows.map((c) => [
      c.code,
      {
        ...c,
        // The demo channels all record their segments (the rule's other half is for older rows).
        lastMile: c.segments.includes(Segment.delivery) || c.segments.includes(Segment.full),
        carriers: linkRows.filter((l) => l.channelId === c.id),
        prices: new Map(priceRows.filter((p) => p.channelId === c.id).map((p) => [p.countryId, p])),
      },
    ]),
  );
  const allowed = await db.select().from(customerChannels);
  const channelsOf = (cust: string) => {
    const id = customerId.get(cust)!;
    const share = cust === 'DEMO' ? 0 : 1;
    return [...channels.values()]
      .filter((c) => allowed.some((a) => a.customerId === id && a.channelId === c.id))
      .map((c) => [c, CHANNEL_USE[c.code]!.share[share]] as const)
      .filter(([, w]) => w > 0);
  };
  const usable = { DEMO: channelsOf('DEMO'), OTHER: channelsOf('OTHER') };
  if (usable.DEMO.length === 0 || usable.OTHER.length === 0 || countries.size === 0) return;

  const senders = await db
    .select()
    .from(customerRegions)
    .where(inArray(customerRegions.customerId, [demo, other]))
    .orderBy(asc(customerRegions.customerId), asc(customerRegions.isDefault), asc(customerRegions.id));
  const depotRows = await db.select({ id: depots.id, code: depots.code, name: depots.name }).from(depots);
  const depot = (code: string) => depotRows.find((d) => d.code === code) ?? null;
  // Carrier event codes by our standard node (a carrier's node copies the standard node's name).
  const nodeRows = await db
    .select({
      carrierId: carrierTrackingNodes.carrierId,
      code: carrierTrackingNodes.code,
      std: trackingSettings.code,
    })
    .from(carrierTrackingNodes)
    .innerJoin(trackingSettings, eq(trackingSettings.nameEn, carrierTrackingNodes.nameEn));
  const carrierCode = new Map(nodeRows.map((n) => [`${n.carrierId}:${n.std}`, n.code]));
  // The sensitive words of each catalogue item, as order/create finds them in the goods names.
  const catalogueHits = await findSensitiveWords(
    db,
    GOODS.map((g) => `${g.en} ${g.cn}`),
  );
  const sensitiveOf = new Map(GOODS.map((g, k) => [g, catalogueHits[k] ?? []]));

  // ---- the plan ----
  const r = generator(20_240_601);
  const now = Date.now();
  const cutoff = now - 5 * 60_000;

  interface Base {
    cust: 'DEMO' | 'OTHER';
    createdAt: number;
  }
  const bases = Array.from({ length: ORDER_COUNT }, (): Base => {
    // Busier lately (the business grows), at shop hours in China (UTC+8, 9:00 to 24:00).
    const age = DAYS * r.next() ** 1.15;
    const day = Math.floor(age);
    const localHour = r.between(9, 24);
    const midnight = Math.floor((now + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
    let at = midnight - day * DAY + localHour * HOUR;
    if (at > cutoff - 10 * 60_000) at = cutoff - r.between(10, 600) * 60_000;
    return { cust: r.chance(0.75) ? 'DEMO' : 'OTHER', createdAt: at };
  }).sort((a, b) => a.createdAt - b.createdAt);

  const numbers = (
    await db.execute<{ id: number; no: string }>(sql`
      SELECT nextval(pg_get_serial_sequence('orders', 'id'))::bigint AS id,
        'GL' || lpad(nextval('order_tracking_no_seq')::text, 10, '0') AS no
      FROM generate_series(1, ${ORDER_COUNT})`)
  ).rows;
  const ids = numbers.map((n) => Number(n.id)).sort((a, b) => a - b);
  const trackingNos = numbers.map((n) => n.no).sort();

  type OrderInsert = typeof orders.$inferInsert;
  const orderValues: OrderInsert[] = [];
  const goodsValues: (typeof orderGoods.$inferInsert)[] = [];
  const eventValues: (typeof orderEvents.$inferInsert)[] = [];
  const remarkValues: (typeof orderRemarks.$inferInsert)[] = [];
  const interceptValues: (typeof orderIntercepts.$inferInsert)[] = [];
  const abnormalPlans: { orderIndex: number; a: PlannedAbnormal; pendingUntilStatus?: boolean }[] = [];
  const feeValues: (typeof feeDetails.$inferInsert)[] = [];
  const feeExceptionValues: (typeof feeExceptions.$inferInsert)[] = [];
  const poolValues: (typeof trackingNumbers.$inferInsert)[] = [];
  const poolCounter = new Map<string, number>();
  let demoNo = 100_000;
  const otherDaily = new Map<string, number>();
  const poolImportedAt = new Date(now - (DAYS + 3) * DAY);

  let pendingIntercepts = 0;
  bases.forEach((base, i) => {
    const id = ids[i]!;
    const trackingNo = trackingNos[i]!;
    const cust = base.cust;
    const custId = customerId.get(cust)!;
    const created = base.createdAt;
    const createdBy = r.weighted(creators[cust]!);
    const channel = r.weighted(usable[cust]);
    const use = CHANNEL_USE[channel.code]!;
    let country = r.weighted(use.to);
    if (!countries.has(country)) country = [...countries.keys()][0]!;
    const dest = countries.get(country)!;
    const chain = r.weighted(dest.leaves);
    const route = routeOf(channel.code);

    // Customer number: DEMO's shop numbers (some orders left to our number), OTHER's dated ones.
    let customerNo = trackingNo;
    if (cust === 'DEMO') {
      demoNo++;
      if (r.chance(0.88) || demoNo === 100_001) customerNo = `${DEMO_NO_PREFIX}${demoNo}`;
    } else {
      const d = new Date(created + 4 * HOUR);
      const ymd = `${d.getUTCFullYear() % 100}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
      const n = (otherDaily.get(ymd) ?? 0) + 1;
      otherDaily.set(ymd, n);
      customerNo = `OC${ymd}-${String(n).padStart(3, '0')}`;
    }

    // Consignee.
    const woman = r.chance(0.4);
    const expats = expatNames(country);
    const arabicName = r.chance(0.35);
    const first = r.pick(firstNames(country, woman));
    const family = r.pick(familyNames(country));
    const consigneeName =
      expats.length && r.chance(0.15)
        ? r.pick(expats)
        : arabicName
          ? `${first[1]} ${family[1]}`
          : `${first[0]} ${family[0]}`;
    const phoneOf = () => {
      const p = PHONES[country];
      const lead = r.pick(p.lead);
      const [g1, g2] = p.groups as [number, number];
      const rest = `${r.digits(g1)} ${r.digits(g2)}`;
      const spaced = lead.length === 2 && country !== 'BH' && country !== 'QA';
      const body = spaced ? `${lead} ${rest}` : `${lead}${rest}`;
      return p.local && r.chance(0.2) ? `${p.local}${body}` : `${p.prefix} ${body}`;
    };
    const street = r.pick(STREETS[country]);
    const address = addressLine(
      country,
      street,
      [r.int(1000, 9999), r.int(1, 120), r.int(1, 40)],
      arabicName ? r.chance(0.5) : r.chance(0.1),
    );
    const at = (level: number) => chain.find((x) => x.level === level);
    const postcode = [...chain].reverse().find((x) => x.postCode)?.postCode ?? '';

    // Sender: the customer's default address, sometimes its second one.
    const own = senders.filter((s) => s.customerId === custId).sort((a, b) => b.isDefault - a.isDefault);
    const sender = own.length > 1 && r.chance(0.25) ? own[1]! : own[0];

    // Parcel.
    const weight =
      route === 'sea' ? r.between(8, 45) : route === 'local' ? r.between(0.3, 6) : 0.12 + r.next() ** 2 * 4.8;
    const declaredWeight = round(Math.max(0.05, weight), route === 'sea' ? 1 : 2);
    const hasSides = r.chance(0.55);
    // Sides that fit the weight: a box of 0.3 to 1.4 times the volume its weight would be charged as.
    const measure = () => {
      const volume = Math.max(600, Number(declaredWeight) * 6000 * r.between(0.3, 1.4));
      const base = Math.cbrt(volume);
      const length = Math.max(5, Math.round(base * r.between(1.1, 1.6)));
      const width = Math.max(4, Math.round(base * r.between(0.7, 1)));
      const height = Math.max(2, Math.round(volume / (length * width)));
      return { length: round(length, 2), width: round(width, 2), height: round(height, 2) };
    };
    let sides: { length: string | null; width: string | null; height: string | null } = hasSides
      ? measure()
      : { length: null, width: null, height: null };
    const packingType = Number(declaredWeight) < 0.5 && r.chance(0.5) ? 1 : r.chance(0.4) ? 2 : 3;
    const packageCount = route === 'sea' ? r.int(1, 4) : r.chance(0.05) ? 2 : 1;

    // Goods.
    const lineCount = r.weighted([
      [1, 60],
      [2, 28],
      [3, 12],
    ] as const);
    const lines: Goods[] = [];
    while (lines.length < lineCount) {
      const g = r.weighted(GOODS.map((x) => [x, x.weight] as const));
      if (!lines.includes(g)) lines.push(g);
    }
    let value = 0;
    lines.forEach((g, n) => {
      const quantity = r.weighted([
        [1, 70],
        [2, 20],
        [3, 7],
        [5, 3],
      ] as const);
      const unitPrice = money(r.between(g.price[0], g.price[1]));
      value += quantity * Number(unitPrice);
      goodsValues.push({
        orderId: id,
        lineNo: n + 1,
        nameEn: g.en,
        nameCn: g.cn,
        quantity,
        hsCode: g.hs,
        unitPrice,
        currency: 'USD',
        specification: g.spec,
        sensitiveWords: sensitiveOf.get(g) ?? [],
        sensitiveHit: (sensitiveOf.get(g)?.length ?? 0) > 0,
      });
    });

    const codOk = cust === 'DEMO';
    const isCod = codOk && r.chance(use.cod);
    const [codLow, codHigh] = COD_RANGE[country];
    // The shop's price in the consignee's money: the goods' value marked up, at a shop's round price.
    const local = value * FX[country] * r.between(1.5, 3);
    const shopPrice = FX[country] < 1 ? Math.round(local * 2) / 2 : Math.round(local / 10) * 10 - 1;
    const codAmount = isCod ? money(Math.max(codLow, Math.min(codHigh, shopPrice))) : '0';
    const codCurrency = isCod ? CURRENCY[country] : '';

    // ---- the timeline ----
    const h = (a: number, b: number) => r.between(a, b) * HOUR;
    let steps: Step[] = [];
    {
      let t = created;
      const push = (status: number, node: string, a: number, b: number) => {
        t += h(a, b);
        steps.push({ status, node, at: t });
      };
      if (route === 'local') {
        push(OrderStatus.received, OrderNode.received, 2, 30);
        push(OrderStatus.inLading, 'IN_LADING', 1, 8);
        push(OrderStatus.pickedUp, 'PICKED_UP', 1, 6);
        push(OrderStatus.outForDelivery, 'OUT_FOR_DELIVERY', 4, 20);
        push(OrderStatus.signed, 'SIGNED', 2, 30);
      } else {
        push(OrderStatus.received, OrderNode.received, 6, 72);
        push(OrderStatus.inLading, 'IN_LADING', 4, 40);
        push(OrderStatus.pickedUp, 'PICKED_UP', 4, 24);
        push(OrderStatus.inTransit, 'IN_TRANSIT', route === 'sea' ? 48 : 6, route === 'sea' ? 96 : 30);
        push(
          OrderStatus.customsClearance,
          'CUSTOMS',
          route === 'sea' ? 20 * 24 : 18,
          route === 'sea' ? 26 * 24 : 60,
        );
        push(OrderStatus.arrivedOverseas, 'ARRIVED', 6, 36);
        if (route !== 'firstLeg') {
          push(OrderStatus.outForDelivery, 'OUT_FOR_DELIVERY', 10, 40);
          push(OrderStatus.signed, 'SIGNED', 3, 30);
        }
      }
    }
    const find = (status: number) => steps.find((s) => s.status === status);
    const failures: number[] = [];
    let cancelAt: number | null = null;
    const fate = r.next();
    if (fate < 0.02) steps = [];
    else if (fate < 0.055) {
      // Cancelled while waiting for the parcel, or soon after it arrived.
      const received = find(OrderStatus.received)!;
      const inLading = find(OrderStatus.inLading)!;
      cancelAt = r.chance(0.7)
        ? created + (received.at - created) * r.between(0.2, 0.9)
        : received.at + (inLading.at - received.at) * r.between(0.2, 0.8);
      steps = steps.filter((s) => s.at < cancelAt!);
      steps.push({ status: OrderStatus.cancelled, node: OrderNode.cancelled, at: cancelAt });
    } else if (fate < 0.09 && route !== 'firstLeg') {
      // Returned after failed delivery attempts.
      const out = find(OrderStatus.outForDelivery)!;
      let t = out.at;
      for (let k = r.int(1, 2); k > 0; k--) {
        t += h(4, 30);
        failures.push(t);
      }
      steps = steps.filter((s) => s.status !== OrderStatus.signed);
      steps.push({ status: OrderStatus.returned, node: 'RETURNED', at: t + h(48, 120) });
    } else if (fate < 0.098 && route !== 'local') {
      const transit = find(OrderStatus.inTransit)!;
      steps = steps.filter((s) => s.at <= transit.at);
      steps.push({ status: OrderStatus.lost, node: 'LOST', at: transit.at + h(8 * 24, 14 * 24) });
    } else if (r.chance(0.12) && find(OrderStatus.signed)) {
      // One failed attempt, delivered the next day.
      const out = find(OrderStatus.outForDelivery)!;
      failures.push(out.at + h(3, 10));
      find(OrderStatus.signed)!.at = failures[0]! + h(20, 30);
    }

    // Interception: requested at some point before the parcel is delivered.
    const events: PlannedEvent[] = [];
    const abnormals: PlannedAbnormal[] = [];
    let interceptState: number = InterceptState.none;
    // Customer service always has a few requests to answer: among the latest orders, the first ones
    // that can still be held carry an open request (chance alone gave none on some days).
    const openNeeded = pendingIntercepts < MIN_PENDING_INTERCEPTS && i >= ORDER_COUNT - 80;
    if (cancelAt === null && steps.length && (openNeeded || r.chance(0.035))) {
      const asked = openNeeded ? created + (cutoff - created) * r.between(0.1, 0.6) : created + h(0.5, 120);
      const before = steps.filter((s) => s.at <= asked);
      const current = before.length ? before[before.length - 1]!.status : OrderStatus.created;
      const interceptable = ![OrderStatus.signed, OrderStatus.returned, OrderStatus.lost].includes(
        current as 9 | 10 | 11,
      );
      if (asked < cutoff && interceptable) {
        const answered = asked + h(2, 40);
        const by = r.chance(0.5) ? createdBy : staff.service;
        const reason = r.pick(INTERCEPT_REASONS);
        const outcome =
          openNeeded || answered > cutoff || (asked > now - 3 * DAY && r.chance(0.5))
            ? 'pending'
            : r.weighted([
                ['succeeded', 5],
                ['failed', 3],
                ['withdrawn', 2],
              ] as const);
        const request: typeof orderIntercepts.$inferInsert = {
          orderId: id,
          state: InterceptRequestState.requested,
          reason,
          requestedBy: by,
          requestedAt: new Date(asked),
          resultRemark: '',
          resolvedBy: null,
          resolvedAt: null,
        };
        events.push({
          node: OrderNode.interceptRequested,
          carrierId: null,
          status: null,
          fromStatus: null,
          location: '',
          description: reason,
          isPublic: false,
          at: asked,
          operatorId: by,
        });
        const held = outcome === 'pending' || outcome === 'succeeded';
        if (held) {
          steps = steps.filter((s) => s.at <= asked);
          failures.splice(0, failures.length, ...failures.filter((f) => f <= asked));
        } else {
          // The parcel waited while the request was open.
          for (const s of steps) if (s.at > asked) s.at += answered - asked;
          for (let k = 0; k < failures.length; k++)
            if (failures[k]! > asked) failures[k]! += answered - asked;
        }
        if (outcome === 'pending') {
          interceptState = InterceptState.requested;
          pendingIntercepts++;
        } else {
          const remark =
            outcome === 'succeeded'
              ? r.pick(INTERCEPT_RESULTS.succeeded)
              : outcome === 'failed'
                ? r.pick(INTERCEPT_RESULTS.failed)
                : '';
          const state =
            outcome === 'succeeded'
              ? InterceptRequestState.succeeded
              : outcome === 'failed'
                ? InterceptRequestState.failed
                : InterceptRequestState.withdrawn;
          interceptState =
            outcome === 'succeeded'
              ? InterceptState.succeeded
              : outcome === 'failed'
                ? InterceptState.failed
                : InterceptState.none;
          const resolver = outcome === 'withdrawn' ? by : staff.service;
          Object.assign(request, {
            state,
            resultRemark: remark,
            resolvedBy: resolver,
            resolvedAt: new Date(answered),
          });
          events.push({
            node:
              outcome === 'succeeded'
                ? OrderNode.interceptSucceeded
                : outcome === 'failed'
                  ? OrderNode.interceptFailed
                  : OrderNode.interceptWithdrawn,
            carrierId: null,
            status: null,
            fromStatus: null,
            location: '',
            description: remark,
            isPublic: false,
            at: answered,
            operatorId: resolver,
          });
        }
        interceptValues.push(request);
        if (outcome === 'succeeded') {
          // Held at the warehouse: the customer cancels the order; caught on the way: it comes back.
          if (current <= OrderStatus.inLading) {
            if (r.chance(0.6)) {
              cancelAt = answered + h(2, 48);
              steps.push({ status: OrderStatus.cancelled, node: OrderNode.cancelled, at: cancelAt });
            }
          } else steps.push({ status: OrderStatus.returned, node: 'RETURNED', at: answered + h(72, 240) });
        }
        // A successful interception stays on customer service's list until someone handles it.
        const handledAt =
          outcome === 'pending'
            ? null
            : outcome === 'succeeded'
              ? answered + h(24, 96) < cutoff
                ? answered + h(24, 96)
                : null
              : answered;
        abnormals.push({
          kind: AbnormalKind.intercepted,
          detail: { reason },
          at: asked,
          handledAt,
          handledBy: handledAt === null ? null : outcome === 'withdrawn' ? by : staff.service,
        });
      }
    }

    // What has happened by now.
    steps = steps.filter((s) => s.at <= cutoff);
    const doneFailures = failures.filter((f) => f <= cutoff);
    const status = steps.length ? steps[steps.length - 1]!.status : OrderStatus.created;
    const receivedAt = find(OrderStatus.received)?.at ?? null;

    // Receipt: depot, weighing, carrier and number, fees.
    const fromChina = route !== 'local';
    const depotRow =
      channel.code === 'SA-LOCAL-COD'
        ? depot('RUH01')
        : channel.code === 'EG-LOCAL'
          ? null
          : sender?.address.includes('Yiwu')
            ? depot('YIW01')
            : depot('SZX01');
    const receiver = r.chance(0.7) ? staff.pda : staff.operator;
    let checkedWeight: string | null = null;
    let checkedAt: number | null = null;
    let carrier: ChannelInfo['carriers'][number] | null = null;
    let carrierNo: string | null = null;
    let volumeWeight: string;
    let chargeableWeight: string;
    const divisor = channel.divisor;
    ({ volumeWeight, chargeableWeight } = weightsOf(divisor, {
      weightKg: declaredWeight,
      lengthCm: sides.length,
      widthCm: sides.width,
      heightCm: sides.height,
    }));
    if (receivedAt !== null) {
      if (r.chance(route === 'local' ? 0.5 : 0.8)) {
        const off = r.chance(0.07);
        const factor = off
          ? r.chance(0.7)
            ? r.between(1.25, 1.8)
            : r.between(0.5, 0.8)
          : r.between(0.94, 1.06);
        let checked = Number(declaredWeight) * factor;
        if (off && Math.abs(checked - Number(declaredWeight)) <= 0.1) checked = Number(declaredWeight) + 0.25;
        checkedWeight = round(checked, 3);
        checkedAt = receivedAt;
        if (!hasSides && r.chance(0.5)) sides = measure();
        const dims = sides.length ? ` ${sides.length}×${sides.width}×${sides.height} cm` : '';
        events.push({
          node: OrderNode.weighed,
          carrierId: null,
          status: null,
          fromStatus: null,
          location: depotRow?.name ?? '',
          description: `${checkedWeight} kg${dims}`,
          isPublic: false,
          at: receivedAt,
          operatorId: receiver,
        });
        if (isWeightDiscrepancy(declaredWeight, checkedWeight)) {
          const handledAt =
            status === OrderStatus.received || status === OrderStatus.inLading ? null : receivedAt + h(1, 20);
          abnormals.push({
            kind: AbnormalKind.weightDiscrepancy,
            detail: { declared: round(Number(declaredWeight), 3), checked: checkedWeight },
            at: receivedAt,
            handledAt: handledAt !== null && handledAt < cutoff ? handledAt : null,
            handledBy: staff.operator,
          });
        }
      }

      // A channel without the last mile (first leg and clearance) gives no carrier and no number:
      // the customer books its own last mile. Else one of the channel's carriers that deliver in the
      // destination, in the channel's order.
      if (channel.lastMile) {
        const local = channel.carriers.filter((c) => c.countryId === dest.region.id);
        const candidates = local.length ? local : channel.carriers;
        const noCarrier = status === OrderStatus.received && receivedAt > now - 3 * DAY && r.chance(0.2);
        if (noCarrier || candidates.length === 0) {
          abnormals.push({
            kind: AbnormalKind.noCarrier,
            detail: {
              reason:
                candidates.length === 0 ? 'noChannelCarrier' : r.chance(0.6) ? 'poolEmpty' : 'volumeLimit',
            },
            at: receivedAt,
            handledAt: null,
            handledBy: null,
          });
        } else {
          carrier = r.weighted(candidates.map((c, k) => [c, 0.35 ** k] as const));
          const n = (poolCounter.get(carrier.code) ?? 0) + 1;
          poolCounter.set(carrier.code, n);
          carrierNo = carrierNumber(carrier.code, 100_000 + n * 7 + (n % 3));
          poolValues.push({
            carrierId: carrier.id,
            trackingNo: carrierNo,
            orderId: id,
            usedAt: new Date(receivedAt),
            createdAt: poolImportedAt,
          });
          events.push({
            node: OrderNode.carrierAssigned,
            carrierId: null,
            status: null,
            fromStatus: null,
            location: depotRow?.name ?? '',
            description: `${carrier.code} ${carrierNo}`,
            isPublic: false,
            at: receivedAt,
            operatorId: receiver,
          });
        }
      }

      // Fees, or a fee exception (still pending while the order waits at the warehouse).
      const rule = channel.prices.get(dest.region.id);
      const exception = !rule || r.chance(status === OrderStatus.received ? 0.2 : 0.012);
      const resolvedAt = exception && rule && status !== OrderStatus.received ? receivedAt + h(20, 60) : null;
      const pricedAt =
        resolvedAt !== null && resolvedAt < cutoff ? resolvedAt : exception ? null : receivedAt;
      const parcel: FeeParcel = {
        weightKg: checkedWeight ?? declaredWeight,
        lengthCm: sides.length,
        widthCm: sides.width,
        heightCm: sides.height,
        isCod,
        codAmount,
        codCurrency,
      };
      if (exception) {
        const detail = {
          channel: channel.code,
          countryCode: country,
          countryCn: dest.region.nameCn,
          countryEn: dest.region.nameEn,
          countryAr: dest.region.nameAr,
        };
        feeExceptionValues.push({
          orderId: id,
          customerId: custId,
          reason: FeeExceptionReason.noRule,
          detail,
          state: pricedAt === null ? 0 : 1,
          createdAt: new Date(receivedAt),
          resolvedAt: pricedAt === null ? null : new Date(pricedAt),
        });
        abnormals.push({
          kind: AbnormalKind.noPrice,
          detail: { reason: FeeExceptionReason.noRule, ...detail },
          at: receivedAt,
          handledAt: pricedAt,
          handledBy: null,
        });
      }
      if (rule && pricedAt !== null) {
        const codFeeRate = round(Number(rule.codFeeRate) * 100, 2);
        const fees = feesFor(
          {
            firstWeight: rule.firstWeight,
            firstPrice: rule.firstPrice,
            stepWeight: rule.stepWeight,
            stepPrice: rule.stepPrice,
            codFeeRate,
            minCodFee: rule.minCodFee,
            volumeDivisor: divisor,
            currency: rule.currency,
          },
          parcel,
        );
        volumeWeight = fees.volumeWeight;
        chargeableWeight = fees.chargeableWeight;
        const basis = {
          weightKg: String(parcel.weightKg),
          lengthCm: sides.length,
          widthCm: sides.width,
          heightCm: sides.height,
          volumeDivisor: divisor,
          volumeWeight: fees.volumeWeight,
          codAmount: isCod ? codAmount : null,
          codCurrency: isCod ? codCurrency : null,
          rule: {
            currency: rule.currency,
            firstWeight: rule.firstWeight,
            firstPrice: rule.firstPrice,
            stepWeight: rule.stepWeight,
            stepPrice: rule.stepPrice,
            codFeeRatePercent: codFeeRate,
            minCodFee: rule.minCodFee,
          },
        };
        for (const l of fees.lines)
          feeValues.push({
            orderId: id,
            customerId: custId,
            feeType: l.feeType,
            amount: l.amount,
            currency: l.currency,
            chargeableWeight: fees.chargeableWeight,
            priceRuleId: rule.id,
            basis,
            computedAt: new Date(pricedAt),
          });
      } else ({ volumeWeight, chargeableWeight } = weightsOf(divisor, parcel));
    }

    // Status events (each holds the status it moved to and the one before).
    let previous: number = OrderStatus.created;
    events.push({
      node: OrderNode.created,
      carrierId: null,
      status: OrderStatus.created,
      fromStatus: null,
      location: '',
      description: '',
      isPublic: true,
      at: created,
      operatorId: createdBy,
    });
    const city = at(2)?.nameEn ?? at(1)?.nameEn ?? dest.region.nameEn;
    const byCarrier = (std: string) =>
      carrier && (carrierCode.get(`${carrier.id}:${std}`) ?? null) !== null
        ? { node: carrierCode.get(`${carrier.id}:${std}`)!, carrierId: carrier.id }
        : { node: std, carrierId: null };
    const canceller = r.chance(0.6) ? createdBy : staff.service;
    for (const s of steps) {
      let where = '';
      let description = '';
      let operatorId: number | null = null;
      let node: { node: string; carrierId: number | null } = { node: s.node, carrierId: null };
      switch (s.status) {
        case OrderStatus.received:
        case OrderStatus.inLading:
          where = depotRow?.name ?? (country === 'EG' ? 'Cairo' : '');
          operatorId = s.status === OrderStatus.received ? receiver : staff.operator;
          break;
        case OrderStatus.pickedUp:
          where = fromChina ? (depotRow?.code === 'YIW01' ? 'Yiwu' : 'Shenzhen') : city;
          if (!fromChina) node = byCarrier(s.node);
          break;
        case OrderStatus.inTransit:
          where = route === 'sea' ? SEA_PORT : r.pick(ORIGIN_HUBS);
          break;
        case OrderStatus.customsClearance:
          where = (route === 'sea' ? SEA_CUSTOMS[country] : undefined) ?? CUSTOMS_POINT[country];
          break;
        case OrderStatus.arrivedOverseas:
          where = at(1)?.nameEn ?? dest.region.nameEn;
          node = byCarrier(s.node);
          break;
        case OrderStatus.outForDelivery:
        case OrderStatus.returned:
          where = city;
          node = byCarrier(s.node);
          break;
        case OrderStatus.signed:
          where = city;
          node = byCarrier(s.node);
          description = isCod ? `COD ${codCurrency} ${codAmount} collected` : '';
          break;
        case OrderStatus.cancelled:
          operatorId = canceller;
          break;
      }
      events.push({
        node: node.node,
        carrierId: node.carrierId,
        status: s.status,
        fromStatus: previous,
        location: where,
        description,
        isPublic: s.node !== 'IN_LADING',
        at: s.at,
        operatorId,
      });
      previous = s.status;
    }
    for (const f of doneFailures)
      if (steps.some((s) => s.status === OrderStatus.outForDelivery && s.at < f)) {
        const node = byCarrier('DELIVERY_FAILED');
        events.push({
          ...node,
          status: null,
          fromStatus: null,
          location: city,
          description: r.pick(DELIVERY_FAILURES),
          isPublic: true,
          at: f,
          operatorId: null,
        });
      }

    // Abnormal marks: sensitive goods (flagged at entry), addresses customer service must confirm.
    if (r.chance(status <= OrderStatus.received ? 0.03 : 0.008)) {
      const flagged = created + h(0.2, 4);
      const handledAt = status <= OrderStatus.received ? null : flagged + h(4, 30);
      abnormals.push({
        kind: AbnormalKind.addressUnconfirmed,
        detail: {},
        at: Math.min(flagged, cutoff),
        handledAt: handledAt !== null && handledAt < cutoff ? handledAt : null,
        handledBy: staff.service,
      });
    }
    const words = [...new Set(lines.flatMap((g) => sensitiveOf.get(g) ?? []))];
    if (words.length) {
      // Customer service clears flagged goods before the parcel is added to a lading bill.
      const cleared = receivedAt !== null && status !== OrderStatus.received ? receivedAt + h(0.5, 6) : null;
      abnormals.push({
        kind: AbnormalKind.sensitiveGoods,
        detail: { words },
        at: created,
        handledAt: cleared !== null && cleared < cutoff ? cleared : null,
        handledBy: staff.service,
      });
    }
    abnormalPlans.push(...abnormals.map((a) => ({ orderIndex: i, a })));

    // Remarks (a cancellation's reason is kept as a remark, as cancelOrder does).
    if (cancelAt !== null && status === OrderStatus.cancelled && r.chance(0.6))
      remarkValues.push({
        orderId: id,
        content: r.pick(CANCEL_REASONS),
        createdBy: canceller,
        createdAt: new Date(cancelAt),
      });
    if (r.chance(0.12)) {
      const last = Math.max(created, ...events.map((e) => e.at));
      for (let k = r.int(1, 2); k > 0; k--) {
        const when = Math.min(cutoff, created + (last - created) * r.next() + h(0.1, 2));
        remarkValues.push({
          orderId: id,
          content: r.pick(REMARKS),
          createdBy: r.weighted([
            [staff.service, 4],
            [staff.operator, 3],
            [createdBy, 3],
          ] as const),
          createdAt: new Date(when),
        });
      }
    }

    // In the order the module writes them: a status move, then the carrier, then the weighing.
    const rank = (e: PlannedEvent) =>
      e.status !== null ? 0 : e.node === OrderNode.carrierAssigned ? 1 : e.node === OrderNode.weighed ? 2 : 3;
    events.sort((a, b) => a.at - b.at || rank(a) - rank(b));
    for (const e of events)
      eventValues.push({
        orderId: id,
        node: e.node,
        carrierId: e.carrierId,
        status: e.status,
        fromStatus: e.fromStatus,
        location: e.location,
        description: e.description,
        isPublic: e.isPublic,
        occurredAt: new Date(e.at),
        operatorId: e.operatorId,
        createdAt: new Date(e.at),
      });

    const lastAt = Math.max(created, ...events.map((e) => e.at));
    orderValues.push({
      id,
      trackingNo,
      customerNo,
      customerId: custId,
      createdBy,
      channelId: channel.id,
      senderName: sender?.contact ?? '',
      senderPhone: sender?.phone ?? '',
      senderCompany: '',
      senderRegionId: sender?.regionId ?? null,
      senderAddress: sender?.address ?? '',
      senderPostcode: sender?.postCode ?? '',
      consigneeName,
      consigneePhone: phoneOf(),
      consigneePhone2: r.chance(0.1) ? phoneOf() : '',
      consigneeEmail: r.chance(0.15)
        ? `${(arabicName ? first[0] : consigneeName.split(' ')[0]!).toLowerCase()}.${r.digits(3)}@example.com`
        : '',
      consigneeCountryId: dest.region.id,
      consigneeProvinceId: at(1)?.id ?? null,
      consigneeCityId: at(2)?.id ?? null,
      consigneeDistrictId: at(3)?.id ?? null,
      consigneeProvince: at(1)?.nameEn ?? '',
      consigneeCity: at(2)?.nameEn ?? '',
      consigneeDistrict: at(3)?.nameEn ?? '',
      consigneeAddress: address,
      consigneePostcode: postcode,
      packingType,
      packageCount,
      declaredWeight: round(Number(declaredWeight), 3),
      checkedWeight,
      length: sides.length,
      width: sides.width,
      height: sides.height,
      volumeWeight,
      chargeableWeight,
      isCod,
      codAmount,
      codCurrency,
      payment: isCod ? 1 : 0,
      carrierId: carrier?.id ?? null,
      carrierTrackingNo: carrierNo,
      carrierAssignedAt: carrier && receivedAt !== null ? new Date(receivedAt) : null,
      status,
      checkStatus: checkedWeight === null ? OrderCheckStatus.pending : OrderCheckStatus.checked,
      signStatus: status === OrderStatus.signed ? SignStatus.full : SignStatus.notSigned,
      interceptState,
      abnormalFlags: 0,
      receivedDepotId: receivedAt !== null ? (depotRow?.id ?? null) : null,
      createdAt: new Date(created),
      arrivedAt: receivedAt === null ? null : new Date(receivedAt),
      checkedAt: checkedAt === null ? null : new Date(checkedAt),
      cancelledAt: status === OrderStatus.cancelled && cancelAt !== null ? new Date(cancelAt) : null,
      finishedAt: endsDelivery(status) ? new Date(steps[steps.length - 1]!.at) : null,
      updatedAt: new Date(lastAt),
    });
  });

  const abnormalValues: (typeof orderAbnormals.$inferInsert)[] = abnormalPlans.map(({ orderIndex, a }) => {
    const o = orderValues[orderIndex]!;
    if (a.handledAt === null) o.abnormalFlags = (o.abnormalFlags ?? 0) | abnormalBit(a.kind);
    return {
      orderId: o.id!,
      customerId: o.customerId,
      kind: a.kind,
      detail: a.detail,
      department: ABNORMAL_DEPARTMENT[a.kind],
      state: a.handledAt === null ? 0 : 1,
      createdAt: new Date(a.at),
      handledAt: a.handledAt === null ? null : new Date(a.handledAt),
      handledBy: a.handledAt === null ? null : a.handledBy,
    };
  });

  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await bulkInsert(tx, orders, orderValues);
    await bulkInsert(tx, orderGoods, goodsValues);
    await bulkInsert(tx, orderEvents, eventValues);
    await bulkInsert(tx, orderRemarks, remarkValues);
    await bulkInsert(tx, orderIntercepts, interceptValues);
    await bulkInsert(tx, orderAbnormals, abnormalValues);
    await bulkInsert(tx, feeDetails, feeValues);
    await bulkInsert(tx, feeExceptions, feeExceptionValues);
    await bulkInsert(tx, trackingNumbers, poolValues, 'ON CONFLICT DO NOTHING');
    await seedFeeCases(tx, now);
  });
}

/**
 * Multi-row INSERT of typed rows, a few thousand per statement: the rows travel as one JSON
 * parameter that json_populate_recordset types by the table's own columns (Drizzle's builder
 * spends seconds on tens of thousands of values). Every row gives the same columns; the others
 * keep their defaults.
 */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  onConflict = '',
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  // Every row gives the same columns: the first row names them.
  const keys = Object.keys(columns).filter((k) => (rows[0] as Record<string, unknown>)[k] !== undefined);
  const names = keys.map((k) => columns[k]!.name);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  for (let i = 0; i < rows.length; i += 5_000) {
    const json = JSON.stringify(
      rows
        .slice(i, i + 5_000)
        .map((r) =>
          Object.fromEntries(keys.map((k, j) => [names[j], (r as Record<string, unknown>)[k] ?? null])),
        ),
    );
    await db.execute(
      sql`INSERT INTO ${name} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${name}, ${json}::json) ${sql.raw(onConflict)}`,
    );
  }
}
