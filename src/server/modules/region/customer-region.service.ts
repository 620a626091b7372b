import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { CustomerRegionRecord } from '../../../shared/contract/region.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { regionMessages as m } from '../../../shared/i18n/region-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { customerRegions, customers } from '../../db/schema/index.ts';
import { customerScope, requireAccess } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { escapeLike, regionAvailable, regionName } from './region.service.ts';

export interface CustomerRegionFields {
  regionId: number;
  contact: string;
  phone: string;
  address: string;
  postCode: string;
  isDefault: boolean;
}

/**
 * The customer a call works on: a customer account's own (naming another one answers 404, as if it
 * did not exist), or for staff the one named, which `required` calls must name.
 */
function customerOf(user: AuthUser, given: number | undefined, required: boolean): number | undefined {
  const scope = customerScope(user);
  if (scope !== null) {
    if (given !== undefined && given !== scope) throw notFound();
    return scope;
  }
  if (given === undefined && required)
    throw invalid([{ path: 'customerId', descriptor: m.customerIdRequired }]);
  return given;
}

type Row = typeof customerRegions.$inferSelect & { customerCode: string; customerName: string };

/** Ids and names of the chains of many regions, country first, in one query. */
async function chains(db: Db, ids: number[], locale: Locale) {
  const out = new Map<number, { ids: number[]; names: string[] }>();
  if (ids.length === 0) return out;
  const rows = await db.execute<{
    start: number;
    id: number;
    name_cn: string;
    name_en: string;
    name_ar: string;
  }>(sql`
    WITH RECURSIVE up AS (
      SELECT id AS start, id, parent_id, name_cn, name_en, name_ar, 0 AS depth
      FROM regions WHERE id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})
      UNION ALL
      SELECT up.start, r.id, r.parent_id, r.name_cn, r.name_en, r.name_ar, up.depth + 1
      FROM regions r JOIN up ON r.id = up.parent_id WHERE up.depth < 8
    )
    SELECT start, id, name_cn, name_en, name_ar FROM up ORDER BY start, depth DESC`);
  for (const r of rows.rows) {
    const chain = out.get(r.start) ?? { ids: [], names: [] };
    chain.ids.push(r.id);
    chain.names.push(regionName({ nameCn: r.name_cn, nameEn: r.name_en, nameAr: r.name_ar }, locale));
    out.set(r.start, chain);
  }
  return out;
}

async function toRecords(db: Db, rows: Row[], locale: Locale): Promise<CustomerRegionRecord[]> {
  const chainOf = await chains(db, [...new Set(rows.map((r) => r.regionId))], locale);
  return rows.map((r) => ({
    recId: r.id,
    customerId: r.customerId,
    customerCode: r.customerCode,
    customerName: r.customerName,
    regionId: r.regionId,
    regionIds: chainOf.get(r.regionId)?.ids ?? [r.regionId],
    regionNames: chainOf.get(r.regionId)?.names ?? [],
    contact: r.contact,
    phone: r.phone,
    address: r.address,
    postCode: r.postCode,
    isDefault: r.isDefault === 1,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const selection = { cr: customerRegions, customerCode: customers.code, customerName: customers.name };

export async function listCustomerRegions(
  db: Db,
  user: AuthUser,
  locale: Locale,
  q: { pageNo: number; pageSize: number; customerId?: number | undefined; keyword?: string | undefined },
) {
  const customerId = customerOf(user, q.customerId, false);
  const where: SQL[] = [];
  if (customerId !== undefined) where.push(eq(customerRegions.customerId, customerId));
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(
      sql`(${customerRegions.contact} ILIKE ${like} OR ${customerRegions.phone} ILIKE ${like} OR ${customerRegions.address} ILIKE ${like})`,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  // In a transaction too: its connection sends both at once (pipeline mode), answered in order.
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(customerRegions)
      .innerJoin(customers, eq(customers.id, customerRegions.customerId))
      .where(cond)
      .orderBy(asc(customers.code), desc(customerRegions.isDefault), asc(customerRegions.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(customerRegions).where(cond),
  ]);
  return {
    records: await toRecords(
      db,
      rows.map((r) => ({ ...r.cr, customerCode: r.customerCode, customerName: r.customerName })),
      locale,
    ),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

async function getOne(db: Db, id: number): Promise<Row | undefined> {
  const [r] = await db
    .select(selection)
    .from(customerRegions)
    .innerJoin(customers, eq(customers.id, customerRegions.customerId))
    .where(eq(customerRegions.id, id));
  return r && { ...r.cr, customerCode: r.customerCode, customerName: r.customerName };
}

async function assertRegion(db: Db, regionId: number) {
  if (!(await regionAvailable(db, regionId)))
    throw invalid([{ path: 'regionId', descriptor: m.regionUnavailable }]);
}

/** A new address setting; the customer's first one, or one marked default, becomes the default. */
export async function addCustomerRegion(
  db: Db,
  user: AuthUser,
  locale: Locale,
  input: CustomerRegionFields & { customerId?: number | undefined },
): Promise<CustomerRegionRecord> {
  const customerId = customerOf(user, input.customerId, true)!;
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw notFound();
  await assertRegion(db, input.regionId);
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(customerRegions)
      .where(eq(customerRegions.customerId, customerId));
    const isDefault = input.isDefault || (existing?.n ?? 0) === 0;
    if (isDefault)
      await tx
        .update(customerRegions)
        .set({ isDefault: 0 })
        .where(eq(customerRegions.customerId, customerId));
    const [row] = await tx
      .insert(customerRegions)
      .values({ ...fieldsOf(input), customerId, isDefault: isDefault ? 1 : 0 })
      .returning();
    await recordChange(tx, { entity: 'customerRegion', recordId: row!.id, action: 'create', after: row });
    return row!.id;
  });
  return (await toRecords(db, [(await getOne(db, id))!], locale))[0]!;
}

export async function updateCustomerRegion(
  db: Db,
  user: AuthUser,
  locale: Locale,
  input: CustomerRegionFields & { recId: number },
): Promise<CustomerRegionRecord> {
  const current = await getOne(db, input.recId);
  if (!current) throw notFound();
  requireAccess(user, current);
  // An address keeps its region even if the region was disabled since; a new region must be offered.
  if (input.regionId !== current.regionId) await assertRegion(db, input.regionId);
  await db.transaction(async (tx) => {
    if (input.isDefault)
      await tx
        .update(customerRegions)
        .set({ isDefault: 0 })
        .where(and(eq(customerRegions.customerId, current.customerId), ne(customerRegions.id, current.id)));
    const [after] = await tx
      .update(customerRegions)
      .set({ ...fieldsOf(input), isDefault: input.isDefault ? 1 : 0, updatedAt: new Date() })
      .where(eq(customerRegions.id, current.id))
      .returning();
    const { customerCode: _code, customerName: _name, ...before } = current;
    await recordChange(tx, {
      entity: 'customerRegion',
      recordId: current.id,
      action: 'update',
      before,
      after,
    });
  });
  return (await toRecords(db, [(await getOne(db, current.id))!], locale))[0]!;
}

const fieldsOf = (f: CustomerRegionFields) => ({
  regionId: f.regionId,
  contact: f.contact,
  phone: f.phone,
  address: f.address,
  postCode: f.postCode,
});
