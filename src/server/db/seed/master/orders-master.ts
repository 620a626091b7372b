import { and, asc, eq, inArray } from 'drizzle-orm';
import { Enabled } from '../../../../shared/domain/enums.ts';
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
  depots,
  regions,
  shippingChannels,
  trackingSettings,
  users,
} from '../../schema/index.ts';
import { type Country, CURRENCY, GOODS } from './orders-data.ts';

/** The master data the demo orders refer to (users, regions, channels, carriers, depots, words). */

// ---- what the seed reads ----

// ---- what the seed reads ----

export interface Region {
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

export interface ChannelInfo {
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
export const CHANNEL_USE: Record<
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

export type Route = 'air' | 'sea' | 'firstLeg' | 'local';
export const routeOf = (code: string): Route =>
  code === 'CN-SA-SEA'
    ? 'sea'
    : code === 'CN-AE-AIR-FL'
      ? 'firstLeg'
      : code === 'SA-LOCAL-COD' || code === 'EG-LOCAL'
        ? 'local'
        : 'air';
export type OrderMaster = NonNullable<Awaited<ReturnType<typeof loadOrderMaster>>>;

/**
 * Reads what the orders refer to, for the customers DEMO and OTHER (`customerId` by code); null
 * when a customer has no usable channel or no destination country is there.
 */
export async function loadOrderMaster(db: Db, customerId: Map<string, number>, demo: number, other: number) {
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
  if (usable.DEMO.length === 0 || usable.OTHER.length === 0 || countries.size === 0) return null;

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

  return { customerId, staff, creators, countries, usable, senders, depot, carrierCode, sensitiveOf };
}
