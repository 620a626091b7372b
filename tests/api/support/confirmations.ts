import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { businessText } from '../../../src/server/files/sheet-time.ts';
import type { OrderDetail } from '../../../src/shared/contract/order.ts';
import { multipartBody, xlsxOf } from '../../support/files.ts';
import { DEMO, type TestApp } from './app.ts';
import { type MadeOrder, makeOrders } from './movement.ts';

/**
 * What the delivery/return confirmation and closed-loop tests share: tokens of the demo accounts,
 * orders moved to a status (made and received through the orders core, then set as the lading and
 * batch modules would have moved them), sheet uploads and downloads, times as the files write them.
 */

export type Who = keyof typeof DEMO;
export const ZONE = 'Asia/Shanghai';
/** A time as a carrier's file writes it: business-zone wall clock. */
export const sheetTime = (at: Date) => businessText(at, ZONE).slice(0, 16);

export function confirmationHelpers(t: TestApp) {
  const tokens = {} as Record<Who, string>;
  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const uploadFile = (path: string, who: Who, content: Buffer, name = 'file.xlsx', lang = 'en') => {
    const { payload, headers } = multipartBody({ name, content });
    return t.app.inject({
      method: 'POST',
      url: `/api/common/v1${path}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${tokens[who]}`, 'local-lang': lang },
    });
  };
  return {
    tokens,
    q,
    async logIn() {
      for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    },
    post: <T>(path: string, who: Who, body: object = {}, lang = 'en') =>
      t.call<T>('POST', path, { token: tokens[who], body, lang }),
    upload: async (
      path: string,
      who: Who,
      rows: (string | number | null)[][],
      lang = 'en',
      name = 'file.xlsx',
    ) => uploadFile(path, who, await xlsxOf(rows), name, lang),
    uploadFile,
    download: (path: string, who: Who, lang = 'en') =>
      t.app.inject({
        method: 'GET',
        url: `/api/common/v1${path}`,
        headers: { authorization: `Bearer ${tokens[who]}`, 'local-lang': lang },
      }),
    /** Received orders of the DEMO customer (COD when `cod` is given), then set to `status`, made 3 days ago. */
    async orders(
      n: number,
      status: number,
      opts: { cod?: string; currency?: string } = {},
    ): Promise<MadeOrder[]> {
      const made = await makeOrders(t, tokens, n);
      for (const o of made) {
        if (opts.cod)
          await q(
            sql`UPDATE orders SET is_cod = true, payment = 1, cod_amount = ${opts.cod}, cod_currency = ${opts.currency ?? 'SAR'} WHERE id = ${o.id}`,
          );
        // Made a few days ago, so the carriers' times of the tests come after it.
        await q(
          sql`UPDATE orders SET status = ${status}, created_at = now() - interval '3 days' WHERE id = ${o.id}`,
        );
      }
      return made;
    },
    async detail(id: number) {
      const r = await t.call<OrderDetail>('GET', `/order/getOrderDetail/${id}`, {
        token: tokens.admin,
        lang: 'en',
      });
      expect(r.status, r.raw).toBe(200);
      return r.body.data;
    },
  };
}
