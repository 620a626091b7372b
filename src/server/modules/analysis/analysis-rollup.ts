import { type SQL, sql } from 'drizzle-orm';
import type { AnalysisGroup } from '../../../shared/domain/analysis.ts';
import { addDays } from '../../../shared/domain/analysis.ts';
import type { Db } from '../../db/client.ts';
import { type JobDefinition, jobName } from '../../jobs/engine.ts';

/**
 * The daily rollup of the order statistics (tables of migration 0015, schema/analysis.ts): the
 * closed business days (before the edge, ROLLUP_OPEN_DAYS before today in the business time zone)
 * summed per day, group and COD currency, and the fee lines per day, group, fee type and currency,
 * for each group dimension. A statistics request of the whole business by creation day reads the
 * closed days from it and the open and dirty ones live (analysis-statistics.ts), in one snapshot,
 * so its answer is the live one exactly.
 *
 * Kept exact by triggers on orders and fee_details that mark the day of a changed old order dirty
 * (only for orders older than ROLLUP_OPEN_DAYS - 1 days, so fresh orders pay nothing), and by the refresher below: it
 * builds the rollup when empty (or built in another time zone), redoes the dirty days and moves the
 * edge forward daily. It is a job of the engine (rollupJob): every minute on pg-boss's cron, one
 * at a time across processes (policy stately), and once when a working process starts.
 */

/**
 * Days before today that are read live. The triggers (migration 0016) mark changes of orders older
 * than one day less: change both together. Fewer open days make a year's statistics cheaper (10
 * days of orders read live instead of 35) and mark more changes (an order's delivery, a COD change
 * after ten days), each a day the refresher redoes within a minute and requests read live till then.
 */
export const ROLLUP_OPEN_DAYS = 10;

/** The rollup's `dim` of each group dimension ('none' sums the status rows). */
export const ROLLUP_DIM: Record<AnalysisGroup, number> = {
  none: 4,
  customer: 1,
  channel: 2,
  country: 3,
  status: 4,
};

/** The midnight starting a business day, as a constant to the planner. */
const midnight = (day: string, timeZone: string) => sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;

/** Inserts the rollup rows of the orders matching `cond` (over orders `o`). */
async function rollUp(db: Db, timeZone: string, cond: SQL): Promise<void> {
  const day = sql`(o.created_at AT TIME ZONE ${timeZone})::date`;
  const dim = sql`CASE WHEN GROUPING(customer_id) = 0 THEN 1 WHEN GROUPING(channel_id) = 0 THEN 2
    WHEN GROUPING(country) = 0 THEN 3 ELSE 4 END`;
  const g = sql`CASE WHEN GROUPING(customer_id) = 0 THEN customer_id::text WHEN GROUPING(channel_id) = 0 THEN channel_id::text
    WHEN GROUPING(country) = 0 THEN country::text ELSE status::text END`;
  const columns = sql`${day} AS day, o.customer_id, o.channel_id, o.consignee_country_id AS country, o.status`;
  await db.execute(sql`
    INSERT INTO analysis_rollup_orders (dim, day, g, cur, n, w, cn, a)
    SELECT ${dim}, day, ${g}, cur, count(*), sum(w), count(*) FILTER (WHERE is_cod),
      coalesce(sum(a) FILTER (WHERE is_cod), 0)
    FROM (
      SELECT ${columns}, CASE WHEN o.is_cod THEN o.cod_currency ELSE '' END AS cur,
        o.chargeable_weight AS w, o.is_cod, o.cod_amount AS a
      FROM orders o WHERE ${cond}
    ) x
    GROUP BY GROUPING SETS ((day, customer_id, cur), (day, channel_id, cur), (day, country, cur), (day, status, cur))`);
  await db.execute(sql`
    INSERT INTO analysis_rollup_fees (dim, day, g, ft, cur, a)
    SELECT ${dim}, day, ${g}, ft, cur, sum(a)
    FROM (
      SELECT ${columns}, fd.fee_type AS ft, fd.currency AS cur, fd.amount AS a
      FROM orders o JOIN fee_details fd ON fd.order_id = o.id WHERE ${cond}
    ) x
    GROUP BY GROUPING SETS ((day, customer_id, ft, cur), (day, channel_id, ft, cur), (day, country, ft, cur),
      (day, status, ft, cur))`);
}

export interface RefreshResult {
  /** Built from scratch (else refreshed). */
  built: boolean;
  /** The days rolled up again or added. */
  days: number;
  edge: string;
}

/** Consecutive days as ranges [from, to). */
function runsOf(days: string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const d of [...new Set(days)].sort()) {
    const last = runs.at(-1);
    if (last && last[1] === d) last[1] = addDays(d, 1);
    else runs.push([d, addDays(d, 1)]);
  }
  return runs;
}

/**
 * Brings the rollup up to date: builds it when it is not built for `timeZone`, else redoes the
 * dirty closed days and rolls up the days that closed since. Two at once take turns on the state
 * row (FOR UPDATE): the second finds the work done. Answers null when the time zone changed under it.
 */
export async function refreshRollup(db: Db, timeZone: string): Promise<RefreshResult | null> {
  const locked = async <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    db.transaction(async (x) => {
      const tx = x as unknown as Db;
      await tx.execute(sql`SET LOCAL jit = off`);
      return work(tx);
    });
  const stateOf = async (tx: Db) => {
    const [st] = (
      await tx.execute<{ time_zone: string | null; edge: string | null; target: string }>(sql`
        SELECT time_zone, edge::text AS edge,
          ((now() AT TIME ZONE ${timeZone})::date - ${ROLLUP_OPEN_DAYS}::int)::text AS target
        FROM analysis_rollup_state WHERE id = 1 FOR UPDATE`)
    ).rows;
    return st!;
  };

  await locked(async (tx) => {
    const st = await stateOf(tx);
    if (st.time_zone === timeZone) return st;
    // From this commit on the triggers mark changes of old orders; taking the tables' SHARE lock
    // first waits for the writes in flight (their triggers saw no time zone and marked nothing).
    await tx.execute(sql`SET LOCAL lock_timeout = '10s'`);
    await tx.execute(sql`LOCK TABLE orders, fee_details IN SHARE MODE`);
    await tx.execute(
      sql`UPDATE analysis_rollup_state SET time_zone = ${timeZone}, edge = NULL, built_at = NULL WHERE id = 1`,
    );
    return { ...st, time_zone: timeZone, edge: null };
  });

  return locked(async (tx) => {
    const st = await stateOf(tx);
    if (st.time_zone !== timeZone) return null;
    if (st.edge === null) {
      await tx.execute(sql`DELETE FROM analysis_rollup_dirty`);
      await tx.execute(sql`DELETE FROM analysis_rollup_orders`);
      await tx.execute(sql`DELETE FROM analysis_rollup_fees`);
      await rollUp(tx, timeZone, sql`o.created_at < ${midnight(st.target, timeZone)}`);
      await tx.execute(
        sql`UPDATE analysis_rollup_state SET edge = ${st.target}, built_at = now() WHERE id = 1`,
      );
      return { built: true, days: -1, edge: st.target };
    }
    const edge = [st.edge, st.target].sort()[1]!;
    // Every mark goes: the closed days are redone here, the open ones are read live and rolled
    // up afresh when they close.
    const dirty = (
      await tx.execute<{ day: string }>(sql`DELETE FROM analysis_rollup_dirty RETURNING day::text AS day`)
    ).rows
      .map((r) => r.day)
      .filter((d) => d < st.edge!);
    const days = [...dirty];
    for (let d = st.edge; d < edge; d = addDays(d, 1)) days.push(d);
    for (const [from, to] of runsOf(days)) {
      const range = sql`day >= ${from}::date AND day < ${to}::date`;
      await tx.execute(sql`DELETE FROM analysis_rollup_orders WHERE ${range}`);
      await tx.execute(sql`DELETE FROM analysis_rollup_fees WHERE ${range}`);
      await rollUp(
        tx,
        timeZone,
        sql`o.created_at >= ${midnight(from, timeZone)} AND o.created_at < ${midnight(to, timeZone)}`,
      );
    }
    if (edge !== st.edge || days.length)
      await tx.execute(sql`UPDATE analysis_rollup_state SET edge = ${edge}, built_at = now() WHERE id = 1`);
    return { built: false, days: new Set(days).size, edge };
  });
}

/** What a statistics request reads from the rollup: the closed days before `edge` but the dirty ones. */
export interface RollupPlan {
  edge: string;
  dirty: string[];
}

/**
 * The rollup's part of a request over [startDate, endDate] (null when it is not built for this
 * time zone or holds none of these days). Read in the request's snapshot.
 */
export async function rollupPlan(
  db: Db,
  timeZone: string,
  startDate: string,
  endDate: string,
): Promise<RollupPlan | null> {
  const [st] = (
    await db.execute<{ time_zone: string | null; edge: string | null; dirty: string[] }>(sql`
      SELECT s.time_zone, s.edge::text AS edge,
        ARRAY(SELECT d.day::text FROM analysis_rollup_dirty d
          WHERE d.day >= ${startDate}::date AND d.day <= ${endDate}::date AND d.day < s.edge ORDER BY d.day) AS dirty
      FROM analysis_rollup_state s WHERE s.id = 1`)
  ).rows;
  if (!st || st.time_zone !== timeZone || st.edge === null || st.edge <= startDate) return null;
  return { edge: st.edge, dirty: st.dirty };
}

export const ANALYSIS_ROLLUP = jobName<Record<string, never>>('analysis-rollup');

interface Log {
  info(o: object, msg: string): void;
}

/** The refresher as a job: the dirty days within a minute, and the day that closes at midnight. */
export function rollupJob(db: Db, timeZone: string, log: Log): JobDefinition<Record<string, never>> {
  return {
    name: ANALYSIS_ROLLUP,
    schedule: { cron: '* * * * *' },
    atStart: true,
    policy: 'stately',
    retries: 0,
    expireInSeconds: 1800,
    async run() {
      const started = performance.now();
      const r = await refreshRollup(db, timeZone);
      if (r && (r.built || r.days > 0))
        log.info(
          { ...r, ms: Math.round(performance.now() - started) },
          r.built ? 'analysis rollup built' : 'analysis rollup refreshed',
        );
    },
  };
}
