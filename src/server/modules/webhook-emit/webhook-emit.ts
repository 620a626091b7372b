import { type Placeholder, sql } from 'drizzle-orm';
import { AbnormalKind } from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import type { Db } from '../../db/client.ts';
import type { JobEngine } from '../../jobs/engine.ts';
import { WEBHOOK_DELIVER } from './webhook-job-name.ts';

/**
 * The transactional outbox. A service reports a change with `emit(tx, customerId, type, data)` in
 * the transaction that makes the change: one statement writes the event and a delivery for each of
 * the customer's enabled endpoints taking that type, and nothing at all when there is none (the
 * common case costs one indexed look-up). Each delivery's job is sent in the same transaction, so a
 * committed change always has its event and jobs and a rolled-back one has neither.
 *
 * The body posted is the Standard Webhooks shape `{ type, timestamp, data }`; the event's
 * `webhook-id` is `evt_<outbox id>`.
 */

export interface Emitted {
  customerId: number;
  type: string;
  /** Events of one lane (an order, a lading bill) reach an endpoint in the order they were emitted. */
  lane: string;
  data: unknown;
}

/** The job engines of this process that may send in a transaction (app.ts defines one per app). */
const engines = new Set<JobEngine>();

export function registerEngine(engine: JobEngine): void {
  engines.add(engine);
}

function engine(): JobEngine | undefined {
  for (const e of engines) if (e.started) return e;
  return undefined;
}

/** The lane key of an endpoint's deliveries: one job at a time runs it, in delivery order. */
export const laneKey = (endpointId: number, lane: string) => `${endpointId}|${lane}`;

/** Sends the delivery job of each lane named, in `tx`. Without a started engine the sweep sends them. */
export async function sendLanes(
  tx: Db,
  lanes: readonly { endpointId: number; lane: string }[],
  startAfter?: Date,
) {
  const jobs = engine();
  if (!jobs) return;
  const seen = new Set<string>();
  for (const l of lanes) {
    const key = laneKey(l.endpointId, l.lane);
    if (seen.has(key)) continue;
    seen.add(key);
    await jobs.send(
      WEBHOOK_DELIVER,
      { endpointId: l.endpointId, lane: l.lane },
      {
        singletonKey: key,
        tx,
        ...(startAfter ? { startAfter } : {}),
      },
    );
  }
}

/** Writes events (and their deliveries) in the caller's transaction. */
export async function emitAll(tx: Db, events: readonly Emitted[]): Promise<void> {
  if (events.length === 0) return;
  const timestamp = new Date().toISOString();
  const rows = events.map((e, n) => ({
    n,
    c: e.customerId,
    t: e.type,
    l: e.lane,
    b: JSON.stringify({ type: e.type, timestamp, data: e.data }),
  }));
  const res = await tx.execute<{ endpoint_id: number; lane: string }>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(n int, c int, t text, l text, b text)
    ), wanted AS (
      SELECT i.* FROM input i WHERE EXISTS (
        SELECT 1 FROM webhook_endpoints e
        WHERE e.customer_id = i.c AND e.enabled AND e.deleted_at IS NULL AND i.t = ANY(e.events))
    ), ev AS (
      INSERT INTO webhook_outbox (customer_id, type, lane, body)
      SELECT c, t, l, b FROM wanted ORDER BY n
      RETURNING id, customer_id, type, lane
    ), d AS (
      INSERT INTO webhook_deliveries (event_id, endpoint_id, customer_id)
      SELECT ev.id, e.id, ev.customer_id FROM ev
      JOIN webhook_endpoints e ON e.customer_id = ev.customer_id AND e.enabled AND e.deleted_at IS NULL
        AND ev.type = ANY(e.events)
      ORDER BY ev.id, e.id
      RETURNING endpoint_id, event_id
    )
    SELECT d.endpoint_id, ev.lane FROM d JOIN ev ON ev.id = d.event_id`);
  if (res.rows.length)
    await sendLanes(
      tx,
      res.rows.map((r) => ({ endpointId: r.endpoint_id, lane: r.lane })),
    );
}

/**
 * A column `hooked`: the customer has an endpoint taking `type`. A hot path's own statement reads it
 * and emits only then, so a customer without webhooks costs it no round trip.
 */
export const hooked = (customerId: number | Placeholder, type: string) =>
  sql`EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.customer_id = ${customerId}::int AND e.enabled
    AND e.deleted_at IS NULL AND ${type}::text = ANY(e.events)) AS hooked`;

/** An event's lane: its order's (`data.order.id`), else its lading bill's, else its type's. */
function laneOf(type: string, data: Record<string, unknown>): string {
  const order = data.order as { id?: number } | undefined;
  const lading = data.lading as { id?: number } | undefined;
  return order?.id ? `order:${order.id}` : lading?.id ? `lading:${lading.id}` : `event:${type}`;
}

/** One event of a customer, in the caller's transaction; `data.order.id` (if any) names its lane. */
export async function emit(tx: Db, customerId: number, type: string, data: Record<string, unknown>) {
  await emitAll(tx, [{ customerId, type, lane: laneOf(type, data), data }]);
}

/**
 * Events of one type for many records in one statement (a batch of orders, the orders of a bill),
 * each in its own lane as `emit` would put it; `customerId` per event.
 */
export async function emitEach(
  tx: Db,
  type: string,
  events: readonly { customerId: number; data: Record<string, unknown> }[],
) {
  await emitAll(
    tx,
    events.map((e) => ({ customerId: e.customerId, type, lane: laneOf(type, e.data), data: e.data })),
  );
}

// ---- the events' data, built from what the services hold ----

const STATUS_CODES = Object.fromEntries(Object.entries(OrderStatus).map(([k, v]) => [v, k])) as Record<
  number,
  string
>;
const ABNORMAL_CODES = Object.fromEntries(Object.entries(AbnormalKind).map(([k, v]) => [v, k])) as Record<
  number,
  string
>;

/** An order as every order event names it. */
export interface OrderRef {
  id: number;
  trackingNo: string;
  customerNo?: string | null;
  status?: number;
}

export const orderRef = (o: OrderRef, status = o.status) => ({
  id: o.id,
  trackingNo: o.trackingNo,
  customerNo: o.customerNo ?? null,
  ...(status !== undefined ? { status, statusCode: STATUS_CODES[status] ?? String(status) } : {}),
});

export const statusCode = (status: number) => STATUS_CODES[status] ?? String(status);
export const abnormalCode = (kind: number) => ABNORMAL_CODES[kind] ?? String(kind);
