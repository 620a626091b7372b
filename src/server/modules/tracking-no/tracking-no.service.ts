import { and, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CarrierStock,
  trackingNo as contract,
  PoolRecord,
  TrackingNoImportLog,
} from '../../../shared/contract/tracking-no.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { LOW_STOCK_THRESHOLD, normaliseTrackingNo } from '../../../shared/domain/tracking-no.ts';
import type { Db } from '../../db/client.ts';
import { carriers, importLogs, trackingNumbers, users } from '../../db/schema/index.ts';
import { carrierName, escapeLike } from '../../db/sql-helpers.ts';
import { settleInterruptedImports } from '../../files/import.ts';

type ListQuery = z.output<NonNullable<typeof contract.list.body>>;
type LogQuery = z.output<NonNullable<typeof contract.importLogList.body>>;

/** Beyond this many matches the list says "100,000+" instead of counting every row. */
const COUNT_CAP = 100_000;

export const IMPORT_KIND = 'trackingNo';

export async function listPool(db: Db, q: ListQuery, locale: Locale) {
  const where: SQL[] = [];
  if (q.carrierId !== undefined) where.push(eq(trackingNumbers.carrierId, q.carrierId));
  if (q.trackingNo)
    where.push(like(trackingNumbers.trackingNo, `${escapeLike(normaliseTrackingNo(q.trackingNo))}%`));
  if (q.used !== undefined)
    where.push(sql`${trackingNumbers.orderId} IS ${sql.raw(q.used ? 'NOT NULL' : 'NULL')}`);
  const cond = and(...where);
  const [rows, counted] = await Promise.all([
    db
      .select({
        n: trackingNumbers,
        carrierCode: carriers.code,
        name: carriers.name,
        nameEn: carriers.nameEn,
      })
      .from(trackingNumbers)
      .innerJoin(carriers, eq(carriers.id, trackingNumbers.carrierId))
      .where(cond)
      .orderBy(desc(trackingNumbers.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${trackingNumbers} ${cond ? sql`WHERE ${cond}` : sql``} LIMIT ${COUNT_CAP + 1}) s`,
    ),
  ]);
  const n = counted.rows[0]?.n ?? 0;
  return {
    records: rows.map(
      ({ n: r, carrierCode, name, nameEn }): PoolRecord => ({
        recId: r.id,
        carrierId: r.carrierId,
        carrierCode,
        carrierName: carrierName({ name, nameEn }, locale),
        trackingNo: r.trackingNo,
        used: r.orderId !== null,
        orderId: r.orderId,
        usedAt: r.usedAt?.toISOString() ?? null,
        importId: r.importId,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
    total: Math.min(n, COUNT_CAP),
    totalCapped: n > COUNT_CAP,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Free and used numbers of every carrier that has a pool. */
export async function poolStock(db: Db, locale: Locale, threshold = LOW_STOCK_THRESHOLD) {
  const rows = await db.execute<{
    id: number;
    code: string;
    name: string;
    name_en: string;
    total: number;
    free: number;
  }>(sql`
    SELECT c.id, c.code, c.name, c.name_en, s.total, s.free
    FROM (
      SELECT carrier_id, count(*)::int AS total, (count(*) FILTER (WHERE order_id IS NULL))::int AS free
      FROM ${trackingNumbers} GROUP BY carrier_id
    ) s JOIN ${carriers} c ON c.id = s.carrier_id
    ORDER BY c.code`);
  const list = rows.rows.map(
    (r): CarrierStock => ({
      carrierId: r.id,
      carrierCode: r.code,
      carrierName: carrierName({ name: r.name, nameEn: r.name_en }, locale),
      total: r.total,
      free: r.free,
      used: r.total - r.free,
      low: r.free < threshold,
    }),
  );
  return { threshold, carriers: list };
}

export async function listImportLogs(db: Db, q: LogQuery, locale: Locale) {
  await settleInterruptedImports(db);
  const carrierOfLog = sql`(${importLogs.detail}->>'carrierId')::int`;
  const where: SQL[] = [eq(importLogs.kind, IMPORT_KIND)];
  if (q.carrierId !== undefined) where.push(sql`${carrierOfLog} = ${q.carrierId}`);
  if (q.status !== undefined) where.push(eq(importLogs.status, q.status));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        log: importLogs,
        username: users.username,
        carrierCode: carriers.code,
        name: carriers.name,
        nameEn: carriers.nameEn,
      })
      .from(importLogs)
      .innerJoin(users, eq(users.id, importLogs.userId))
      .leftJoin(carriers, sql`${carriers.id} = ${carrierOfLog}`)
      .where(cond)
      .orderBy(desc(importLogs.createdAt), desc(importLogs.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(importLogs).where(cond),
  ]);
  return {
    records: rows.map(
      ({ log, username, carrierCode, name, nameEn }): TrackingNoImportLog => ({
        recId: log.id,
        fileName: log.fileName,
        carrierId: (log.detail as { carrierId?: number }).carrierId ?? null,
        carrierCode,
        carrierName: name === null || nameEn === null ? null : carrierName({ name, nameEn }, locale),
        rowCount: log.rowCount,
        errorCount: log.errorCount,
        status: log.status,
        importedBy: username,
        createdAt: log.createdAt.toISOString(),
      }),
    ),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
