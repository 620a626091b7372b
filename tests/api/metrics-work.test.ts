import { sql } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.ts';
import { xlsxOf } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';
import { idsByCode, key, makeOrders } from './support/movement.ts';

type Who = keyof typeof DEMO;

/**
 * /metrics shows the work of the warehouse: the PDA's replayed calls accepted, refused and
 * replayed, imports running and done, exports running; read back with a Prometheus text parser.
 */
describe('metrics of scans, imports and exports', () => {
  const token = 'metrics-token-0123456789';
  const t = useTestApp({ env: { METRICS_TOKEN: token } });
  const tokens = {} as Record<Who, string>;
  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
  });

  /** The value of each series of `name`, by its labels written `a=x,b=y` (sorted). */
  const scrape = async (name: string): Promise<Map<string, number>> => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.statusCode).toBe(200);
    const family = parsePrometheusTextFormat(r.body).find((f) => f.name === name);
    const out = new Map<string, number>();
    for (const m of family?.metrics ?? []) {
      const labels = Object.entries(m.labels ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}=${v}`)
        .join(',');
      out.set(labels, Number(m.value));
    }
    return out;
  };

  it('counts the PDA scans accepted, refused and replayed, by route', async () => {
    const channel = await idsByCode(t, 'shipping_channels');
    const [order] = await makeOrders(t, tokens, 1);
    const bill = (
      await call(t, contract.lading.create, {
        token: tokens.operator,
        body: { channelId: channel['CN-SA-AIR-COD']! },
      })
    ).body.data;
    const params = { id: bill.recId };
    const scan = (trackingNo: string, k: string) =>
      call(t, contract.lading.scanTrackingNo, {
        params,
        token: tokens.pda,
        body: { trackingNo },
        idempotencyKey: k,
      });
    const series = (result: string) => `result=${result},route=${contract.lading.scanTrackingNo.path}`;
    const before = await scrape('parcel_pda_scans_total');
    const k1 = key();
    expect((await scan(order!.trackingNo, k1)).status).toBe(200);
    // The PDA sends it again (its answer was lost): the kept answer, replayed.
    expect((await scan(order!.trackingNo, k1)).status).toBe(200);
    const k2 = key();
    expect((await scan('GL9999999999', k2)).status).toBe(409);
    expect((await scan('GL9999999999', k2)).status).toBe(409);
    const after = await scrape('parcel_pda_scans_total');
    const grew = (result: string) => (after.get(series(result)) ?? 0) - (before.get(series(result)) ?? 0);
    expect(grew('accepted')).toBe(1);
    expect(grew('refused')).toBe(1);
    expect(grew('replayed')).toBe(2);
    // A call without the key (the desk's) is not the PDA's sync.
    const [other] = await makeOrders(t, tokens, 1);
    await call(t, contract.lading.scanTrackingNo, {
      params,
      token: tokens.operator,
      body: { trackingNo: other!.trackingNo },
    });
    expect((await scrape('parcel_pda_scans_total')).get(series('accepted'))).toBe(
      after.get(series('accepted')),
    );
  });

  it('counts imports by how they ended, and none left running', async () => {
    const upload = async (rows: (string | number | null)[][]) =>
      call(t, contract.region.import, {
        token: tokens.admin,
        lang: 'en',
        file: { name: 'words.xlsx', content: await xlsxOf(rows) },
      });
    const before = await scrape('parcel_imports_total');
    // A sheet without the columns the import needs: refused.
    const refused = await upload([
      ['nothing', 'here'],
      ['a', 'b'],
    ]);
    expect(refused.status, refused.raw).toBe(400);
    const after = await scrape('parcel_imports_total');
    const refusedKey = [...after.keys()].find((k) => k.endsWith('result=refused'))!;
    expect(refusedKey).toMatch(/^kind=\w+/);
    expect((after.get(refusedKey) ?? 0) - (before.get(refusedKey) ?? 0)).toBe(1);
    const running = await scrape('parcel_imports_running');
    expect(running.get(refusedKey.replace(',result=refused', ''))).toBe(0);
  });

  it('shows the exports being written, by kind, from the export tasks of every process', async () => {
    expect((await scrape('parcel_exports_running')).size).toBe(0);
    // An export task another process is writing.
    const [{ id }] = (
      await t.database.db.execute<{ id: number }>(
        sql`INSERT INTO export_tasks (kind, name, user_id, status, file_name)
            VALUES ('orders', 'metrics test', 1, 1, 'orders.xlsx') RETURNING id::int AS id`,
      )
    ).rows as [{ id: number }];
    expect((await scrape('parcel_exports_running')).get('kind=orders')).toBe(1);
    await t.database.db.execute(sql`UPDATE export_tasks SET status = 2 WHERE id = ${id}`);
    expect((await scrape('parcel_exports_running')).size).toBe(0);
  });
});
