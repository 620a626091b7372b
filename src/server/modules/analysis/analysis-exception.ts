import { type SQL, sql } from 'drizzle-orm';
import type {
  AnalysisFilters,
  ExceptionData,
  ExceptionDetailRequest,
  ExceptionOrder,
} from '../../../shared/contract/analysis.ts';
import type { Page } from '../../../shared/contract/core.ts';
import { EXCEPTION_KINDS, EXCEPTION_SOURCE, type ExceptionKind } from '../../../shared/domain/analysis.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { numbered } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { localName } from '../../db/sql-helpers.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { statusName } from '../order-core/order-names.ts';
import { type AnalysisScope, analysisScope } from './analysis-scope.ts';

/** A kind is named by its abnormal mark or its final status. */
export function kindMessage(kind: ExceptionKind): MessageDescriptor {
  const source = EXCEPTION_SOURCE[kind];
  return 'abnormal' in source ? numbered('abnormal', source.abnormal)! : numbered('status', source.status)!;
}

export const kindName = (t: Translate, kind: ExceptionKind): string => t(kindMessage(kind));

/** With a customer, only its marks are read (they carry its id): a smaller join. */
const marksOf = (s: AnalysisScope): SQL =>
  s.customerId === null ? sql`true` : sql`a.customer_id = ${s.customerId}`;

/** An exception kind's code in the rows below: the abnormal kind, or minus the final status. */
export const kindCode = (kind: ExceptionKind): number => {
  const src = EXCEPTION_SOURCE[kind];
  return 'abnormal' in src ? src.abnormal : -src.status;
};

export interface ExceptionRow {
  /** 0 for all selected orders, else kindCode. */
  kind: number;
  day: number;
  n: number;
  /** Orders whose mark of the kind is still pending (abnormal kinds). */
  open: number | null;
}

const ENDINGS = EXCEPTION_KINDS.flatMap((k) => {
  const src = EXCEPTION_SOURCE[k];
  return 'status' in src ? [src.status] : [];
});

/**
 * Per day: the selected orders, the returned and lost ones among them, and the orders with a mark
 * of each abnormal kind (and those whose mark is still pending), each order counted once per kind.
 */
export async function exceptionRows(db: Db, s: AnalysisScope): Promise<ExceptionRow[]> {
  const res = await db.execute<ExceptionRow & Record<string, unknown>>(sql`
    SELECT 0 AS kind, ${s.day} AS day, count(*)::int AS n, NULL::int AS open
    FROM orders o WHERE ${s.cond} GROUP BY 2
    UNION ALL
    SELECT -o.status, ${s.day}, count(*)::int, NULL
    FROM orders o WHERE ${s.cond} AND o.status IN (${sql.join(
      ENDINGS.map((x) => sql`${x}`),
      sql`, `,
    )}) GROUP BY 1, 2
    UNION ALL
    SELECT a.kind, ${s.day}, count(DISTINCT a.order_id)::int,
      count(DISTINCT a.order_id) FILTER (WHERE a.state = 0)::int
    FROM order_abnormals a JOIN orders o ON o.id = a.order_id
    WHERE ${marksOf(s)} AND ${s.cond} GROUP BY 1, 2`);
  return res.rows;
}

/** order/analysis/exception: each kind's orders in total, open and by day, with the orders selected. */
export async function exceptionStatistics(
  db: Db,
  user: AuthUser,
  f: AnalysisFilters,
  timeZone: string,
  t: Translate,
): Promise<ExceptionData> {
  const s = analysisScope(f, user, timeZone);
  const rows = await exceptionRows(db, s);
  const length = s.echo.days.length;
  const ordersByDay: number[] = Array(length).fill(0);
  const kinds = EXCEPTION_KINDS.map((kind) => ({
    kind,
    name: kindName(t, kind),
    orders: 0,
    open: 'abnormal' in EXCEPTION_SOURCE[kind] ? 0 : null,
    byDay: Array(length).fill(0) as number[],
  }));
  for (const r of rows) {
    if (r.kind === 0) {
      ordersByDay[r.day] = r.n;
      continue;
    }
    const k = kinds.find((x) => kindCode(x.kind) === r.kind);
    if (!k) continue;
    k.byDay[r.day] = r.n;
    k.orders += r.n;
    if (k.open !== null) k.open += r.open ?? 0;
  }
  return { ...s.echo, orders: ordersByDay.reduce((a, b) => a + b, 0), ordersByDay, kinds };
}

interface DetailRow {
  id: number;
  tracking_no: string;
  customer_no: string;
  status: number;
  created_at: string;
  arrived_at: string | null;
  marked_at: string;
  open: boolean | null;
  handled_at: string | null;
  customer: [string, string];
  channel: [string, string, string];
  country: [string, string, string, string];
  total: number;
}

/**
 * The orders behind a kind, newest first: for an abnormal kind, the latest mark of that kind of
 * each order (pending when any is), for an ending the order itself.
 */
function detailQuery(s: AnalysisScope, kind: ExceptionKind, openOnly: boolean): { from: SQL; where: SQL } {
  const src = EXCEPTION_SOURCE[kind];
  if ('status' in src)
    return {
      from: sql`orders o CROSS JOIN LATERAL (SELECT o.updated_at AS marked_at, NULL::boolean AS open, NULL::timestamptz AS handled_at) m`,
      where: openOnly ? sql`false` : sql`${s.cond} AND o.status = ${src.status}`,
    };
  return {
    from: sql`(SELECT a.order_id, max(a.created_at) AS marked_at, bool_or(a.state = 0) AS open,
        CASE WHEN bool_or(a.state = 0) THEN NULL ELSE max(a.handled_at) END AS handled_at
      FROM order_abnormals a WHERE a.kind = ${src.abnormal} AND ${marksOf(s)} GROUP BY a.order_id) m
      JOIN orders o ON o.id = m.order_id`,
    where: openOnly ? sql`${s.cond} AND m.open` : s.cond,
  };
}

const DETAIL_COLUMNS = sql.raw(`o.id, o.tracking_no, o.customer_no, o.status, o.created_at, o.arrived_at,
  m.marked_at, m.open, m.handled_at,
  (SELECT json_build_array(code, name) FROM customers WHERE id = o.customer_id) AS customer,
  (SELECT json_build_array(code, name, name_en) FROM shipping_channels WHERE id = o.channel_id) AS channel,
  (SELECT json_build_array(code, name_cn, name_en, name_ar) FROM regions WHERE id = o.consignee_country_id) AS country`);

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function toExceptionOrder(r: DetailRow, t: Translate, locale: Locale): ExceptionOrder {
  const [countryCode, nameCn, nameEn, nameAr] = r.country;
  return {
    recId: Number(r.id),
    trackingNo: r.tracking_no,
    customerNo: r.customer_no,
    customerCode: r.customer[0],
    customerName: r.customer[1],
    channelCode: r.channel[0],
    channelName: locale === 'cn' ? r.channel[1] : r.channel[2] || r.channel[1],
    countryCode,
    countryName: localName({ nameCn, nameEn, nameAr }, locale),
    status: r.status,
    statusName: statusName(t, r.status),
    createdAt: iso(r.created_at)!,
    arrivedAt: iso(r.arrived_at),
    markedAt: iso(r.marked_at)!,
    open: r.open,
    handledAt: iso(r.handled_at),
  };
}

/** order/analysis/exceptionDetail: a page of the orders behind a kind's count, with their total. */
export async function exceptionDetail(
  db: Db,
  user: AuthUser,
  q: ExceptionDetailRequest,
  timeZone: string,
  t: Translate,
  locale: Locale,
): Promise<Page<ExceptionOrder>> {
  const s = analysisScope(q, user, timeZone);
  const { from, where } = detailQuery(s, q.kind, q.openOnly);
  const res = await db.execute<DetailRow & Record<string, unknown>>(sql`
    SELECT ${DETAIL_COLUMNS}, count(*) OVER ()::int AS total FROM ${from} WHERE ${where}
    ORDER BY o.created_at DESC, o.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`);
  let total = res.rows[0]?.total ?? 0;
  // A page past the end still answers the total.
  if (res.rows.length === 0 && q.pageNo > 1) {
    const [n] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`))
      .rows;
    total = n?.n ?? 0;
  }
  return {
    records: res.rows.map((r) => toExceptionOrder(r, t, locale)),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** The export's rows: every order behind the kind, in pages by the order's id (keyset). */
export async function exceptionOrderPage(
  db: Db,
  s: AnalysisScope,
  kind: ExceptionKind,
  openOnly: boolean,
  after: number | null,
  limit: number,
  t: Translate,
  locale: Locale,
): Promise<ExceptionOrder[]> {
  const { from, where } = detailQuery(s, kind, openOnly);
  const res = await db.execute<DetailRow & Record<string, unknown>>(sql`
    SELECT ${DETAIL_COLUMNS}, 0 AS total FROM ${from}
    WHERE ${where} ${after === null ? sql`` : sql`AND o.id > ${after}`} ORDER BY o.id LIMIT ${limit}`);
  return res.rows.map((r) => toExceptionOrder(r, t, locale));
}

export async function exceptionOrderCount(db: Db, s: AnalysisScope, kind: ExceptionKind, openOnly: boolean) {
  const { from, where } = detailQuery(s, kind, openOnly);
  const [n] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`))
    .rows;
  return n?.n ?? 0;
}
