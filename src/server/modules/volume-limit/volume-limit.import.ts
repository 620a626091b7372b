import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { carrierMessages } from '../../../shared/i18n/carrier-messages.ts';
import type { Db } from '../../db/client.ts';
import { carriers, regions, volumeLimits } from '../../db/schema/index.ts';
import type { ImportSpec, RowError } from '../../files/import.ts';

interface Row {
  carrierCode: string;
  regionCode: string;
  dailyLimit: string;
}

/** Codes resolved by the check, for the write. */
interface Resolved {
  carriers: Map<string, number>;
  regions: Map<string, number>;
}

export const newResolved = (): Resolved => ({ carriers: new Map(), regions: new Map() });

const MAX_DAILY_LIMIT = 1_000_000;
const upper = (s: string) => s.trim().toUpperCase();

/**
 * Volume limits by carrier code and region code; a pair already limited gets the new daily limit
 * (upsert). Unknown codes, a limit that is not a whole number and a pair repeated in the file are
 * reported together, row by row.
 */
export const volumeLimitImport: ImportSpec<Row, Resolved> = {
  kind: 'volumeLimit',
  title: carrierMessages.volumeLimitTemplate,
  columns: [
    { key: 'carrierCode', header: carrierMessages.colCarrierCode, required: true, width: 16 },
    { key: 'regionCode', header: carrierMessages.colRegionCode, required: true, width: 16 },
    { key: 'dailyLimit', header: carrierMessages.colDailyLimit, required: true, width: 14 },
  ],
  row: z.object({
    carrierCode: z.string().transform(upper),
    regionCode: z.string().transform(upper),
    dailyLimit: z.string().trim(),
  }),
  maxRows: 50_000,
  async check(rows, ctx, resolved) {
    const col = {
      carrier: ctx.t(carrierMessages.colCarrierCode),
      region: ctx.t(carrierMessages.colRegionCode),
      limit: ctx.t(carrierMessages.colDailyLimit),
    };
    const carrierCodes = [...new Set(rows.map((r) => r.value.carrierCode))];
    const regionCodes = [...new Set(rows.map((r) => r.value.regionCode))];
    const [foundCarriers, foundRegions] = await Promise.all([
      ctx.db.execute<{ id: number; code: string }>(
        sql`SELECT id, upper(code) AS code FROM ${carriers} WHERE upper(code) = ANY(${sql.param(carrierCodes)}::text[])`,
      ),
      ctx.db.execute<{ id: number; code: string }>(
        sql`SELECT id, upper(code) AS code FROM ${regions} WHERE upper(code) = ANY(${sql.param(regionCodes)}::text[])`,
      ),
    ]);
    for (const c of foundCarriers.rows) resolved.carriers.set(c.code, c.id);
    for (const r of foundRegions.rows) resolved.regions.set(r.code, r.id);

    const errors: RowError[] = [];
    const firstRow = new Map<string, number>();
    for (const { row, value } of rows) {
      const carrierId = resolved.carriers.get(value.carrierCode);
      const regionId = resolved.regions.get(value.regionCode);
      if (carrierId === undefined)
        errors.push({
          row,
          column: col.carrier,
          message: ctx.t(carrierMessages.carrierUnknown, { code: value.carrierCode }),
        });
      if (regionId === undefined)
        errors.push({
          row,
          column: col.region,
          message: ctx.t(carrierMessages.regionUnknown, { code: value.regionCode }),
        });
      if (!/^\d{1,7}$/.test(value.dailyLimit) || Number(value.dailyLimit) > MAX_DAILY_LIMIT)
        errors.push({ row, column: col.limit, message: ctx.t(carrierMessages.dailyLimitInvalid) });
      if (carrierId === undefined || regionId === undefined) continue;
      const pair = `${carrierId}:${regionId}`;
      const first = firstRow.get(pair);
      if (first !== undefined)
        errors.push({
          row,
          column: col.region,
          message: ctx.t(carrierMessages.duplicatePair, { row: first }),
        });
      else firstRow.set(pair, row);
    }
    return errors;
  },
  audit: 'volumeLimit',
  async write(tx: Db, rows, _ctx, resolved) {
    const carrierIds = sql.param(rows.map((r) => resolved.carriers.get(r.carrierCode)!));
    const regionIds = sql.param(rows.map((r) => resolved.regions.get(r.regionCode)!));
    const existing = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ${volumeLimits} l
      JOIN unnest(${carrierIds}::int[], ${regionIds}::int[]) AS f(carrier_id, region_id)
        ON l.carrier_id = f.carrier_id AND l.region_id = f.region_id`);
    const updated = existing.rows[0]!.n;
    await tx.execute(sql`
      INSERT INTO ${volumeLimits} (carrier_id, region_id, daily_limit)
      SELECT * FROM unnest(
        ${carrierIds}::int[],
        ${regionIds}::int[],
        ${sql.param(rows.map((r) => Number(r.dailyLimit)))}::int[])
      ON CONFLICT (carrier_id, region_id)
      DO UPDATE SET daily_limit = excluded.daily_limit, updated_at = now()`);
    return { created: rows.length - updated, updated };
  },
};
