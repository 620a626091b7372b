import { sql } from 'drizzle-orm';
import { ConfirmState, consigneeKey, MovementNode } from '../../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { parcelOf } from '../../../modules/lading/movement.ts';
import type { Db } from '../../client.ts';
import { orderEvents, packageItems, packages, users } from '../../schema/index.ts';
import { billNo, sequence, serialIds, totalsOf } from './movements.ts';
import { bulkInsert, generator } from './orders.ts';

/**
 * Demo packages (after movements.ts): among the DEMO customer's orders waiting at the warehouse
 * (received, in no bill), a few buyers ordered again within two days on the same channel: those
 * orders carry the first one's consignee and were merged into one package, as package/scanTrackingNo
 * would have done it (PACKED events, the consignee key, totals from movement.ts parcelOf). All but
 * the latest two are sealed (confirmed), waiting for a package lading bill; those two are open. Orders
 * stay received (a package changes no order's status). Skipped once any package exists.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Orders of one buyer that arrive this close together are merged. */
const SPAN = 48 * HOUR;
/** The latest few only: most waiting orders stay loose, for the PDA to scan into lading bills. */
const MAX_PACKAGES = 4;

interface Waiting {
  id: number;
  customerId: number;
  channelId: number;
  countryId: number;
  arrivedAt: number;
  consignee: { name: string; phone: string; address: string };
  packageCount: number;
  checkedWeight: string | null;
  declaredWeight: string;
  volumeWeight: string;
}

export async function seedDemoPackages(db: Db): Promise<void> {
  const [existing] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM packages`)).rows;
  if (Number(existing?.n ?? 0) > 0) return;

  const r = generator(20_261_130);
  const now = Date.now();
  const [pda] = await db.select({ id: users.id }).from(users).where(sql`${users.username} = 'pda'`);
  const scanner = pda?.id ?? null;

  const { rows } = await db.execute<Record<string, unknown>>(sql`
    SELECT o.id, o.customer_id, o.channel_id, o.consignee_country_id,
      (extract(epoch FROM o.arrived_at) * 1000)::float8 AS arrived,
      o.consignee_name, o.consignee_phone, o.consignee_address, o.package_count, o.checked_weight::text, o.declared_weight::text,
      o.volume_weight::text
    FROM orders o JOIN customers c ON c.id = o.customer_id AND c.code = 'DEMO'
    WHERE o.status = ${OrderStatus.received} AND o.intercept_state = 0
      AND o.arrived_at < now() - interval '30 minutes'
      AND NOT EXISTS (SELECT 1 FROM lading_items i WHERE i.order_id = o.id AND i.active)
      AND NOT EXISTS (SELECT 1 FROM package_items i WHERE i.order_id = o.id AND i.active)
    ORDER BY o.arrived_at, o.id`);
  const waiting: Waiting[] = rows.map((o) => ({
    id: Number(o.id),
    customerId: Number(o.customer_id),
    channelId: Number(o.channel_id),
    countryId: Number(o.consignee_country_id),
    arrivedAt: Number(o.arrived),
    consignee: {
      name: String(o.consignee_name),
      phone: String(o.consignee_phone),
      address: String(o.consignee_address),
    },
    packageCount: Number(o.package_count),
    checkedWeight: o.checked_weight === null ? null : String(o.checked_weight),
    declaredWeight: String(o.declared_weight),
    volumeWeight: String(o.volume_weight),
  }));

  // Two or three orders of one channel and country arriving within SPAN: one buyer's, merged (the
  // later ones get the first one's whole consignee, region and post code included).
  const groups: Waiting[][] = [];
  const open = new Map<string, Waiting[]>();
  for (const o of waiting) {
    const key = `${o.channelId}|${o.countryId}`;
    const g = open.get(key);
    if (g && o.arrivedAt - g[0]!.arrivedAt <= SPAN && g.length < 3) {
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
      const ready = Math.max(...members.map((o) => o.arrivedAt));
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
    const c = buyer.consignee;
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
      consigneeName: c.name,
      consigneePhone: c.phone,
      consigneeAddress: c.address,
      consigneeKey: consigneeKey({
        customerId: buyer.customerId,
        channelId: buyer.channelId,
        countryId: buyer.countryId,
        name: c.name,
        phone: c.phone,
        address: c.address,
      }),
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
}
