import { sql } from 'drizzle-orm';
import type { ScanSnapshot, SnapshotRow } from '../../../shared/contract/scan-snapshot.ts';
import { ConfirmState, PickupStatus } from '../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../http/errors.ts';

/**
 * lading/scanSnapshot: what the lading scan rule (domain/scan-rule.ts) reads, for the PDA to judge
 * scans on the device. A fetch reads orders in id order, a page at a time; its last page's cursor
 * asks for the orders changed since the fetch began (less SLACK_MS, for transactions still open
 * then: their rows carry their start time), so the device never downloads the whole set again.
 */

/** Orders changed this long ago are still in a whole fetch, whatever their status. */
const RECENT_DAYS = 30;
/** A change committed after a fetch began may be stamped up to this much before it. */
const SLACK_MS = 60_000;

interface Cursor {
  /** Changes since this time (ISO); null: a whole fetch. */
  s: string | null;
  /** The fetch's start (ISO); null: the next request starts a fetch. */
  u: string | null;
  /** The last order id of the previous page. */
  a: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decode(raw: string | undefined): Cursor {
  if (raw === undefined) return { s: null, u: null, a: 0 };
  const bad = () => invalid([{ path: 'cursor', descriptor: m.snapshotCursorInvalid }]);
  let c: Partial<Cursor>;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    throw bad();
  }
  // Only the times this call writes (toISOString), so the database reads each as it was meant.
  const time = (v: unknown) =>
    v === null || (typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v)));
  if (typeof c !== 'object' || c === null || !time(c.s) || !time(c.u)) throw bad();
  if (!Number.isSafeInteger(c.a) || (c.a as number) < 0 || (c.a as number) > 2 ** 53 - 1) throw bad();
  return { s: c.s as string | null, u: c.u as string | null, a: c.a as number };
}

const WAREHOUSE = [OrderStatus.created, OrderStatus.received, OrderStatus.inLading];

export async function scanSnapshot(
  db: Db,
  body: { cursor?: string | undefined; pageSize: number },
): Promise<ScanSnapshot> {
  const c = decode(body.cursor);
  const until =
    c.u ??
    new Date(
      String((await db.execute<{ now: string }>(sql`SELECT now()::text AS now`)).rows[0]!.now),
    ).toISOString();
  const since = c.s;
  const which =
    since === null
      ? sql`(o.status = ANY(${sql.param(WAREHOUSE)}::smallint[])
          OR o.updated_at > ${until}::timestamptz - make_interval(days => ${RECENT_DAYS}))`
      : // One arm per index (migration 0035): a union of ids, not ORs of subqueries, which the
        // planner can only check row by row while it walks every order by id.
        sql`o.id IN (SELECT id FROM orders WHERE updated_at > ${since}::timestamptz
          UNION ALL SELECT pi.order_id FROM packages p JOIN package_items pi ON pi.package_id = p.id
            WHERE p.updated_at > ${since}::timestamptz
          UNION ALL SELECT pi.order_id FROM package_items pi WHERE pi.released_at > ${since}::timestamptz
          UNION ALL SELECT li.order_id FROM lading_items li
            WHERE li.released_at > ${since}::timestamptz AND li.order_id IS NOT NULL)`;
  const res = await db.execute<{
    id: number;
    tracking_no: string;
    status: number;
    intercept_state: number;
    channel_id: number | null;
    country_id: number | null;
    package_no: string | null;
    lading_no: string | null;
  }>(sql`
    SELECT o.id, o.tracking_no, o.status, o.intercept_state, o.channel_id,
      o.consignee_country_id AS country_id,
      (SELECT p.no FROM package_items pi JOIN packages p ON p.id = pi.package_id
        WHERE pi.order_id = o.id AND pi.active LIMIT 1) AS package_no,
      (SELECT b.no FROM lading_items li JOIN lading_bills b ON b.id = li.bill_id
        WHERE li.order_id = o.id AND li.active LIMIT 1) AS lading_no
    FROM orders o
    WHERE o.id > ${c.a} AND ${which}
    ORDER BY o.id
    LIMIT ${body.pageSize + 1}`);
  const more = res.rows.length > body.pageSize;
  const page = more ? res.rows.slice(0, body.pageSize) : res.rows;
  const rows: SnapshotRow[] = page.map((r) => [
    r.tracking_no,
    r.status,
    r.intercept_state,
    r.channel_id,
    r.country_id,
    r.package_no,
    r.lading_no,
  ]);
  const next: Cursor = more
    ? { s: since, u: until, a: Number(page.at(-1)!.id) }
    : { s: new Date(Date.parse(until) - SLACK_MS).toISOString(), u: null, a: 0 };
  const answer: ScanSnapshot = { full: since === null, rows, more, next: encode(next), asOf: until };
  if (c.a === 0) Object.assign(answer, await referenceData(db));
  return answer;
}

/** The open lading bills, the channels and the countries, for a fetch's first page. */
async function referenceData(db: Db) {
  const bills = await db.execute<{
    id: number;
    no: string;
    channel_id: number | null;
    country_id: number | null;
    order_type: number;
  }>(sql`
    SELECT id, no, channel_id, country_id, order_type FROM lading_bills
    WHERE confirm_state = ${ConfirmState.open} AND pickup_status = ${PickupStatus.notPickedUp}
    ORDER BY id`);
  const channels = await db.execute<{ id: number; code: string; name: string; name_en: string }>(
    sql`SELECT id, code, name, name_en FROM shipping_channels ORDER BY id`,
  );
  const countries = await db.execute<{ id: number; name_cn: string; name_en: string; name_ar: string }>(
    sql`SELECT id, name_cn, name_en, name_ar FROM regions WHERE level = 0 ORDER BY id`,
  );
  return {
    bills: bills.rows.map((b) => ({
      id: Number(b.id),
      no: b.no,
      channelId: b.channel_id,
      countryId: b.country_id,
      orderType: b.order_type,
    })),
    channels: channels.rows.map((r) => [r.id, r.code, r.name, r.name_en] as [number, string, string, string]),
    countries: countries.rows.map(
      (r) => [r.id, r.name_cn, r.name_en, r.name_ar] as [number, string, string, string],
    ),
  };
}
