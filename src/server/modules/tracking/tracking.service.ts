import { and, asc, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { tracking as contract, TrackingSetting } from '../../../shared/contract/tracking.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { carrierMessages } from '../../../shared/i18n/carrier-messages.ts';
import type { Db } from '../../db/client.ts';
import { trackingSettings } from '../../db/schema/index.ts';
import { escapeLike, isUniqueViolation, localName } from '../../db/sql-helpers.ts';
import { notFound, rule } from '../../http/errors.ts';

type SettingInput = z.output<NonNullable<typeof contract.save.body>>;
type ListQuery = z.output<NonNullable<typeof contract.list.body>>;

function toRecord(r: typeof trackingSettings.$inferSelect, locale: Locale): TrackingSetting {
  return {
    recId: r.id,
    code: r.code,
    nameCn: r.nameCn,
    nameEn: r.nameEn,
    nameAr: r.nameAr,
    name: localName(r, locale),
    orderStatus: r.orderStatus,
    sort: r.sort,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const order = [asc(trackingSettings.sort), asc(trackingSettings.id)];

export async function listSettings(db: Db, q: ListQuery, locale: Locale) {
  const where: SQL[] = [];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(
      or(
        ilike(trackingSettings.code, like),
        ilike(trackingSettings.nameCn, like),
        ilike(trackingSettings.nameEn, like),
        ilike(trackingSettings.nameAr, like),
      )!,
    );
  }
  if (q.status !== undefined) where.push(eq(trackingSettings.status, q.status));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(trackingSettings)
      .where(cond)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(trackingSettings).where(cond),
  ]);
  return {
    records: rows.map((r) => toRecord(r, locale)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

export async function enabledSettings(db: Db, locale: Locale): Promise<TrackingSetting[]> {
  const rows = await db
    .select()
    .from(trackingSettings)
    .where(eq(trackingSettings.status, 1))
    .orderBy(...order);
  return rows.map((r) => toRecord(r, locale));
}

async function checkCode(db: Db, code: string, except?: number) {
  const [clash] = await db
    .select({ id: trackingSettings.id })
    .from(trackingSettings)
    .where(and(eq(trackingSettings.code, code), except ? ne(trackingSettings.id, except) : undefined));
  if (clash) throw rule(carrierMessages.settingCodeTaken, { code });
}

const valuesOf = (input: SettingInput) => ({
  code: input.code,
  nameCn: input.nameCn,
  nameEn: input.nameEn,
  nameAr: input.nameAr,
  orderStatus: input.orderStatus,
  sort: input.sort,
  status: input.status,
});

export async function saveSetting(
  db: Db,
  input: SettingInput & { recId?: number },
  locale: Locale,
): Promise<TrackingSetting> {
  if (input.recId !== undefined) {
    const [found] = await db
      .select({ id: trackingSettings.id })
      .from(trackingSettings)
      .where(eq(trackingSettings.id, input.recId));
    if (!found) throw notFound();
  }
  await checkCode(db, input.code, input.recId);
  try {
    const [row] =
      input.recId === undefined
        ? await db.insert(trackingSettings).values(valuesOf(input)).returning()
        : await db
            .update(trackingSettings)
            .set({ ...valuesOf(input), updatedAt: new Date() })
            .where(eq(trackingSettings.id, input.recId))
            .returning();
    if (!row) throw notFound();
    return toRecord(row, locale);
  } catch (err) {
    if (isUniqueViolation(err)) throw rule(carrierMessages.settingCodeTaken, { code: input.code });
    throw err;
  }
}
