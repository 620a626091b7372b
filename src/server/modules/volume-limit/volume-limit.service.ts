import { and, asc, count, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { volumeLimit as contract, VolumeLimitRecord } from '../../../shared/contract/volume-limit.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { carrierMessages } from '../../../shared/i18n/carrier-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { carriers, regions, volumeLimits } from '../../db/schema/index.ts';
import { carrierName, escapeLike, localName } from '../../db/sql-helpers.ts';
import { type ExportSpec, keysetPages } from '../../files/export.ts';
import { notFound } from '../../http/errors.ts';

type Filters = z.output<NonNullable<typeof contract.exportData.body>>;
type ListQuery = z.output<NonNullable<typeof contract.list.body>>;

function conditionOf(f: Filters): SQL | undefined {
  const where: SQL[] = [];
  if (f.carrierId !== undefined) where.push(eq(volumeLimits.carrierId, f.carrierId));
  if (f.region) {
    const like = `%${escapeLike(f.region)}%`;
    where.push(
      or(
        sql`upper(${regions.code}) = upper(${f.region})`,
        ilike(regions.nameCn, like),
        ilike(regions.nameEn, like),
        ilike(regions.nameAr, like),
      )!,
    );
  }
  return and(...where);
}

const selectLimits = (db: Db) =>
  db
    .select({
      limit: volumeLimits,
      carrier: { code: carriers.code, name: carriers.name, nameEn: carriers.nameEn },
      region: regions,
    })
    .from(volumeLimits)
    .innerJoin(carriers, eq(carriers.id, volumeLimits.carrierId))
    .innerJoin(regions, eq(regions.id, volumeLimits.regionId));

type Row = Awaited<ReturnType<ReturnType<typeof selectLimits>['where']>>[number];

function toRecord(r: Row, locale: Locale): VolumeLimitRecord {
  return {
    recId: r.limit.id,
    carrierId: r.limit.carrierId,
    carrierCode: r.carrier.code,
    carrierName: carrierName(r.carrier, locale),
    regionId: r.limit.regionId,
    regionCode: r.region.code,
    regionName: localName(r.region, locale),
    regionLevel: r.region.level,
    dailyLimit: r.limit.dailyLimit,
    createdAt: r.limit.createdAt.toISOString(),
    updatedAt: r.limit.updatedAt.toISOString(),
  };
}

export async function listLimits(db: Db, q: ListQuery, locale: Locale) {
  const cond = conditionOf(q);
  const [rows, [total]] = await Promise.all([
    selectLimits(db)
      .where(cond)
      .orderBy(asc(carriers.code), asc(regions.code))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(volumeLimits)
      .innerJoin(carriers, eq(carriers.id, volumeLimits.carrierId))
      .innerJoin(regions, eq(regions.id, volumeLimits.regionId))
      .where(cond),
  ]);
  return {
    records: rows.map((r) => toRecord(r, locale)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Removes one limit; answers its carrier (whose waiting orders may now be assigned). */
export async function deleteLimit(db: Db, id: number): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [deleted] = await tx.delete(volumeLimits).where(eq(volumeLimits.id, id)).returning();
    if (!deleted) throw notFound();
    await recordChange(tx, { entity: 'volumeLimit', recordId: id, action: 'delete', before: deleted });
    return deleted.carrierId;
  });
}

/** The export of the limits the filters select, streamed by id. */
export function limitsExport(filters: Filters, locale: Locale): ExportSpec<VolumeLimitRecord> {
  const cond = conditionOf(filters);
  return {
    kind: 'volumeLimit',
    title: carrierMessages.volumeLimitExport,
    filters,
    columns: [
      { header: carrierMessages.colCarrierCode, value: (r) => r.carrierCode, width: 14 },
      { header: carrierMessages.colCarrierName, value: (r) => r.carrierName, width: 24 },
      { header: carrierMessages.colRegionCode, value: (r) => r.regionCode, width: 14 },
      { header: carrierMessages.colRegionName, value: (r) => r.regionName, width: 24 },
      { header: carrierMessages.colDailyLimit, value: (r) => r.dailyLimit, width: 12 },
      { header: carrierMessages.colUpdatedAt, value: (r) => new Date(r.updatedAt), width: 20 },
    ],
    count: async (db) => {
      const [n] = await db
        .select({ n: count() })
        .from(volumeLimits)
        .innerJoin(regions, eq(regions.id, volumeLimits.regionId))
        .where(cond);
      return n?.n ?? 0;
    },
    rows: (db) =>
      keysetPages(
        async (after, limit) =>
          (
            await selectLimits(db)
              .where(and(cond, after === null ? undefined : gt(volumeLimits.id, after)))
              .orderBy(asc(volumeLimits.id))
              .limit(limit)
          ).map((r) => toRecord(r, locale)),
        (r) => r.recId,
      ),
  };
}
