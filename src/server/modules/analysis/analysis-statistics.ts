import { type SQL, sql } from 'drizzle-orm';
import {
  type Figures,
  MONEY_METRICS,
  type Money,
  type MoneyMetric,
  type Series,
  type StatisticsData,
  type StatisticsRequest,
} from '../../../shared/contract/analysis.ts';
import {
  ALL_KEY,
  ANALYSIS_TOP_SERIES,
  type AnalysisGroup,
  addDays,
  OTHERS_KEY,
} from '../../../shared/domain/analysis.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { FeeType } from '../../../shared/domain/order-fees.ts';
import type { Db } from '../../db/client.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { nameOf, namesOf } from './analysis-names.ts';
import { ROLLUP_DIM, type RollupPlan, rollupPlan } from './analysis-rollup.ts';
import { type AnalysisScope, analysisScope, entryOf, feeLinesOf } from './analysis-scope.ts';

/** The group an order belongs to, as text. */
export const GROUP_KEY: Record<AnalysisGroup, SQL> = {
  none: sql.raw(`'${ALL_KEY}'`),
  customer: sql.raw('o.customer_id::text'),
  channel: sql.raw('o.channel_id::text'),
  country: sql.raw('o.consignee_country_id::text'),
  status: sql.raw('o.status::text'),
};

/**
 * GROUPING(day, b, g, cur) of each grouping set below (a bit set for each column not grouped by;
 * day 8, b 4, g 2, cur 1); fee rows add 16.
 */
const SET = {
  series: 3,
  seriesCod: 2,
  group: 13,
  groupCod: 12,
  total: 15,
  totalCod: 14,
  seriesFee: 18,
  groupFee: 28,
  totalFee: 30,
} as const;

interface Row {
  gs: number;
  day: number | null;
  b: string | null;
  g: string | null;
  cur: string | null;
  ft: number | null;
  n: number | null;
  w: string | null;
  cn: number | null;
  a: string | null;
}

/**
 * The per-day sums, per day, group and COD currency (`d`) and per day, group, fee type and currency
 * (`f`): read live from the orders, or, for a request the rollup can answer (analysis-rollup.ts),
 * its closed days from the rollup and the open and dirty ones live (one snapshot: analysisReads).
 */
async function dailySums(
  db: Db,
  s: AnalysisScope,
  groupBy: AnalysisGroup,
  plan: RollupPlan | null,
): Promise<{ d: SQL; f: SQL }> {
  const g = GROUP_KEY[groupBy];
  const live = (x: AnalysisScope, fees: SQL) => ({
    d: sql`
      SELECT ${x.day} AS day, ${g} AS g, CASE WHEN o.is_cod THEN o.cod_currency ELSE '' END AS cur,
        count(*) AS n, sum(o.chargeable_weight) AS w, count(*) FILTER (WHERE o.is_cod) AS cn,
        coalesce(sum(o.cod_amount) FILTER (WHERE o.is_cod), 0) AS a
      FROM orders o WHERE ${x.cond} GROUP BY 1, 2, 3`,
    f: sql`
      SELECT ${x.day} AS day, ${g} AS g, fd.fee_type AS ft, fd.currency AS cur, sum(fd.amount) AS a
      FROM orders o ${fees} WHERE ${x.cond} GROUP BY 1, 2, 3, 4`,
  });
  if (plan === null) return live(s, await feeLinesOf(db, s));
  const { startDate, endDate, timeZone } = s.echo;
  // Live: the open days and the dirty closed ones.
  const at = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
  const parts = [sql`o.created_at >= ${at(plan.edge)}`];
  for (const day of plan.dirty)
    parts.push(sql`(o.created_at >= ${at(day)} AND o.created_at < ${at(addDays(day, 1))})`);
  const open: AnalysisScope = { ...s, cond: sql`${s.cond} AND (${sql.join(parts, sql` OR `)})` };
  const l = live(open, await feeLinesOf(db, open));
  // Rolled up: the closed days in the range but the dirty ones.
  const dim = ROLLUP_DIM[groupBy];
  const key = groupBy === 'none' ? GROUP_KEY.none : sql.raw('r.g');
  const days = sql`r.dim = ${dim} AND r.day >= ${startDate}::date AND r.day <= ${endDate}::date
    AND r.day < ${plan.edge}::date AND NOT (r.day = ANY(${`{${plan.dirty.join(',')}}`}::date[]))`;
  const day = sql`(r.day - ${startDate}::date)`;
  return {
    d: sql`SELECT ${day} AS day, ${key} AS g, r.cur, r.n, r.w, r.cn, r.a FROM analysis_rollup_orders r
      WHERE ${days} UNION ALL ${l.d}`,
    f: sql`SELECT ${day} AS day, ${key} AS g, r.ft, r.cur, r.a FROM analysis_rollup_fees r
      WHERE ${days} UNION ALL ${l.f}`,
  };
}

/** Whether the rollup can answer a request: the whole business by creation day, no filter. */
function rollupServes(q: StatisticsRequest, user: AuthUser): boolean {
  return (
    q.timeBasis === 'create' &&
    q.customerId === undefined &&
    q.channelId === undefined &&
    q.countryId === undefined &&
    customerScope(user) === null
  );
}

/**
 * Every figure in one statement, reading the orders (and their fee lines) once: per day, group and
 * COD currency (d) and per day, group, fee type and currency (f), then summed by grouping sets into
 * the series (the largest groups by day, `b`), the groups (`g`) and the totals. d and f may hold
 * several rows of a day, group and currency (rolled up and live): everything after sums them.
 */
async function statisticsRows(
  db: Db,
  s: AnalysisScope,
  groupBy: AnalysisGroup,
  plan: RollupPlan | null,
): Promise<Row[]> {
  const { d, f } = await dailySums(db, s, groupBy, plan);
  // Summed in two steps: plain hash aggregates over the many daily rows, per group (gd, gf) and
  // per day and series (sd, sf), then the grouping sets over those few rows.
  const res = await db.execute<Row & Record<string, unknown>>(sql`
    WITH d AS MATERIALIZED (${d}), f AS MATERIALIZED (${f}), gd AS MATERIALIZED (
      SELECT g, cur, sum(n) AS n, sum(w) AS w, sum(cn) AS cn, sum(a) AS a FROM d GROUP BY g, cur
    ), top AS (
      SELECT g FROM gd GROUP BY g ORDER BY sum(n) DESC, g LIMIT ${ANALYSIS_TOP_SERIES}
    ), sd AS (
      SELECT day, CASE WHEN d.g IN (SELECT g FROM top) THEN d.g ELSE ${OTHERS_KEY} END AS b, cur,
        sum(n) AS n, sum(w) AS w, sum(cn) AS cn, sum(a) AS a
      FROM d GROUP BY 1, 2, 3
    ), gf AS (
      SELECT g, ft, cur, sum(a) AS a FROM f GROUP BY g, ft, cur
    ), sf AS (
      SELECT day, CASE WHEN f.g IN (SELECT g FROM top) THEN f.g ELSE ${OTHERS_KEY} END AS b, ft, cur,
        sum(a) AS a
      FROM f GROUP BY 1, 2, 3, 4
    )
    SELECT 12 + GROUPING(g, cur) AS gs, NULL::int AS day, NULL::text AS b, g, cur, NULL::int AS ft,
      sum(n)::int AS n, sum(w)::text AS w, sum(cn)::int AS cn, sum(a)::text AS a
    FROM gd GROUP BY GROUPING SETS ((g), (g, cur), (), (cur))
    UNION ALL
    SELECT 2 + GROUPING(cur), day, b, NULL, cur, NULL, sum(n)::int, sum(w)::text, sum(cn)::int, sum(a)::text
    FROM sd GROUP BY GROUPING SETS ((day, b), (day, b, cur))
    UNION ALL
    SELECT 28 + 2 * GROUPING(g), NULL, NULL, g, cur, ft::int, NULL, NULL, NULL, sum(a)::text
    FROM gf GROUP BY GROUPING SETS ((g, ft, cur), (ft, cur))
    UNION ALL
    SELECT 18, day, b, NULL, cur, ft::int, NULL, NULL, NULL, a::text FROM sf`);
  return res.rows;
}

/** A series' money in a fixed order (the rows come in the plan's), metric then currency. */
const byMetric = (
  x: { metric: MoneyMetric; currency: string },
  y: { metric: MoneyMetric; currency: string },
) =>
  MONEY_METRICS.indexOf(x.metric) - MONEY_METRICS.indexOf(y.metric) || x.currency.localeCompare(y.currency);

const METRIC_OF: Record<number, MoneyMetric> = { [FeeType.freight]: 'freight', [FeeType.codFee]: 'codFee' };

const byAmount = (xs: Money[]) =>
  xs.sort((x, y) => Number(y.amount) - Number(x.amount) || x.currency.localeCompare(y.currency));

function emptyFigures(): Figures {
  return { orders: 0, weightKg: '0', codOrders: 0, codAmounts: [], freight: [], codFees: [] };
}

/** Puts a fee or COD row's amount into a figures object. */
function addMoney(f: Figures, r: Row) {
  if (!r.cur || r.a === null) return;
  const amount = { currency: r.cur, amount: r.a };
  if (r.gs < 16) f.codAmounts.push(amount);
  else if (r.ft === FeeType.freight) f.freight.push(amount);
  else if (r.ft === FeeType.codFee) f.codFees.push(amount);
}

function sortFigures(f: Figures): Figures {
  byAmount(f.codAmounts);
  byAmount(f.freight);
  byAmount(f.codFees);
  return f;
}

/**
 * order/analysis/statistics: the selected orders' figures in total, per group (every group, most
 * orders first) and by day for the ANALYSIS_TOP_SERIES largest groups plus the others.
 */
export async function statistics(
  db: Db,
  user: AuthUser,
  q: StatisticsRequest,
  timeZone: string,
  t: Translate,
  locale: Locale,
): Promise<StatisticsData> {
  const s = analysisScope(q, user, timeZone);
  const plan = rollupServes(q, user) ? await rollupPlan(db, timeZone, q.startDate, q.endDate) : null;
  const rows = await statisticsRows(db, s, q.groupBy, plan);
  const totals = emptyFigures();
  const groups = new Map<string, Figures>();
  const series = new Map<string, Series>();
  const length = s.echo.days.length;
  const groupOf = (key: string) => entryOf(groups, key, emptyFigures);
  const seriesOf = (key: string) =>
    entryOf(series, key, () => ({
      key,
      code: '',
      name: '',
      orders: Array(length).fill(0),
      weightKg: Array(length).fill('0'),
      codOrders: Array(length).fill(0),
      money: [],
    }));
  const moneyOf = (x: Series, metric: MoneyMetric, currency: string) => {
    const found = x.money.find((v) => v.metric === metric && v.currency === currency);
    if (found) return found.values;
    const values: string[] = Array(length).fill('0');
    x.money.push({ metric, currency, values });
    return values;
  };

  for (const r of rows) {
    switch (r.gs) {
      case SET.total:
        Object.assign(totals, { orders: r.n ?? 0, weightKg: r.w ?? '0', codOrders: r.cn ?? 0 });
        break;
      case SET.totalCod:
      case SET.totalFee:
        addMoney(totals, r);
        break;
      case SET.group:
        Object.assign(groupOf(r.g!), { orders: r.n ?? 0, weightKg: r.w ?? '0', codOrders: r.cn ?? 0 });
        break;
      case SET.groupCod:
      case SET.groupFee:
        addMoney(groupOf(r.g!), r);
        break;
      case SET.series: {
        const x = seriesOf(r.b!);
        x.orders[r.day!] = r.n ?? 0;
        x.weightKg[r.day!] = r.w ?? '0';
        x.codOrders[r.day!] = r.cn ?? 0;
        break;
      }
      case SET.seriesCod:
        if (r.cur) moneyOf(seriesOf(r.b!), 'codAmount', r.cur)[r.day!] = r.a ?? '0';
        break;
      case SET.seriesFee: {
        const metric = r.ft === null ? undefined : METRIC_OF[r.ft];
        if (metric && r.cur) moneyOf(seriesOf(r.b!), metric, r.cur)[r.day!] = r.a ?? '0';
        break;
      }
    }
  }

  const ranked = [...groups.entries()].sort(
    ([ka, a], [kb, b]) => b.orders - a.orders || ka.localeCompare(kb),
  );
  const named = q.groupBy === 'none' ? 'status' : q.groupBy;
  const names = q.groupBy === 'none' ? new Map() : await namesOf(db, named, [...groups.keys()], t, locale);
  const rank = new Map(ranked.map(([k], i) => [k, i]));
  return {
    ...s.echo,
    groupBy: q.groupBy,
    totals: sortFigures(totals),
    groups: ranked.map(([key, f]) => ({ key, ...nameOf(names, key, t, q.groupBy), figures: sortFigures(f) })),
    series: [...series.values()]
      .sort(
        (a, b) => (rank.get(a.key) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.key) ?? Number.MAX_SAFE_INTEGER),
      )
      .map((x) => ({ ...x, money: x.money.sort(byMetric), ...nameOf(names, x.key, t, q.groupBy) })),
  };
}
