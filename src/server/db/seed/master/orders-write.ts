import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ABNORMAL_DEPARTMENT, abnormalBit } from '../../../../shared/domain/order-rules.ts';
import type { Db } from '../../client.ts';
import {
  feeDetails,
  feeExceptions,
  orderAbnormals,
  orderEvents,
  orderGoods,
  orderIntercepts,
  orderRemarks,
  orders,
  trackingNumbers,
} from '../../schema/index.ts';
import { seedFeeCases } from './fee-cases.ts';
import type { PlanState } from './orders-state.ts';

/**
 * Writes the planned demo orders in one transaction: the abnormal marks (an open one sets its bit
 * in the order's flags), the orders and their rows, the numbers they took from the carriers'
 * pools, then the demo's fee story (fee-cases.ts) at the plan's time `now`.
 */
export async function writeDemoOrders(db: Db, state: PlanState, now: number): Promise<void> {
  const { orderValues, goodsValues, eventValues, remarkValues, interceptValues, abnormalPlans } = state;
  const { feeValues, feeExceptionValues, poolValues } = state;
  const abnormalValues: (typeof orderAbnormals.$inferInsert)[] = abnormalPlans.map(({ orderIndex, a }) => {
    const o = orderValues[orderIndex]!;
    if (a.handledAt === null) o.abnormalFlags = (o.abnormalFlags ?? 0) | abnormalBit(a.kind);
    return {
      orderId: o.id!,
      customerId: o.customerId,
      kind: a.kind,
      detail: a.detail,
      department: ABNORMAL_DEPARTMENT[a.kind],
      state: a.handledAt === null ? 0 : 1,
      createdAt: new Date(a.at),
      handledAt: a.handledAt === null ? null : new Date(a.handledAt),
      handledBy: a.handledAt === null ? null : a.handledBy,
    };
  });

  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await bulkInsert(tx, orders, orderValues);
    await bulkInsert(tx, orderGoods, goodsValues);
    await bulkInsert(tx, orderEvents, eventValues);
    await bulkInsert(tx, orderRemarks, remarkValues);
    await bulkInsert(tx, orderIntercepts, interceptValues);
    await bulkInsert(tx, orderAbnormals, abnormalValues);
    await bulkInsert(tx, feeDetails, feeValues);
    await bulkInsert(tx, feeExceptions, feeExceptionValues);
    await bulkInsert(tx, trackingNumbers, poolValues, 'ON CONFLICT DO NOTHING');
    await seedFeeCases(tx, now);
  });
}

/**
 * Multi-row INSERT of typed rows, a few thousand per statement: the rows travel as one JSON
 * parameter that json_populate_recordset types by the table's own columns (Drizzle's builder
 * spends seconds on tens of thousands of values). Every row gives the same columns; the others
 * keep their defaults.
 */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  onConflict = '',
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  // Every row gives the same columns: the first row names them.
  const keys = Object.keys(columns).filter((k) => (rows[0] as Record<string, unknown>)[k] !== undefined);
  const names = keys.map((k) => columns[k]!.name);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  for (let i = 0; i < rows.length; i += 5_000) {
    const json = JSON.stringify(
      rows
        .slice(i, i + 5_000)
        .map((r) =>
          Object.fromEntries(keys.map((k, j) => [names[j], (r as Record<string, unknown>)[k] ?? null])),
        ),
    );
    await db.execute(
      sql`INSERT INTO ${name} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${name}, ${json}::json) ${sql.raw(onConflict)}`,
    );
  }
}
