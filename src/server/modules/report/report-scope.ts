import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Period, parsePeriodKey } from '../../../shared/domain/report-period.ts';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { customerScope } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { type Amounts, type Group, NO_COUNTS } from './grouped-totals.ts';

/** The customer a report's orders may belong to: a customer account's own, whatever the filter says. */
export function customerCondition(user: AuthUser, customerId: number | undefined): SQL | undefined {
  const scope = customerScope(user);
  return and(
    scope === null ? undefined : sql`o.customer_id = ${scope}`,
    customerId === undefined ? undefined : sql`o.customer_id = ${customerId}`,
  );
}

export interface PeriodCustomer extends Period {
  customerId: number;
  customerCode: string;
  customerName: string;
}

/**
 * The customer and period an id names (a report row, a bill), if the caller may see them: a
 * malformed id, an unknown customer and another customer's period all answer 404.
 */
export async function periodOf(db: Db, user: AuthUser, id: string): Promise<PeriodCustomer> {
  const key = parsePeriodKey(id);
  if (!key) throw notFound();
  const scope = customerScope(user);
  if (scope !== null && scope !== key.customerId) throw notFound();
  const [c] = await db
    .select({ code: customers.code, name: customers.name })
    .from(customers)
    .where(eq(customers.id, key.customerId));
  if (!c) throw notFound();
  return { ...key, customerCode: c.code, customerName: c.name };
}

/** The group of a period whose orders summed to nothing. */
export function emptyGroup(p: PeriodCustomer, label: string): Group {
  return {
    ...NO_COUNTS,
    customerId: p.customerId,
    customerCode: p.customerCode,
    customerName: p.customerName,
    startDate: p.start,
    endDate: p.end,
    label,
    amounts: [] as Amounts[],
  };
}
