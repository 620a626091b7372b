import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, runSql } from './client.ts';

/** What `EXPLAIN (FORMAT JSON)` answers: the plan as JSON, or as its text (by the driver). */
export type Plan = { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] | string };

const dialect = new PgDialect();

/** The rows the planner expects a plan to answer (0 without a plan). */
export const rowsOfPlan = (row: Plan | undefined): number => {
  const plan = row?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as Exclude<typeof plan, string>) : plan;
  return parsed?.[0]?.Plan['Plan Rows'] ?? 0;
};

/** The planner's estimate of the rows a query answers (EXPLAIN, a fraction of a millisecond). */
export async function plannedRows(db: Db, query: SQL): Promise<number> {
  const q = dialect.sqlToQuery(sql`EXPLAIN (FORMAT JSON) ${query}`);
  const [row] = await runSql<Plan>(db, q.sql, q.params);
  return rowsOfPlan(row);
}
