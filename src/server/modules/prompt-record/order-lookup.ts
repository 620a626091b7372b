import { asc, inArray, or } from 'drizzle-orm';
import { promptRecordMessages as m } from '../../../shared/i18n/prompt-record-messages.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { Translate } from '../../i18n.ts';
import type { OrderRow } from '../order-core/order-read.ts';

const CHUNK = 1000;

/** What the confirmation and remittance rules and writes read of an order (not the whole row: files hold 20,000). */
const COLUMNS = {
  id: orders.id,
  trackingNo: orders.trackingNo,
  customerNo: orders.customerNo,
  customerId: orders.customerId,
  status: orders.status,
  interceptState: orders.interceptState,
  createdAt: orders.createdAt,
  carrierId: orders.carrierId,
  carrierTrackingNo: orders.carrierTrackingNo,
  consigneeCity: orders.consigneeCity,
  consigneeProvince: orders.consigneeProvince,
  isCod: orders.isCod,
  codAmount: orders.codAmount,
  codCurrency: orders.codCurrency,
};
export type LookedOrder = Pick<OrderRow, keyof typeof COLUMNS>;

/** A number a carrier's file names: the order, or 'ambiguous' when it is a carrier number of several. */
export type Looked = LookedOrder | 'ambiguous';

/**
 * The orders a carrier's or partner's file names, by our tracking no or by the carrier's (their
 * files carry either). Our number wins; a carrier number of more than one order is ambiguous.
 * With `forUpdate` the orders are locked, in id order (the one lock order of bulk writes).
 */
export async function ordersByAnyNo(
  db: Db,
  nos: readonly string[],
  forUpdate = false,
): Promise<Map<string, Looked>> {
  const unique = [...new Set(nos)];
  const rows: LookedOrder[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const q = db
      .select(COLUMNS)
      .from(orders)
      .where(or(inArray(orders.trackingNo, part), inArray(orders.carrierTrackingNo, part)))
      .orderBy(asc(orders.id));
    rows.push(...(forUpdate ? await q.for('update') : await q));
  }
  const ours = new Map(rows.map((o) => [o.trackingNo, o]));
  const theirs = new Map<string, LookedOrder[]>();
  for (const o of rows)
    if (o.carrierTrackingNo) theirs.set(o.carrierTrackingNo, [...(theirs.get(o.carrierTrackingNo) ?? []), o]);
  const out = new Map<string, Looked>();
  for (const no of unique) {
    const own = ours.get(no);
    const carrier = theirs.get(no) ?? [];
    if (own) out.set(no, own);
    else if (carrier.length === 1) out.set(no, carrier[0]!);
    else if (carrier.length > 1) out.set(no, 'ambiguous');
  }
  return out;
}

/** Why a looked-up number names no single order (translated), or null when it does. */
export function lookupProblem(t: Translate, no: string, found: Looked | undefined): string | null {
  if (found === undefined) return t(m.unknownOrder, { trackingNo: no });
  if (found === 'ambiguous') return t(m.ambiguousNo, { trackingNo: no });
  return null;
}
