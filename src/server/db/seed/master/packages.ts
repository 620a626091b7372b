import { and, asc, eq, sql } from 'drizzle-orm';
import { ladingCreateBody } from '../../../../shared/contract/lading-records.ts';
import {
  ConfirmState,
  consigneeKey,
  LadingOrderType,
  MovementNode,
} from '../../../../shared/domain/lading.ts';
import { InterceptState } from '../../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { translator } from '../../../i18n.ts';
import { parcelOf } from '../../../modules/bill/movement.ts';
import { createLading, scanIntoLading } from '../../../modules/lading/lading-scan.service.ts';
import type { Db } from '../../client.ts';
import { customers, orderEvents, orders, packageItems, packages, users } from '../../schema/index.ts';
import { seedCaller } from '../caller.ts';
import { billNo, HOUR, MINUTE, sequence, serialIds, totalsOf, ZONE } from './movements-plan.ts';
import { bulkInsert, generator } from './orders.ts';

/**
 * Demo packages (after movements.ts): among the DEMO customer's orders waiting at the warehouse
 * (received, in no bill), a few buyers ordered again within two days on the same channel: those
 * orders carry the first one's consignee and were merged into one package, as package/scanTrackingNo
 * would have done it (PACKED events, the consignee key, totals from movement.ts parcelOf). All but
 * the latest two are sealed (confirmed), waiting for a package lading bill; those two are open. Orders
 * stay received (a package changes no order's status). The oldest sealed package is then scanned
 * into a package lading bill (order type 2) opened for it, through the lading calls' own services;
 * the other sealed one waits for a scan into it. Skipped once any package exists.
 */

/** Orders of one buyer that arrive this close together are merged. */
const SPAN = 48 * HOUR;
/** The latest few only: most waiting orders stay loose, for the PDA to scan into lading bills. */
const MAX_PACKAGES = 4;

export async function seedDemoPackages(db: Db): Promise<void> {
  const [existing] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM packages`)).rows;
  if (Number(existing?.n ?? 0) > 0) return;

  const r = generator(20_261_130);
  const now = Date.now();
  const [pda] = await db.select().from(users).where(eq(users.username, 'pda'));
  const scanner = pda?.id ?? null;

  const waiting = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      channelId: orders.channelId,
      countryId: orders.consigneeCountryId,
      arrivedAt: orders.arrivedAt,
      name: orders.consigneeName,
      phone: orders.consigneePhone,
      address: orders.consigneeAddress,
      packageCount: orders.packageCount,
      checkedWeight: orders.checkedWeight,
      declaredWeight: orders.declaredWeight,
      volumeWeight: orders.volumeWeight,
    })
    .from(orders)
    .innerJoin(customers, and(eq(customers.id, orders.customerId), eq(customers.code, 'DEMO')))
    .where(
      and(
        eq(orders.status, OrderStatus.received),
        eq(orders.interceptState, InterceptState.none),
        sql`${orders.arrivedAt} < now() - interval '30 minutes'`,
        sql`NOT EXISTS (SELECT 1 FROM lading_items i WHERE i.order_id = ${orders.id} AND i.active)`,
        sql`NOT EXISTS (SELECT 1 FROM package_items i WHERE i.order_id = ${orders.id} AND i.active)`,
      ),
    )
    .orderBy(asc(orders.arrivedAt), asc(orders.id));
  type Waiting = (typeof waiting)[number];
  const arrival = (o: Waiting) => o.arrivedAt!.getTime();

  // Two or three orders of one channel and country arriving within SPAN: one buyer's, merged (the
  // later ones get the first one's whole consignee, region and post code included).
  const groups: Waiting[][] = [];
  const open = new Map<string, Waiting[]>();
  for (const o of waiting) {
    const key = `${o.channelId}|${o.countryId}`;
    const g = open.get(key);
    if (g && arrival(o) - arrival(g[0]!) <= SPAN && g.length < 3) {
      g.push(o);
      continue;
    }
    const fresh = [o];
    groups.push(fresh);
    open.set(key, fresh);
  }
  const merged = groups.filter((g) => g.length >= 2).slice(-MAX_PACKAGES);
  if (merged.length === 0) return;

  // Scanned in after the last of them arrived, the package made just before its first scan; all
  // but the latest two sealed a little after their last scan.
  const plans = merged
    .map((members) => {
      const ready = Math.max(...members.map(arrival));
      const first = Math.min(now - 10 * MINUTE, ready + r.between(20, 180) * MINUTE);
      const scans = members.map((_, i) => Math.min(now - 5 * MINUTE, first + i * r.between(1, 4) * MINUTE));
      return { members, createdAt: first - r.between(2, 10) * MINUTE, scans };
    })
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((p, i, all) => {
      const last = p.scans[p.scans.length - 1]!;
      const sealed = i < all.length - 2;
      return {
        ...p,
        confirmedAt: sealed ? Math.min(now - MINUTE, last + r.between(15, 60) * MINUTE) : null,
      };
    });
  const nos = await sequence(db, 'package_no_seq', plans.length);
  const ids = await serialIds(db, 'packages', plans.length);

  const rewrites: { id: number; buyer: number }[] = [];
  const packageRows: (typeof packages.$inferInsert)[] = [];
  const itemRows: (typeof packageItems.$inferInsert)[] = [];
  const events: (typeof orderEvents.$inferInsert)[] = [];
  plans.forEach((p, i) => {
    const buyer = p.members[0]!;
    for (const o of p.members.slice(1)) rewrites.push({ id: o.id, buyer: buyer.id });
    const no = billNo('PK', p.createdAt, nos[i]!);
    const parcels = p.members.map(parcelOf);
    const last = p.scans[p.scans.length - 1]!;
    packageRows.push({
      id: ids[i]!,
      no,
      customerId: buyer.customerId,
      channelId: buyer.channelId,
      countryId: buyer.countryId,
      consigneeName: buyer.name,
      consigneePhone: buyer.phone,
      consigneeAddress: buyer.address,
      consigneeKey: consigneeKey(buyer),
      confirmState: p.confirmedAt === null ? ConfirmState.open : ConfirmState.confirmed,
      confirmedAt: p.confirmedAt === null ? null : new Date(p.confirmedAt),
      confirmedBy: p.confirmedAt === null ? null : scanner,
      ...totalsOf(parcels),
      createdBy: scanner,
      createdAt: new Date(p.createdAt),
      updatedAt: new Date(p.confirmedAt ?? last),
    });
    p.members.forEach((o, k) => {
      const at = new Date(p.scans[k]!);
      itemRows.push({
        packageId: ids[i]!,
        orderId: o.id,
        ...parcels[k]!,
        scannedAt: at,
        scannedBy: scanner,
        createdAt: at,
      });
      events.push({
        orderId: o.id,
        node: MovementNode.packed,
        carrierId: null,
        location: '',
        description: no,
        isPublic: false,
        operatorId: scanner,
        occurredAt: at,
        createdAt: at,
      });
    });
  });

  await db.execute(sql`
    UPDATE orders o SET consignee_name = b.consignee_name, consignee_phone = b.consignee_phone,
      consignee_phone2 = b.consignee_phone2, consignee_email = b.consignee_email,
      consignee_province_id = b.consignee_province_id, consignee_city_id = b.consignee_city_id,
      consignee_district_id = b.consignee_district_id, consignee_province = b.consignee_province,
      consignee_city = b.consignee_city, consignee_district = b.consignee_district,
      consignee_address = b.consignee_address, consignee_postcode = b.consignee_postcode
    FROM unnest(${sql.param(rewrites.map((x) => x.id))}::bigint[], ${sql.param(rewrites.map((x) => x.buyer))}::bigint[])
      AS m(id, buyer)
    JOIN orders b ON b.id = m.buyer
    WHERE o.id = m.id`);
  await bulkInsert(db, packages, packageRows);
  await bulkInsert(db, packageItems, itemRows);
  await bulkInsert(db, orderEvents, events);

  const sealed = packageRows.find((p) => p.confirmState === ConfirmState.confirmed);
  if (sealed && pda) await seedPackageLading(db, pda, sealed);
}

/**
 * A package lading bill opened for a sealed package's channel and country, the package scanned into
 * it (its orders in lading, an event each), as the PDA's create and scan calls would do it.
 */
async function seedPackageLading(
  db: Db,
  pda: typeof users.$inferSelect,
  p: Pick<typeof packages.$inferInsert, 'no' | 'channelId' | 'countryId'>,
): Promise<void> {
  const user = seedCaller(pda, false);
  const t = translator('en');
  const body = ladingCreateBody.parse({
    channelId: p.channelId,
    orderType: LadingOrderType.package,
    countryId: p.countryId ?? undefined,
  });
  const bill = await createLading(db, user, body, t, 'en', ZONE);
  await scanIntoLading(db, user, bill.recId, { trackingNo: p.no }, t, 'en');
}
