import { and, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Page } from '../../../shared/contract/core.ts';
import type { OrderFilters, OrderRecord } from '../../../shared/contract/order.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import { type Db, runPrepared, runQuery, runSql } from '../../db/client.ts';
import { NAMES_VERSION, resolveNames } from '../../db/master-names.ts';
import { type Plan, rowsOfPlan } from '../../db/planner.ts';
import { rawColumns } from '../../db/raw-columns.ts';
import { consigneePhoneDigits, orders } from '../../db/schema/index.ts';
import { containsText } from '../../db/sql-helpers.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import {
  ORDER_COUNT_CAP,
  ORDER_RECORD_KEYS,
  type OrderRecordRow,
  toOrderRecord,
} from '../order-core/order-read.ts';
import { invalidFields } from '../order-core/order-store.ts';

type Filters = Omit<OrderFilters, 'pageNo' | 'pageSize'>;

const dialect = new PgDialect();

const whereOf = (cond: SQL | undefined) => (cond ? sql`WHERE ${cond}` : sql``);

/** One of these texts, the list as one parameter: the statement's text is the same however many (runPrepared). */
const anyOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} = ANY(${sql.param(values)}::text[])`;

/**
 * The consignee phone filter: the digits typed, anywhere in the digits of the phone or of the
 * alternate phone, so formatting on either side does not matter ("966501234567" finds
 * "+966 50-123 4567", and "(050) 123" finds "050-1234567"); nothing else is read into the numbers
 * (no country codes). Through the trigram index on the same expression (consigneePhoneDigits).
 * Text with no digit in it matches no order.
 */
function phoneContains(text: string): SQL {
  const digits = text.replace(/\D+/g, '');
  if (digits === '') return sql`false`;
  return sql`${consigneePhoneDigits(orders)} LIKE ${`%${digits}%`}`;
}

/**
 * The WHERE of the order list (and of the order exports): the filters, and for a customer account
 * its own customer whatever the filters say. Refuses a time range that ends before it starts.
 */
export function orderConditions(f: Filters, user: AuthUser): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalidFields([{ path: 'endTime', descriptor: m.timeRangeInvalid }]);
  const where: (SQL | undefined)[] = [];
  const scope = customerScope(user);
  if (scope !== null) where.push(eq(orders.customerId, scope));
  if (f.customerId !== undefined) where.push(eq(orders.customerId, f.customerId));
  if (f.trackingNos.length) where.push(anyOf(orders.trackingNo, f.trackingNos));
  if (f.customerNos.length) where.push(anyOf(orders.customerNo, f.customerNos));
  if (f.carrierTrackingNos.length) where.push(anyOf(orders.carrierTrackingNo, f.carrierTrackingNos));
  if (f.channelId !== undefined) where.push(eq(orders.channelId, f.channelId));
  if (f.carrierId !== undefined) where.push(eq(orders.carrierId, f.carrierId));
  if (f.countryId !== undefined) where.push(eq(orders.consigneeCountryId, f.countryId));
  if (f.status !== undefined) where.push(eq(orders.status, f.status));
  if (f.signStatus !== undefined) where.push(eq(orders.signStatus, f.signStatus));
  if (f.interceptState !== undefined) where.push(eq(orders.interceptState, f.interceptState));
  if (f.checkStatus !== '-1') where.push(eq(orders.checkStatus, Number(f.checkStatus)));
  if (f.payment !== '2') where.push(eq(orders.payment, Number(f.payment)));
  if (f.isCod !== undefined) where.push(eq(orders.isCod, f.isCod));
  if (f.abnormal !== undefined)
    where.push(f.abnormal ? ne(orders.abnormalFlags, 0) : eq(orders.abnormalFlags, 0));
  if (f.consigneeName) where.push(containsText(orders.consigneeName, f.consigneeName));
  if (f.consigneePhone) where.push(phoneContains(f.consigneePhone));
  const time = f.timeBasis === 'arrival' ? orders.arrivedAt : orders.createdAt;
  if (f.startTime) where.push(gte(time, new Date(f.startTime)));
  if (f.endTime) where.push(lt(time, new Date(f.endTime)));
  return and(...where);
}

/** The orders columns a list row shows. */
const LIST_COLUMNS = rawColumns(orders, 'orders', ORDER_RECORD_KEYS);

/**
 * The SELECT list of a list page: the order columns a row shows and the stamp of the names it
 * shows, which come from the process's memory (db/master-names.ts). The orders query plans as one
 * table, in well under a millisecond, where the planner's search over the nine-table join took
 * 5-40 ms; and names looked up per row in the statement (seven scalar subqueries) were four fifths
 * of its time (EXPLAIN (ANALYZE) on 1,000,000 orders, bench/orders.ts). Built once.
 */
const PAGE_SELECT = sql.join([LIST_COLUMNS.select, sql`${NAMES_VERSION} AS "x_names"`], sql`, `);

/** The matches of a condition counted up to one past the cap, as SQL. */
const cappedCount = (cond: SQL | undefined) =>
  sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${orders} ${whereOf(cond)} LIMIT ${sql.raw(String(ORDER_COUNT_CAP + 1))}) s)`;

/**
 * The order of a list page, newest first: by creation, or by arrival when the filters are an
 * arrival-time range (the arrivals of a window, latest first). Sorting arrivals by creation read
 * the creation-time index backwards past every newer order not yet arrived: after an import of
 * 300,000 new orders, 300,000 rows for each page of three days' arrivals (90 ms instead of 0.2).
 */
export type OrderSort = 'created' | 'arrived';

export const orderSortOf = (f: Pick<Filters, 'timeBasis' | 'startTime' | 'endTime'>): OrderSort =>
  f.timeBasis === 'arrival' && (f.startTime || f.endTime) ? 'arrived' : 'created';

/** The column each sort orders by (newest first, then the id). */
const SORT_COLUMN: Record<OrderSort, AnyPgColumn> = { created: orders.createdAt, arrived: orders.arrivedAt };

/**
 * How a page query finds its total: not at all, counted up to the cap in the same statement, or
 * (for filters whose matches are all read anyway to sort them) every match once, counted.
 */
type PageTotal = 'none' | 'capped' | 'all';

/**
 * One page of orders (newest first) with the names a list row shows, and its total as `total`
 * asks (null with 'none', or when the page is empty). Run as SQL and mapped here with each
 * column's own decoder (timestamps arrive as text): Drizzle's builder and row mapping cost more
 * than the query on a page of 20.
 */
export async function selectOrderPage(
  db: Db,
  cond: SQL | undefined,
  limit: number,
  offset: number,
  total: PageTotal = 'none',
  sort: OrderSort = 'created',
): Promise<{ rows: OrderRecordRow[]; total: number | null }> {
  const column = SORT_COLUMN[sort];
  const order = sql`ORDER BY ${column} DESC, ${orders.id} DESC`;
  // A first page is a prepared statement (runPrepared): its limits written out, the planner costs a
  // generic plan as it would the page's own (a parameter LIMIT it takes for 10% of the matches, and
  // keeps planning each call: 0.5 ms of a 0.7 ms first page). Later pages (an OFFSET that differs)
  // and consignee searches ('all': trigram patterns whose selectivity decides the plan) are planned
  // each time.
  const first = offset === 0 && total !== 'all';
  const run = first ? runPrepared : runQuery;
  const limits = first
    ? sql`LIMIT ${sql.raw(String(Math.trunc(limit)))}`
    : sql`LIMIT ${limit} OFFSET ${offset}`;
  const rows = await run<Record<string, unknown>>(
    db,
    total === 'all'
      ? // Every match once (its id and time), counted, and the page taken from them.
        sql`WITH m AS MATERIALIZED (SELECT "orders"."id", ${column} AS t FROM ${orders} ${whereOf(cond)})
          SELECT ${PAGE_SELECT}, (SELECT count(*) FROM m) AS "x_total" FROM ${orders}
          WHERE "orders"."id" IN (SELECT id FROM m ORDER BY t DESC, id DESC LIMIT ${limit} OFFSET ${offset})
          ${order}`
      : sql`SELECT ${PAGE_SELECT}${total === 'capped' ? sql`, ${cappedCount(cond)} AS "x_total"` : sql``}
          FROM ${orders} ${whereOf(cond)} ${order} ${limits}`,
  );
  const head = rows[0];
  const decoded = rows.map((r) => LIST_COLUMNS.decode(r));
  const name = head
    ? await resolveNames(db, Number(head.x_names), {
        customer: decoded.map((o) => o.customerId),
        channel: decoded.map((o) => o.channelId),
        region: decoded.flatMap((o) => [o.consigneeCountryId, o.consigneeProvinceId, o.consigneeCityId]),
        carrier: decoded.map((o) => o.carrierId),
        user: decoded.map((o) => o.createdBy),
      })
    : () => null;
  const records = decoded.map((o) => {
    const customer = name('customer', o.customerId);
    const channel = name('channel', o.channelId);
    const country = name('region', o.consigneeCountryId);
    const province = name('region', o.consigneeProvinceId);
    const city = name('region', o.consigneeCityId);
    const carrier = name('carrier', o.carrierId);
    const creator = name('user', o.createdBy);
    return {
      o,
      customerCode: customer?.[0] ?? '',
      customerName: customer?.[1] ?? '',
      channelCode: channel?.[0] ?? '',
      channelName: channel?.[1] ?? '',
      channelNameEn: channel?.[2] ?? '',
      countryCode: country?.[0] ?? '',
      countryCn: country?.[1] ?? '',
      countryEn: country?.[2] ?? '',
      countryAr: country?.[3] ?? '',
      provinceCn: province?.[1] ?? null,
      provinceEn: province?.[2] ?? null,
      provinceAr: province?.[3] ?? null,
      cityCn: city?.[1] ?? null,
      cityEn: city?.[2] ?? null,
      cityAr: city?.[3] ?? null,
      carrierCode: carrier?.[0] ?? null,
      carrierName: carrier?.[1] ?? null,
      carrierNameEn: carrier?.[2] ?? null,
      creatorNickname: creator?.[0] ?? null,
      creatorUsername: creator?.[1] ?? null,
    };
  });
  return { rows: records, total: total !== 'none' && head ? Number(head.x_total) : null };
}

/** A translator that keeps its answers to messages without values for one call (each row names its status). */
function remembering(t: Translate): Translate {
  const known = new Map<string, string>();
  return (message, values) => {
    if (values) return t(message, values);
    let text = known.get(message.id);
    if (text === undefined) {
      text = t(message);
      known.set(message.id, text);
    }
    return text;
  };
}

/**
 * Above this many estimated matches the list does not count: it answers "10,000+" at once. Counting
 * reads every match up to the cap, and 10,001 matches spread over the table (a channel and a status,
 * COD orders of a country) cost 10-40 ms of a 1,000,000-order table, most of a list call. The
 * planner's estimate (EXPLAIN of the count's query, a fraction of a millisecond) is close for the
 * filters staff use, the correlated columns having extended statistics (orders_filter_stats);
 * five times the cap is the margin that keeps an exact total below the cap from being hidden.
 */
export const ORDER_ESTIMATE_SKIP = 5 * ORDER_COUNT_CAP;

/**
 * Planner estimates by statement (text and parameters), kept a minute. The same filters come back
 * page after page and refresh after refresh, and an estimate only decides whether to count: with
 * it known, the page and its count go in one statement instead of three.
 */
const estimates = new Map<string, { n: number; at: number }>();
const ESTIMATE_KEEP_MS = 60_000;
const ESTIMATES_MAX = 1_000;

const estimateQuery = (cond: SQL | undefined) =>
  dialect.sqlToQuery(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${orders} ${whereOf(cond)}`);
const estimateKey = (q: { sql: string; params: unknown[] }) => `${q.sql}\n${JSON.stringify(q.params)}`;

/** The planner's estimate of the orders matching a condition when one was made in the last minute. */
function knownEstimate(cond: SQL | undefined): number | undefined {
  const key = estimateKey(estimateQuery(cond));
  const hit = estimates.get(key);
  if (hit && Date.now() - hit.at < ESTIMATE_KEEP_MS) return hit.n;
  if (hit) estimates.delete(key);
  return undefined;
}

/** The planner's estimate of the orders matching a condition (EXPLAIN, a fraction of a millisecond). */
async function estimatedMatches(db: Db, cond: SQL | undefined): Promise<number> {
  const q = estimateQuery(cond);
  const [row] = await runSql<Plan>(db, q.sql, q.params);
  const n = rowsOfPlan(row);
  if (estimates.size >= ESTIMATES_MAX) estimates.delete(estimates.keys().next().value!);
  estimates.set(estimateKey(q), { n, at: Date.now() });
  return n;
}

/** The matches, counted up to one past the cap. */
async function countCapped(db: Db, cond: SQL | undefined): Promise<number> {
  const [row] = await runPrepared<{ n: number }>(db, sql`SELECT ${cappedCount(cond)} AS n`);
  return row?.n ?? 0;
}

/**
 * order/list: a page, newest first (the latest arrivals first for an arrival-time range), and the
 * total: exact up to ORDER_COUNT_CAP, else capped. No count when the filters match far more than
 * the cap (ORDER_ESTIMATE_SKIP); otherwise the matches are counted, in the page's own statement when
 * the estimate is known, else after it unless the page is the last one (it ends within the page).
 */
export async function listOrders(
  db: Db,
  user: AuthUser,
  q: OrderFilters,
  t: Translate,
  locale: Locale,
): Promise<Page<OrderRecord>> {
  const cond = orderConditions(q, user);
  const sort = orderSortOf(q);
  const names = remembering(t);
  const offset = (q.pageNo - 1) * q.pageSize;
  // A consignee search reads every match through its trigram index to sort them, and would read
  // them all again to count them: when they are estimated fewer than the cap, the page query counts
  // them in the same pass. Other filters count in the page's statement when the estimate is known
  // (the same filters within a minute), else run the page and the estimate side by side.
  const textSearch = Boolean(q.consigneeName || q.consigneePhone);
  const known = knownEstimate(cond);
  let estimate: number;
  let page: Awaited<ReturnType<typeof selectOrderPage>>;
  if (textSearch) {
    estimate = known ?? (await estimatedMatches(db, cond));
    page = await selectOrderPage(
      db,
      cond,
      q.pageSize,
      offset,
      estimate < ORDER_COUNT_CAP ? 'all' : 'none',
      sort,
    );
  } else if (known !== undefined) {
    estimate = known;
    page = await selectOrderPage(
      db,
      cond,
      q.pageSize,
      offset,
      estimate < ORDER_ESTIMATE_SKIP ? 'capped' : 'none',
      sort,
    );
  } else
    [page, estimate] = await Promise.all([
      selectOrderPage(db, cond, q.pageSize, offset, 'none', sort),
      estimatedMatches(db, cond),
    ]);
  const { rows } = page;
  // The last page shows where the matches end; a page past the end says nothing.
  const lastPage = rows.length > 0 ? rows.length < q.pageSize : offset === 0;
  const n =
    page.total ??
    (lastPage
      ? offset + rows.length
      : estimate >= ORDER_ESTIMATE_SKIP
        ? ORDER_COUNT_CAP + 1
        : await countCapped(db, cond));
  return {
    records: rows.map((r) => toOrderRecord(r, names, locale)),
    total: Math.min(n, ORDER_COUNT_CAP),
    totalCapped: n > ORDER_COUNT_CAP,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
