import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CustomerOption,
  CustomerRecord,
  customer as contract,
} from '../../../shared/contract/customer.ts';
import { decodeProperty } from '../../../shared/domain/customer.ts';
import { AccountType, Enabled } from '../../../shared/domain/enums.ts';
import { customerMessages as m } from '../../../shared/i18n/customer-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import {
  customerChannels,
  customerProfiles,
  customerProperties,
  customers,
  signingCompanies,
  users,
} from '../../db/schema/index.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import type { AuthUser } from '../../http/context.ts';
import { invalid, notFound, rule } from '../../http/errors.ts';
import { revokeAllSessions } from '../auth/auth.service.ts';
import { saveUser } from '../system/users.service.ts';
import { setChannels } from './customer-channels.service.ts';
import { writeProperties } from './customer-properties.service.ts';

type ListQuery = z.output<NonNullable<typeof contract.list.body>>;
type AddInput = z.output<NonNullable<typeof contract.add.body>>;
type UpdateInput = z.output<NonNullable<typeof contract.update.body>>;
type CustomerFields = Omit<UpdateInput, 'recId'>;

const property = (key: string) =>
  sql<
    string | null
  >`(SELECT ${customerProperties.value} FROM ${customerProperties} WHERE ${customerProperties.customerId} = ${customers.id} AND ${customerProperties.key} = ${key})`;

const columns = {
  customer: customers,
  profile: customerProfiles,
  signingCompanyName: signingCompanies.name,
  currency: property('settlementCurrency'),
  cod: property('codAllowed'),
  channelIds: sql<
    number[]
  >`COALESCE((SELECT array_agg(${customerChannels.channelId} ORDER BY ${customerChannels.channelId}) FROM ${customerChannels} WHERE ${customerChannels.customerId} = ${customers.id}), '{}')`,
  mainAccount: sql<{
    recId: number;
    username: string;
    status: number;
  } | null>`(SELECT json_build_object('recId', u.id, 'username', u.username, 'status', u.status) FROM ${users} u WHERE u.customer_id = ${customers.id} AND u.type = ${AccountType.main} ORDER BY u.id LIMIT 1)`,
  accountCount: sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.customer_id = ${customers.id})`,
};

const selectCustomers = (db: Db) =>
  db
    .select(columns)
    .from(customers)
    .leftJoin(customerProfiles, eq(customerProfiles.customerId, customers.id))
    .leftJoin(signingCompanies, eq(signingCompanies.id, customerProfiles.signingCompanyId));

type Row = Awaited<ReturnType<ReturnType<typeof selectCustomers>['where']>>[number];

function toRecord(r: Row): CustomerRecord {
  const c = r.customer;
  const p = r.profile;
  return {
    recId: c.id,
    code: c.code,
    name: c.name,
    shortName: p?.shortName ?? '',
    contact: p?.contact ?? '',
    phone: p?.phone ?? '',
    email: p?.email ?? '',
    address: p?.address ?? '',
    signingCompanyId: p?.signingCompanyId ?? null,
    signingCompanyName: r.signingCompanyName,
    settlementCurrency: decodeProperty('settlementCurrency', r.currency),
    codAllowed: decodeProperty('codAllowed', r.cod),
    status: c.status,
    remark: p?.remark ?? '',
    channelIds: r.channelIds.map(Number),
    mainAccount: r.mainAccount,
    accountCount: r.accountCount,
    createdAt: c.createdAt.toISOString(),
    updatedAt: (p && p.updatedAt > c.updatedAt ? p.updatedAt : c.updatedAt).toISOString(),
  };
}

export async function listCustomers(db: Db, q: ListQuery) {
  const where: SQL[] = [];
  if (q.code) where.push(ilike(customers.code, `${escapeLike(q.code)}%`));
  if (q.name) {
    const like = `%${escapeLike(q.name)}%`;
    where.push(or(ilike(customers.name, like), ilike(customerProfiles.shortName, like))!);
  }
  if (q.status !== undefined) where.push(eq(customers.status, q.status));
  if (q.signingCompanyId !== undefined) where.push(eq(customerProfiles.signingCompanyId, q.signingCompanyId));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    selectCustomers(db)
      .where(cond)
      .orderBy(asc(customers.code))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(customers)
      .leftJoin(customerProfiles, eq(customerProfiles.customerId, customers.id))
      .where(cond),
  ]);
  return { records: rows.map(toRecord), total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

export async function getCustomer(db: Db, id: number): Promise<CustomerRecord> {
  const [row] = await selectCustomers(db).where(eq(customers.id, id));
  if (!row) throw notFound();
  return toRecord(row);
}

async function checkCode(db: Db, code: string, except?: number): Promise<void> {
  const [clash] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.code, code), except ? ne(customers.id, except) : undefined));
  if (clash) throw rule(m.codeTaken, { code });
}

/** A signing company must exist and be enabled, unless the customer already has it. */
async function checkSigningCompany(db: Db, signingCompanyId: number | null, current?: number | null) {
  if (signingCompanyId === null || signingCompanyId === current) return;
  const [found] = await db
    .select({ id: signingCompanies.id })
    .from(signingCompanies)
    .where(and(eq(signingCompanies.id, signingCompanyId), eq(signingCompanies.status, Enabled.enabled)));
  if (!found) throw invalid([{ path: 'signingCompanyId', descriptor: m.signingCompanyInvalid }]);
}

/** Two staff saving the same new code at once: the unique index decides, the loser hears why. */
function codeClash(err: unknown): boolean {
  for (let e = err as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.constraint === 'customers_code_uq') return true;
  return false;
}

const profileOf = (input: CustomerFields) => ({
  shortName: input.shortName,
  contact: input.contact,
  phone: input.phone,
  email: input.email,
  address: input.address,
  signingCompanyId: input.signingCompanyId,
  remark: input.remark,
});

/** The customer's settlement properties that the customer editor carries. */
const editorProperties = (input: CustomerFields) => ({
  settlementCurrency: input.settlementCurrency,
  codAllowed: input.codAllowed,
});

/**
 * A new customer with its profile, properties and channels; with `mainAccount` also its main
 * account (created by the account service, so usernames and passwords follow one rule). One
 * transaction: a taken username leaves no customer behind.
 */
export async function addCustomer(db: Db, actor: AuthUser, input: AddInput): Promise<CustomerRecord> {
  await checkCode(db, input.code);
  await checkSigningCompany(db, input.signingCompanyId);
  try {
    const id = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [created] = await tx
        .insert(customers)
        .values({ code: input.code, name: input.name, status: input.status })
        .returning({ id: customers.id });
      const customerId = created!.id;
      await tx.insert(customerProfiles).values({ customerId, ...profileOf(input) });
      await recordChange(tx, {
        entity: 'customer',
        recordId: customerId,
        action: 'create',
        after: await auditSnapshot(tx, customerId),
      });
      await writeProperties(tx, customerId, editorProperties(input));
      if (input.channelIds) await setChannels(tx, customerId, input.channelIds);
      if (input.mainAccount)
        await saveUser(tx, actor, {
          username: input.mainAccount.username,
          nickname: input.mainAccount.nickname || input.name,
          type: AccountType.main,
          status: Enabled.enabled,
          customerId,
          email: input.email,
          phone: input.phone,
          roleIds: [],
          password: input.mainAccount.password,
        });
      return customerId;
    });
    return getCustomer(db, id);
  } catch (err) {
    if (codeClash(err)) throw rule(m.codeTaken, { code: input.code });
    throw err;
  }
}

export async function updateCustomer(db: Db, input: UpdateInput): Promise<CustomerRecord> {
  const [current] = await db
    .select({ status: customers.status, signingCompanyId: customerProfiles.signingCompanyId })
    .from(customers)
    .leftJoin(customerProfiles, eq(customerProfiles.customerId, customers.id))
    .where(eq(customers.id, input.recId));
  if (!current) throw notFound();
  await checkCode(db, input.code, input.recId);
  await checkSigningCompany(db, input.signingCompanyId, current.signingCompanyId);
  try {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const now = new Date();
      const before = await auditSnapshot(tx, input.recId);
      await tx
        .update(customers)
        .set({ code: input.code, name: input.name, status: input.status, updatedAt: now })
        .where(eq(customers.id, input.recId));
      const profile = { ...profileOf(input), updatedAt: now };
      await tx
        .insert(customerProfiles)
        .values({ customerId: input.recId, ...profile })
        .onConflictDoUpdate({ target: customerProfiles.customerId, set: profile });
      await recordChange(tx, {
        entity: 'customer',
        recordId: input.recId,
        action: 'update',
        before,
        after: await auditSnapshot(tx, input.recId),
      });
      await writeProperties(tx, input.recId, editorProperties(input));
      if (input.channelIds) await setChannels(tx, input.recId, input.channelIds);
      if (input.status !== Enabled.enabled && current.status === Enabled.enabled) {
        const accounts = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.customerId, input.recId));
        for (const a of accounts) await revokeAllSessions(tx, a.id);
      }
    });
  } catch (err) {
    if (codeClash(err)) throw rule(m.codeTaken, { code: input.code });
    throw err;
  }
  return getCustomer(db, input.recId);
}

/** The customer's own fields as the audit log keeps them (its properties and channels have their own entries). */
async function auditSnapshot(db: Db, id: number) {
  const c = await getCustomer(db, id);
  return {
    code: c.code,
    name: c.name,
    status: c.status,
    shortName: c.shortName,
    contact: c.contact,
    phone: c.phone,
    email: c.email,
    address: c.address,
    signingCompanyId: c.signingCompanyId,
    remark: c.remark,
  };
}

/** Customers for pickers, by code; at most 1000. */
export async function customerPickList(
  db: Db,
  q: { keyword?: string | undefined; status?: number | undefined },
): Promise<CustomerOption[]> {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  return db
    .select({ recId: customers.id, code: customers.code, name: customers.name, status: customers.status })
    .from(customers)
    .where(
      and(
        like ? or(ilike(customers.code, like), ilike(customers.name, like)) : undefined,
        q.status === undefined ? undefined : eq(customers.status, q.status),
      ),
    )
    .orderBy(asc(customers.code))
    .limit(1000);
}

export async function signingCompanyList(db: Db) {
  return db
    .select({ recId: signingCompanies.id, name: signingCompanies.name })
    .from(signingCompanies)
    .where(eq(signingCompanies.status, Enabled.enabled))
    .orderBy(asc(signingCompanies.name));
}
