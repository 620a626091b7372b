import { and, asc, count, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { regionMessages as m } from '../../../shared/i18n/region-messages.ts';
import { regions } from '../../db/schema/index.ts';
import { type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { type RegionFilters, regionWhere } from './region.service.ts';
import { REGION_COLUMNS } from './region-import.ts';

const parent = alias(regions, 'parent');

interface ExportRow {
  id: number;
  code: string;
  parentCode: string | null;
  level: number;
  nameCn: string;
  nameEn: string;
  nameAr: string;
  postCode: string;
  sort: number;
  status: number;
}

/**
 * The regions the filters select, as an export task: the importer's columns (so the file imports
 * again) plus the status, read in pages by id so a million rows hold one page in memory.
 */
export function exportRegions(ctx: Ctx, filters: RegionFilters): Promise<ExportTaskRecord> {
  const where = regionWhere(filters);
  const header = (key: (typeof REGION_COLUMNS)[number]['key']) => REGION_COLUMNS.find((c) => c.key === key)!;
  const enabled = ctx.t(m.enabled);
  const disabled = ctx.t(m.disabled);
  const columns: ExportColumn<ExportRow>[] = [
    { header: header('code').header, width: 16, value: (r) => r.code },
    { header: header('parentCode').header, width: 16, value: (r) => r.parentCode ?? '' },
    { header: header('level').header, width: 12, value: (r) => r.level },
    { header: header('nameCn').header, width: 18, value: (r) => r.nameCn },
    { header: header('nameEn').header, width: 22, value: (r) => r.nameEn },
    { header: header('nameAr').header, width: 22, value: (r) => r.nameAr },
    { header: header('postCode').header, width: 12, value: (r) => r.postCode },
    { header: header('sort').header, width: 10, value: (r) => r.sort },
    { header: m.colStatus, width: 10, value: (r) => (r.status === Enabled.enabled ? enabled : disabled) },
  ];
  return startExport<ExportRow>(ctx, {
    kind: 'region',
    title: m.exportTitle,
    filters: { ...filters },
    columns,
    count: async (db) => (await db.select({ n: count() }).from(regions).where(where))[0]?.n ?? 0,
    rows: (db) =>
      keysetPages(
        (after, limit) =>
          db
            .select({
              id: regions.id,
              code: regions.code,
              parentCode: parent.code,
              level: regions.level,
              nameCn: regions.nameCn,
              nameEn: regions.nameEn,
              nameAr: regions.nameAr,
              postCode: regions.postCode,
              sort: regions.sort,
              status: regions.status,
            })
            .from(regions)
            .leftJoin(parent, eq(parent.id, regions.parentId))
            .where(and(where, after === null ? undefined : gt(regions.id, after)))
            .orderBy(asc(regions.id))
            .limit(limit),
        (r) => r.id,
      ),
  });
}
