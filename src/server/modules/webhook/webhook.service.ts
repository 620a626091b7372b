import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookRecord,
} from '../../../shared/contract/webhook.ts';
import { AccountType } from '../../../shared/domain/enums.ts';
import { webhookMessages as m } from '../../../shared/i18n/webhook-messages.ts';
import type { Db } from '../../db/client.ts';
import {
  customers,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookOutbox,
} from '../../db/schema/index.ts';
import { isCustomerAccount } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { sendLanes } from '../webhook-emit/webhook-emit.ts';
import { newWebhookSecret } from './webhook-sign.ts';
import { checkWebhookUrl, type WebhookPolicy } from './webhook-url.ts';

/**
 * The endpoints a caller manages: a main account its customer's, a sub-account those it made (of
 * its customer), staff every customer's. Anything else answers 404.
 */
function managed(user: AuthUser): SQL | undefined {
  if (!isCustomerAccount(user)) return undefined;
  const own = eq(webhookEndpoints.customerId, user.customerId ?? -1);
  return user.type === AccountType.main ? own : and(own, eq(webhookEndpoints.createdBy, user.id));
}

const live = isNull(webhookEndpoints.deletedAt);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const endpointColumns = {
  id: webhookEndpoints.id,
  customerId: webhookEndpoints.customerId,
  customerName: customers.name,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  description: webhookEndpoints.description,
  createdBy: users.username,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
  delivered: sql<number>`(SELECT count(*) FILTER (WHERE state = 1) FROM webhook_deliveries d WHERE d.endpoint_id = ${webhookEndpoints.id} AND d.created_at > now() - interval '1 day')::int`,
  pending: sql<number>`(SELECT count(*) FILTER (WHERE state = 0) FROM webhook_deliveries d WHERE d.endpoint_id = ${webhookEndpoints.id} AND d.created_at > now() - interval '1 day')::int`,
  failed: sql<number>`(SELECT count(*) FILTER (WHERE state = 2) FROM webhook_deliveries d WHERE d.endpoint_id = ${webhookEndpoints.id} AND d.created_at > now() - interval '1 day')::int`,
};

const selectEndpoints = (db: Db) =>
  db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .innerJoin(customers, eq(customers.id, webhookEndpoints.customerId))
    .innerJoin(users, eq(users.id, webhookEndpoints.createdBy));

type EndpointRow = Awaited<ReturnType<ReturnType<typeof selectEndpoints>['execute']>>[number];

const isEvent = (e: string): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e);

function toRecord(r: EndpointRow): WebhookRecord {
  return {
    recId: r.id,
    customerId: r.customerId,
    customerName: r.customerName,
    url: r.url,
    events: r.events.filter(isEvent),
    enabled: r.enabled,
    description: r.description,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    recent: { delivered: r.delivered, pending: r.pending, failed: r.failed },
  };
}

export async function listWebhooks(
  db: Db,
  user: AuthUser,
  q: { pageNo: number; pageSize: number; customerId?: number | undefined },
) {
  const where = and(
    live,
    managed(user),
    !isCustomerAccount(user) && q.customerId ? eq(webhookEndpoints.customerId, q.customerId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectEndpoints(db)
      .where(where)
      .orderBy(desc(webhookEndpoints.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(webhookEndpoints).where(where),
  ]);
  return { records: rows.map(toRecord), total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

async function endpointOf(db: Db, user: AuthUser, id: number): Promise<EndpointRow> {
  const [row] = await selectEndpoints(db).where(and(eq(webhookEndpoints.id, id), live, managed(user)));
  if (!row) throw notFound();
  return row;
}

export async function saveWebhook(
  db: Db,
  user: AuthUser,
  policy: WebhookPolicy,
  body: {
    id?: number | undefined;
    url: string;
    events: WebhookEvent[];
    enabled: boolean;
    description?: string | undefined;
    customerId?: number | undefined;
    rotateSecret?: boolean | undefined;
  },
) {
  const events = [...new Set(body.events)];
  if (body.id !== undefined) {
    await endpointOf(db, user, body.id);
    const url = await checkWebhookUrl(body.url, policy);
    const secret = body.rotateSecret ? newWebhookSecret() : null;
    await db
      .update(webhookEndpoints)
      .set({
        url,
        events,
        enabled: body.enabled,
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(secret ? { secret } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, body.id));
    return { endpoint: toRecord(await endpointOf(db, user, body.id)), secret };
  }
  let customerId: number;
  if (isCustomerAccount(user)) customerId = user.customerId!;
  else {
    if (!body.customerId) throw invalid([{ path: 'customerId', descriptor: m.customerRequired }]);
    const [found] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, body.customerId));
    if (!found) throw notFound();
    customerId = found.id;
  }
  const url = await checkWebhookUrl(body.url, policy);
  const secret = newWebhookSecret();
  const [made] = await db
    .insert(webhookEndpoints)
    .values({
      customerId,
      url,
      events,
      enabled: body.enabled,
      secret,
      description: body.description ?? '',
      createdBy: user.id,
    })
    .returning({ id: webhookEndpoints.id });
  return { endpoint: toRecord(await endpointOf(db, user, made!.id)), secret };
}

export async function deleteWebhook(db: Db, user: AuthUser, id: number) {
  await endpointOf(db, user, id);
  await db
    .update(webhookEndpoints)
    .set({ deletedAt: new Date(), enabled: false, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id));
  return { recId: id };
}

// ---- deliveries ----

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  url: webhookEndpoints.url,
  eventId: webhookDeliveries.eventId,
  type: webhookOutbox.type,
  body: webhookOutbox.body,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  lastStatus: webhookDeliveries.lastStatus,
  lastBody: webhookDeliveries.lastBody,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};

const selectDeliveries = (db: Db) =>
  db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId));

type DeliveryRow = Awaited<ReturnType<ReturnType<typeof selectDeliveries>['execute']>>[number];

const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  recId: r.id,
  endpointId: r.endpointId,
  url: r.url,
  webhookId: `evt_${r.eventId}`,
  type: r.type,
  payload: r.body,
  state: WEBHOOK_DELIVERY_STATES[r.state] ?? 'pending',
  attempts: r.attempts,
  lastStatus: r.lastStatus,
  lastBody: r.lastBody,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: iso(r.lastAttemptAt),
  nextAttemptAt: iso(r.nextAttemptAt),
  deliveredAt: iso(r.deliveredAt),
});

export async function listDeliveries(
  db: Db,
  user: AuthUser,
  q: {
    pageNo: number;
    pageSize: number;
    endpointId?: number | undefined;
    customerId?: number | undefined;
    state?: (typeof WEBHOOK_DELIVERY_STATES)[number] | undefined;
    type?: string | undefined;
  },
) {
  const where = and(
    managed(user),
    q.endpointId ? eq(webhookDeliveries.endpointId, q.endpointId) : undefined,
    !isCustomerAccount(user) && q.customerId ? eq(webhookDeliveries.customerId, q.customerId) : undefined,
    q.state ? eq(webhookDeliveries.state, WEBHOOK_DELIVERY_STATES.indexOf(q.state)) : undefined,
    q.type ? eq(webhookOutbox.type, q.type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectDeliveries(db)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId))
      .where(where),
  ]);
  return { records: rows.map(toDelivery), total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

async function deliveryById(db: Db, id: number): Promise<WebhookDelivery> {
  const [row] = await selectDeliveries(db).where(eq(webhookDeliveries.id, id));
  return toDelivery(row!);
}

/** A new delivery of an event to an endpoint, its lane's job sent in the same transaction. */
async function deliverAgain(db: Db, eventId: number, endpointId: number, customerId: number, lane: string) {
  return db.transaction(async (x) => {
    const tx = x as unknown as Db;
    const [made] = await tx
      .insert(webhookDeliveries)
      .values({ eventId, endpointId, customerId })
      .returning({ id: webhookDeliveries.id });
    await sendLanes(tx, [{ endpointId, lane }]);
    return made!.id;
  });
}

export async function redeliver(db: Db, user: AuthUser, deliveryId: number) {
  const [row] = await db
    .select({
      eventId: webhookDeliveries.eventId,
      endpointId: webhookDeliveries.endpointId,
      customerId: webhookDeliveries.customerId,
      lane: webhookOutbox.lane,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), live, managed(user)));
  if (!row) throw notFound();
  const id = await deliverAgain(db, row.eventId, row.endpointId, row.customerId, row.lane);
  return deliveryById(db, id);
}

/** webhook/test: a `webhook.test` event to this endpoint alone. */
export async function testWebhook(db: Db, user: AuthUser, endpointId: number) {
  const ep = await endpointOf(db, user, endpointId);
  const lane = `test:${endpointId}`;
  const body = JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: new Date().toISOString(),
    data: { endpointId, customerId: ep.customerId, message: 'This is a test event.' },
  });
  const [event] = await db
    .insert(webhookOutbox)
    .values({ customerId: ep.customerId, type: WEBHOOK_TEST_EVENT, lane, body })
    .returning({ id: webhookOutbox.id });
  const id = await deliverAgain(db, event!.id, endpointId, ep.customerId, lane);
  return deliveryById(db, id);
}
