import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CarrierOption, CarrierRecord, carrier as contract } from '../../../shared/contract/carrier.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { carrierMessages } from '../../../shared/i18n/carrier-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { carriers, carrierTrackingNodes, regions } from '../../db/schema/index.ts';
import { escapeLike, isUniqueViolation, localName } from '../../db/sql-helpers.ts';
import { invalid, notFound, rule } from '../../http/errors.ts';

type ListQuery = z.output<NonNullable<typeof contract.list.body>>;
type CarrierInput = z.output<NonNullable<typeof contract.save.body>>;

const country = alias(regions, 'country');

const columns = {
  carrier: carriers,
  countryCode: country.code,
  countryCn: country.nameCn,
  countryEn: country.nameEn,
  countryAr: country.nameAr,
  nodeCount: sql<number>`(SELECT count(*)::int FROM ${carrierTrackingNodes} WHERE ${carrierTrackingNodes.carrierId} = ${carriers.id})`,
};

type Row = {
  carrier: typeof carriers.$inferSelect;
  countryCode: string | null;
  countryCn: string | null;
  countryEn: string | null;
  countryAr: string | null;
  nodeCount: number;
};

function toRecord(r: Row, locale: Locale): CarrierRecord {
  const c = r.carrier;
  return {
    recId: c.id,
    code: c.code,
    name: c.name,
    nameEn: c.nameEn,
    countryId: c.countryId,
    countryCode: r.countryCode,
    countryName:
      r.countryCode === null
        ? null
        : localName(
            { nameCn: r.countryCn ?? '', nameEn: r.countryEn ?? '', nameAr: r.countryAr ?? '' },
            locale,
          ),
    contact: c.contact,
    phone: c.phone,
    email: c.email,
    trackingUrl: c.trackingUrl,
    lastMile: c.lastMile === 1,
    status: c.status,
    remark: c.remark,
    nodeCount: r.nodeCount,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const selectCarriers = (db: Db) =>
  db.select(columns).from(carriers).leftJoin(country, eq(country.id, carriers.countryId));

export async function listCarriers(db: Db, q: ListQuery, locale: Locale) {
  const where: SQL[] = [];
  if (q.code) where.push(ilike(carriers.code, `${escapeLike(q.code)}%`));
  if (q.name) {
    const like = `%${escapeLike(q.name)}%`;
    where.push(or(ilike(carriers.name, like), ilike(carriers.nameEn, like))!);
  }
  if (q.countryId !== undefined) where.push(eq(carriers.countryId, q.countryId));
  if (q.status !== undefined) where.push(eq(carriers.status, q.status));
  if (q.lastMile !== undefined) where.push(eq(carriers.lastMile, q.lastMile ? 1 : 0));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    selectCarriers(db)
      .where(cond)
      .orderBy(asc(carriers.code))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(carriers).where(cond),
  ]);
  return {
    records: rows.map((r) => toRecord(r, locale)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

export async function getCarrier(db: Db, id: number, locale: Locale): Promise<CarrierRecord> {
  const [row] = await selectCarriers(db).where(eq(carriers.id, id));
  if (!row) throw notFound();
  return toRecord(row, locale);
}

/** The country must be a level-0 region. */
async function checkCountry(db: Db, countryId: number | null): Promise<void> {
  if (countryId === null) return;
  const [found] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.id, countryId), eq(regions.level, 0)));
  if (!found) throw invalid([{ path: 'countryId', descriptor: carrierMessages.countryInvalid }]);
}

async function checkCode(db: Db, code: string, except?: number): Promise<void> {
  const [clash] = await db
    .select({ id: carriers.id })
    .from(carriers)
    .where(and(eq(carriers.code, code), except ? ne(carriers.id, except) : undefined));
  if (clash) throw rule(carrierMessages.carrierCodeTaken, { code });
}

const valuesOf = (input: CarrierInput) => ({
  code: input.code,
  name: input.name,
  nameEn: input.nameEn,
  countryId: input.countryId,
  contact: input.contact,
  phone: input.phone,
  email: input.email,
  trackingUrl: input.trackingUrl,
  lastMile: input.lastMile ? 1 : 0,
  status: input.status,
  remark: input.remark,
});

export async function saveCarrier(db: Db, input: CarrierInput, locale: Locale): Promise<CarrierRecord> {
  await checkCountry(db, input.countryId);
  await checkCode(db, input.code);
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx.insert(carriers).values(valuesOf(input)).returning();
      await recordChange(tx as unknown as Db, {
        entity: 'carrier',
        recordId: created!.id,
        action: 'create',
        after: created,
      });
      return created!.id;
    });
    return getCarrier(db, id, locale);
  } catch (err) {
    if (isUniqueViolation(err)) throw rule(carrierMessages.carrierCodeTaken, { code: input.code });
    throw err;
  }
}

export async function updateCarrier(
  db: Db,
  input: CarrierInput & { recId: number },
  locale: Locale,
): Promise<CarrierRecord> {
  await getCarrier(db, input.recId, locale);
  await checkCountry(db, input.countryId);
  await checkCode(db, input.code, input.recId);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(carriers).where(eq(carriers.id, input.recId)).for('update');
      const [after] = await tx
        .update(carriers)
        .set({ ...valuesOf(input), updatedAt: new Date() })
        .where(eq(carriers.id, input.recId))
        .returning();
      await recordChange(tx as unknown as Db, {
        entity: 'carrier',
        recordId: input.recId,
        action: 'update',
        before,
        after,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw rule(carrierMessages.carrierCodeTaken, { code: input.code });
    throw err;
  }
  return getCarrier(db, input.recId, locale);
}

/** Enabled carriers by code (pickers); `lastMile` keeps the last-mile ones only. */
export async function carrierOptions(db: Db, lastMile?: boolean): Promise<CarrierOption[]> {
  const rows = await db
    .select({ carrier: carriers, countryCode: country.code })
    .from(carriers)
    .leftJoin(country, eq(country.id, carriers.countryId))
    .where(
      and(
        eq(carriers.status, 1),
        lastMile === undefined ? undefined : eq(carriers.lastMile, lastMile ? 1 : 0),
      ),
    )
    .orderBy(asc(carriers.code));
  return rows.map(({ carrier: c, countryCode }) => ({
    recId: c.id,
    code: c.code,
    name: c.name,
    nameEn: c.nameEn,
    countryCode,
    lastMile: c.lastMile === 1,
  }));
}
