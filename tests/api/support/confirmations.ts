import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { businessText } from '../../../src/server/files/sheet-time.ts';
import type { Body, EndpointDef } from '../../../src/shared/contract/core.ts';
import { contract } from '../../../src/shared/contract/index.ts';
import { xlsxOf } from '../../support/files.ts';
import { DEMO, type TestApp } from './app.ts';
import { call, callRaw, callWith } from './call.ts';
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
  const uploadFile = <E extends EndpointDef>(
    entry: E,
    who: Who,
    content: Buffer,
    name = 'file.xlsx',
    lang = 'en',
  ) => callWith(t, entry, { token: tokens[who], lang, file: { name, content } });
  return {
    tokens,
    q,
    async logIn() {
      for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    },
    post: <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
      callWith(t, entry, { token: tokens[who], body, lang }),
    /** Input the entry's schema refuses, on purpose. */
    postRaw: (entry: EndpointDef, who: Who, body: unknown = {}, lang = 'en') =>
      callRaw(t, entry, { token: tokens[who], body, lang }),
    upload: async <E extends EndpointDef>(
      entry: E,
      who: Who,
      rows: (string | number | null)[][],
      lang = 'en',
      name = 'file.xlsx',
    ) => uploadFile(entry, who, await xlsxOf(rows), name, lang),
    uploadFile,
    download: <E extends EndpointDef>(entry: E, who: Who, lang = 'en') =>
      callWith(t, entry, { token: tokens[who], lang }),
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
      const r = await call(t, contract.order.getOrderDetail, {
        params: { id },
        token: tokens.admin,
        lang: 'en',
      });
      expect(r.status, r.raw).toBe(200);
      return r.body.data;
    },
  };
}
