import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RegionLink, RegionOption, RegionRecord } from '../../../shared/contract/region.ts';
import { Enabled, type Locale } from '../../../shared/domain/enums.ts';
import { recordChanges } from '../../audit/record.ts';
import { type Db, namedStatement } from '../../db/client.ts';
import { regions } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

type Names = { nameCn: string; nameEn: string; nameAr: string };

/** A region's name in the caller's language; English, then Chinese, when that one is empty. */
export function regionName(r: Names, locale: Locale): string {
  const own = locale === 'cn' ? r.nameCn : locale === 'ar' ? r.nameAr : r.nameEn;
  return own || r.nameEn || r.nameCn;
}

const collators = new Map<Locale, Intl.Collator>();
/** Sort order first, then the name as the caller's language sorts it (pinyin for Chinese). */
function byName(locale: Locale) {
  let c = collators.get(locale);
  if (!c) {
    c = new Intl.Collator(locale === 'cn' ? 'zh-CN' : locale, { numeric: true });
    collators.set(locale, c);
  }
  const collator = c;
  return (a: { sort: number; name: string }, b: { sort: number; name: string }) =>
    a.sort - b.sort || collator.compare(a.name, b.name);
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

export interface RegionFilters {
  level?: number | undefined;
  parentId?: number | undefined;
  keyword?: string | undefined;
  status?: number | undefined;
}

/** The WHERE of the list and of the export (on the `regions` table itself). */
export function regionWhere(f: RegionFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.level !== undefined) where.push(eq(regions.level, f.level));
  if (f.parentId !== undefined) where.push(eq(regions.parentId, f.parentId));
  if (f.status !== undefined) where.push(eq(regions.status, f.status));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    where.push(
      sql`(${regions.code} ILIKE ${like} OR ${regions.nameCn} ILIKE ${like} OR ${regions.nameEn} ILIKE ${like} OR ${regions.nameAr} ILIKE ${like})`,
    );
  }
  return where.length ? and(...where) : undefined;
}

const parent = alias(regions, 'parent');

export async function listRegions(
  db: Db,
  locale: Locale,
  q: RegionFilters & { pageNo: number; pageSize: number },
): Promise<{ records: RegionRecord[]; total: number; pageNo: number; pageSize: number }> {
  const where = regionWhere(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        r: regions,
        parentCode: parent.code,
        parentCn: parent.nameCn,
        parentEn: parent.nameEn,
        parentAr: parent.nameAr,
        hasChildren: sql<boolean>`EXISTS (SELECT 1 FROM regions c WHERE c.parent_id = regions.id)`,
      })
      .from(regions)
      .leftJoin(parent, eq(parent.id, regions.parentId))
      .where(where)
      .orderBy(asc(regions.level), asc(regions.sort), asc(regions.code))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(regions).where(where),
  ]);
  return {
    records: rows.map(({ r, ...p }) => ({
      recId: r.id,
      parentId: r.parentId,
      parentCode: p.parentCode,
      parentName:
        p.parentCode === null
          ? null
          : regionName(
              { nameCn: p.parentCn ?? '', nameEn: p.parentEn ?? '', nameAr: p.parentAr ?? '' },
              locale,
            ),
      level: r.level,
      code: r.code,
      name: regionName(r, locale),
      nameCn: r.nameCn,
      nameEn: r.nameEn,
      nameAr: r.nameAr,
      postCode: r.postCode,
      status: r.status,
      sort: r.sort,
      hasChildren: p.hasChildren,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Enables or disables every listed region; one unknown id refuses the whole call. */
export async function updateRegionStatus(db: Db, ids: number[], status: number): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const before = await tx
      .select({ id: regions.id, status: regions.status })
      .from(regions)
      .where(inArray(regions.id, unique))
      .for('update');
    if (before.length !== unique.length) throw notFound();
    await tx.update(regions).set({ status, updatedAt: new Date() }).where(inArray(regions.id, unique));
    await recordChanges(
      tx as unknown as Db,
      before
        .filter((r) => r.status !== status)
        .map((r) => ({
          entity: 'region' as const,
          recordId: r.id,
          action: status === Enabled.enabled ? 'enable' : 'disable',
          before: { status: r.status },
          after: { status },
        })),
    );
    return unique.length;
  });
}

// ---- the address selectors ----

/** The region and every ancestor, country first (at most four rows: the tree is four levels deep). */
export async function regionChain(db: Db, id: number) {
  return REGION_CHAIN(db, { id });
}

// Named: read by every order entry (twice), planned once per connection and built once.
const REGION_CHAIN = namedStatement<{
  id: number;
  parent_id: number | null;
  level: number;
  code: string;
  name_cn: string;
  name_en: string;
  name_ar: string;
  status: number;
}>(
  'region_chain',
  () => sql`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, level, code, name_cn, name_en, name_ar, status, 0 AS depth FROM regions WHERE id = ${sql.placeholder('id')}
      UNION ALL
      SELECT r.id, r.parent_id, r.level, r.code, r.name_cn, r.name_en, r.name_ar, r.status, up.depth + 1
      FROM regions r JOIN up ON r.id = up.parent_id WHERE up.depth < 8
    )
    SELECT id, parent_id, level, code, name_cn, name_en, name_ar, status FROM up ORDER BY depth DESC`,
);

/** getRegionAllSuperior: the chain whatever the status of its links (an old address keeps its names). */
export async function regionLinks(db: Db, locale: Locale, id: number): Promise<RegionLink[]> {
  const chain = await regionChain(db, id);
  if (chain.length === 0) throw notFound();
  return chain.map((r) => ({
    recId: r.id,
    code: r.code,
    level: r.level,
    status: r.status,
    name: regionName({ nameCn: r.name_cn, nameEn: r.name_en, nameAr: r.name_ar }, locale),
  }));
}

/** Whether a region exists and it and all its ancestors are enabled (what the selectors offer). */
export async function regionAvailable(db: Db, id: number): Promise<boolean> {
  return chainAvailable(await regionChain(db, id));
}

/** A chain regionChain read is available: it exists and every link of it is enabled. */
export const chainAvailable = (chain: readonly { status: number }[]): boolean =>
  chain.length > 0 && chain.every((r) => r.status === Enabled.enabled);

/** Enabled regions under `parentId` (or the countries), in the caller's language and order. */
export async function regionOptions(
  db: Db,
  locale: Locale,
  parentId: number | null,
  level?: number,
): Promise<RegionOption[]> {
  if (parentId !== null && !(await regionAvailable(db, parentId))) return [];
  const rows = await db
    .select({
      recId: regions.id,
      code: regions.code,
      nameCn: regions.nameCn,
      nameEn: regions.nameEn,
      nameAr: regions.nameAr,
      level: regions.level,
      postCode: regions.postCode,
      sort: regions.sort,
      // Written out: drizzle leaves a lone table's columns unqualified, which the subquery would capture.
      isLeaf: sql<boolean>`NOT EXISTS (SELECT 1 FROM regions c WHERE c.parent_id = regions.id AND c.status = ${Enabled.enabled})`,
    })
    .from(regions)
    .where(
      and(
        parentId === null ? isNull(regions.parentId) : eq(regions.parentId, parentId),
        eq(regions.status, Enabled.enabled),
        level === undefined ? undefined : eq(regions.level, level),
      ),
    );
  return rows
    .map((r) => ({ ...r, name: regionName(r, locale) }))
    .sort(byName(locale))
    .map((r) => ({
      recId: r.recId,
      code: r.code,
      name: r.name,
      level: r.level,
      postCode: r.postCode,
      isLeaf: r.isLeaf,
    }));
}
