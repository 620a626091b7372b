import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import {
  carriers,
  carrierTrackingNodes,
  depots,
  regions,
  trackingNumbers,
  trackingSettings,
  volumeLimits,
} from '../../schema/index.ts';

import { CARRIERS, DEPOTS, NODE_NAMES, POOLS, VOLUME_LIMITS } from './carriers-data.ts';

/**
 * Demo carriers with their tracking nodes, our standard tracking nodes, the depots, a tracking-number
 * pool and volume limits. Idempotent: adds what is missing. Countries and regions are looked up by
 * code; when the regions are not seeded, carriers and depots get no country and limits are skipped.
 */
export async function seedCarriers(db: Db): Promise<void> {
  const codes = [
    ...new Set([
      ...CARRIERS.map((c) => c.country),
      ...DEPOTS.map((d) => d.country),
      ...VOLUME_LIMITS.map((v) => v[1]),
    ]),
  ];
  const regionRows = await db
    .select({ id: regions.id, code: regions.code, level: regions.level })
    .from(regions)
    .where(inArray(regions.code, codes));
  const regionId = new Map(regionRows.map((r) => [r.code, r.id]));
  const countryId = (code: string) => regionRows.find((r) => r.code === code && r.level === 0)?.id ?? null;

  await db
    .insert(trackingSettings)
    .values(
      Object.entries(NODE_NAMES).map(([code, n], i) => ({
        code,
        nameCn: n.names[0],
        nameEn: n.names[1],
        nameAr: n.names[2],
        orderStatus: n.status,
        sort: (i + 1) * 10,
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(carriers)
    .values(
      CARRIERS.map((c) => ({
        code: c.code,
        name: c.name,
        nameEn: c.nameEn,
        countryId: countryId(c.country),
        contact: c.contact,
        phone: c.phone,
        email: c.email,
        trackingUrl: c.trackingUrl,
        lastMile: c.lastMile ? 1 : 0,
      })),
    )
    .onConflictDoNothing();
  const carrierRows = await db
    .select({ id: carriers.id, code: carriers.code, countryId: carriers.countryId })
    .from(carriers)
    .where(
      inArray(
        carriers.code,
        CARRIERS.map((c) => c.code),
      ),
    );
  const carrierId = new Map(carrierRows.map((c) => [c.code, c.id]));
  // Countries seeded after the carriers (a later run) are filled in where none is set.
  for (const c of CARRIERS) {
    const country = countryId(c.country);
    const row = carrierRows.find((r) => r.code === c.code);
    if (country !== null && row && row.countryId === null)
      await db.update(carriers).set({ countryId: country }).where(eq(carriers.id, row.id));
  }

  await db
    .insert(carrierTrackingNodes)
    .values(
      CARRIERS.flatMap((c) =>
        Object.entries(c.events).map(([node, event]) => {
          const n = NODE_NAMES[node as keyof typeof NODE_NAMES];
          return {
            carrierId: carrierId.get(c.code)!,
            code: event,
            nameCn: n.names[0],
            nameEn: n.names[1],
            nameAr: n.names[2],
            orderStatus: n.status,
            sort: (Object.keys(NODE_NAMES).indexOf(node) + 1) * 10,
          };
        }),
      ),
    )
    .onConflictDoNothing();

  await db
    .insert(depots)
    .values(
      DEPOTS.map((d) => ({
        code: d.code,
        name: d.name,
        address: d.address,
        countryId: countryId(d.country),
      })),
    )
    .onConflictDoNothing();

  for (const p of POOLS) {
    const numbers = Array.from(
      { length: p.count },
      (_, i) => p.prefix + String(i + 1).padStart(p.digits, '0'),
    );
    await db.execute(sql`
      INSERT INTO ${trackingNumbers} (carrier_id, tracking_no)
      SELECT ${carrierId.get(p.carrier)!}, unnest(${sql.param(numbers)}::text[])
      ON CONFLICT DO NOTHING`);
  }

  const limits = VOLUME_LIMITS.flatMap(([carrier, region, dailyLimit]) => {
    const r = regionId.get(region);
    const c = carrierId.get(carrier);
    return r === undefined || c === undefined ? [] : [{ carrierId: c, regionId: r, dailyLimit }];
  });
  if (limits.length) await db.insert(volumeLimits).values(limits).onConflictDoNothing();
}
