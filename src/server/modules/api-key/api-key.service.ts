import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type ApiKeyRecord, apiScope } from '../../../shared/contract/api-key.ts';
import { API_SCOPES, type ApiScope } from '../../../shared/contract/core.ts';
import { AccountType } from '../../../shared/domain/enums.ts';
import { apiKeyMessages as m } from '../../../shared/i18n/api-key-messages.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys, customers, users } from '../../db/schema/index.ts';
import { isCustomerAccount } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { invalid, notFound, rule } from '../../http/errors.ts';
import { hashApiKey, newApiKeySecret } from '../auth/tokens.ts';

const acting = alias(users, 'acting');
const creator = alias(users, 'creator');

const columns = {
  id: apiKeys.id,
  customerId: apiKeys.customerId,
  customerName: customers.name,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  actingUsername: acting.username,
  createdBy: creator.username,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
};

type Row = Awaited<ReturnType<ReturnType<typeof selectKeys>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRecord(r: Row, now = new Date()): ApiKeyRecord {
  return {
    recId: r.id,
    customerId: r.customerId,
    customerName: r.customerName,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes.filter((s): s is ApiScope => apiScope.safeParse(s).success),
    actingUsername: r.actingUsername,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    expiresAt: iso(r.expiresAt),
    revokedAt: iso(r.revokedAt),
    lastUsedAt: iso(r.lastUsedAt),
    lastUsedIp: r.lastUsedIp,
    state: r.revokedAt ? 'revoked' : r.expiresAt && r.expiresAt <= now ? 'expired' : 'active',
  };
}

function selectKeys(db: Db) {
  return db
    .select(columns)
    .from(apiKeys)
    .innerJoin(customers, eq(customers.id, apiKeys.customerId))
    .innerJoin(acting, eq(acting.id, apiKeys.actingUserId))
    .innerJoin(creator, eq(creator.id, apiKeys.createdBy));
}

/** The keys a caller manages: a main account its customer's, a sub-account those acting as itself, staff all. */
function managed(user: AuthUser): SQL | undefined {
  if (!isCustomerAccount(user)) return undefined;
  if (user.type === AccountType.main) return eq(apiKeys.customerId, user.customerId ?? -1);
  return eq(apiKeys.actingUserId, user.id);
}

export async function listApiKeys(
  db: Db,
  user: AuthUser,
  q: { pageNo: number; pageSize: number; customerId?: number | undefined; includeRevoked: boolean },
) {
  const where = and(
    managed(user),
    !isCustomerAccount(user) && q.customerId ? eq(apiKeys.customerId, q.customerId) : undefined,
    q.includeRevoked ? undefined : isNull(apiKeys.revokedAt),
  );
  const [rows, [total]] = await Promise.all([
    selectKeys(db)
      .where(where)
      .orderBy(desc(apiKeys.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);
  const now = new Date();
  return {
    records: rows.map((r) => toRecord(r, now)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/**
 * Makes a key. The access layer has checked that its customer and scopes are within the caller's
 * rights (delegation.ts); here the key is bound to the account it acts as.
 */
export async function createApiKey(
  db: Db,
  user: AuthUser,
  body: {
    name: string;
    expiresAt?: string | undefined;
    customerId?: number | undefined;
    scopes?: ApiScope[] | undefined;
  },
) {
  if (body.expiresAt && new Date(body.expiresAt) <= new Date())
    throw invalid([{ path: 'expiresAt', descriptor: m.expiryInPast }]);
  let customerId: number;
  let actingUserId: number;
  if (isCustomerAccount(user)) {
    customerId = user.customerId!;
    actingUserId = user.id;
  } else {
    if (!body.customerId) throw invalid([{ path: 'customerId', descriptor: m.customerRequired }]);
    const [found] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, body.customerId));
    if (!found) throw notFound();
    const [main] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.customerId, found.id), eq(users.type, AccountType.main), eq(users.status, 1)))
      .orderBy(users.id)
      .limit(1);
    if (!main) throw rule(m.noMainAccount);
    customerId = found.id;
    actingUserId = main.id;
  }
  const secret = newApiKeySecret();
  const scopes = [...new Set(body.scopes ?? API_SCOPES)];
  const [made] = await db
    .insert(apiKeys)
    .values({
      customerId,
      actingUserId,
      createdBy: user.id,
      name: body.name,
      prefix: secret.slice(0, 12),
      hash: hashApiKey(secret),
      scopes,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    })
    .returning({ id: apiKeys.id });
  const [row] = await selectKeys(db).where(eq(apiKeys.id, made!.id));
  return { key: toRecord(row!), secret };
}

/** Revokes a key the caller manages (another's answers 404); its next call answers code 6 everywhere. */
export async function revokeApiKey(db: Db, user: AuthUser, id: number) {
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date(), revokedBy: user.id })
    .where(and(eq(apiKeys.id, id), managed(user), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  const [row] = await selectKeys(db).where(and(eq(apiKeys.id, updated?.id ?? id), managed(user)));
  if (!row) throw notFound();
  return toRecord(row);
}
