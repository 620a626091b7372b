import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consigneePhoneDigits, orders } from '../../src/server/db/schema/index.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { DEMO } from './support/app.ts';
import { call } from './support/call.ts';
import { useOrderStaff } from './support/order-staff.ts';

type Who = keyof typeof DEMO;

/**
 * The staff side of orders: the list's consignee phone and name filters, bulk limits, staff
 * entering orders for a customer, and the list's totals at volume (support/order-staff.ts).
 */
describe('orders, staff side', () => {
  const { t, tokens, customer, q, post, postRaw, orderBody, create, receive } = useOrderStaff();

  describe('order/list consignee phone', () => {
    it('compares digits only, in the phone and the alternate phone, through the trigram index', async () => {
      const spaced = await create('DEMO', {
        consignee: { ...orderBody('DEMO').consignee, phone: '+966 57-913 2468' },
      });
      const second = await create('DEMO', {
        consignee: { ...orderBody('DEMO').consignee, phone: '050 000 0000', phone2: '(057) 913-2468' },
      });
      const mine = [spaced.trackingNo, second.trackingNo].join(',');
      const found = async (consigneePhone: string, trackingNos?: string) => {
        const r = await post(contract.order.list, 'admin', {
          consigneePhone,
          pageSize: 100,
          ...(trackingNos ? { trackingNos } : {}),
        });
        expect(r.status, r.raw).toBe(200);
        return r.body.data.records.map((o) => o.trackingNo);
      };
      // Spaces, dashes, parentheses and the leading + do not matter, on either side.
      expect(await found('966579132468')).toContain(spaced.trackingNo);
      expect(await found('+966 (57) 913 2468')).toContain(spaced.trackingNo);
      expect(await found('579132468')).toEqual(
        expect.arrayContaining([spaced.trackingNo, second.trackingNo]),
      );
      // The alternate phone is searched too.
      expect(await found('0579132468', mine)).toEqual([second.trackingNo]);
      expect(await found('057-913', mine)).toEqual([second.trackingNo]);
      // No country-code logic: a national number is not the international one.
      expect(await found('0579132468', spaced.trackingNo)).toEqual([]);
      // Digits never match across the two phones; text without digits matches nothing.
      expect(await found('00000579', mine)).toEqual([]);
      expect(await found('call me', mine)).toEqual([]);

      // The filter's expression is its index's (a sequential scan is not its only way).
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const r = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`EXPLAIN SELECT id FROM ${orders} WHERE ${consigneePhoneDigits(orders)} LIKE ${'%966579132468%'}`,
        );
        return r.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('orders_consignee_phone_trgm_idx');
    });
  });

  describe('bulk limits', () => {
    it('answers "Enter at most … numbers" beyond 1000 pasted numbers and 500 orders to cancel', async () => {
      const many = Array.from({ length: 1001 }, (_, i) => `GL${String(i).padStart(10, '0')}`).join('\n');
      for (const [path, body] of [
        [contract.order.list, { trackingNos: many }],
        [contract.order.list, { carrierTrackingNos: many }],
        [contract.order.orderAbnormalList, { trackingNos: many }],
      ] as const) {
        const r = await postRaw(path, 'admin', body);
        expect(r.status, path.path).toBe(400);
        expect(r.body.msg).toBe('Enter at most 1000 numbers');
        expect(r.issues[0]!.message).toBe('Enter at most 1000 numbers');
      }
      const cancel = await post(contract.order.cancelOrder, 'admin', {
        ids: Array.from({ length: 501 }, (_, i) => i + 1),
      });
      expect(cancel.status).toBe(400);
      expect(cancel.body.msg).toBe('Enter at most 500 numbers');
      const cn = await post(contract.order.list, 'admin', { trackingNos: many }, 'cn');
      expect(cn.body.msg).toContain('1000');
    });
  });

  describe('staff entering orders for a customer', () => {
    it('offer and accept only the customer’s channels', async () => {
      const channels = await q<{ id: number; code: string }>(sql`SELECT id, code FROM shipping_channels`);
      const channel = (code: string) => channels.find((c) => c.code === code)!.id;
      const assigned = async (code: string) =>
        (
          await q<{ code: string }>(sql`SELECT ch.code FROM customer_channels cc
            JOIN shipping_channels ch ON ch.id = cc.channel_id JOIN customers c ON c.id = cc.customer_id
            WHERE c.code = ${code} AND ch.status = 1 ORDER BY ch.code`)
        ).map((r) => r.code);
      const offered = async (who: Who, customerId?: number) => {
        const r = await call(t, contract.shipping.getShippingsByUser, {
          token: tokens[who],
          query: customerId ? { customerId } : {},
        });
        expect(r.status, r.raw).toBe(200);
        return r.body.data.map((c) => c.code);
      };
      const otherChannels = await assigned('OTHER');
      expect(otherChannels).toContain('CN-SA-AIR-COD');
      expect(otherChannels).not.toContain('EG-LOCAL');
      expect(await offered('admin', customer.OTHER)).toEqual(otherChannels);
      expect(await offered('admin', customer.DEMO)).toEqual(await assigned('DEMO'));
      expect(await offered('admin')).toContain('EG-LOCAL');
      // A customer account reads its own, whatever customer it names.
      expect(await offered('other', customer.DEMO)).toEqual(otherChannels);

      const refused = await post(
        contract.order.create,
        'admin',
        orderBody('OTHER', { channelId: channel('EG-LOCAL') }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('This shipping channel is not available to the customer');
      expect(refused.issues.map((i) => i.path)).toEqual(['channelId']);
      expect((await post(contract.order.create, 'admin', orderBody('OTHER'))).status).toBe(200);
    });
  });

  describe('order/list names', () => {
    it('shows each name as the database holds it now, also when another process renamed it', async () => {
      const o = await create('DEMO');
      await receive(o.trackingNo);
      const row = async () => {
        const r = await post(contract.order.list, 'admin', { trackingNos: o.trackingNo });
        expect(r.status, r.raw).toBe(200);
        return r.body.data.records[0]!;
      };
      const before = await row();
      expect(before).toMatchObject({ customerCode: 'DEMO', countryCode: 'SA' });
      expect(before.carrierName).not.toBeNull();
      // Renamed straight in the database, as another server process would: no call of this one
      // learns of it, only the names' stamp in the database changes.
      const rename = (table: string, column: string, id: number) =>
        t.database.db.execute(
          sql.raw(`UPDATE ${table} SET ${column} = ${column} || ' (renamed)' WHERE id = ${id}`),
        );
      await rename('customers', 'name', before.customerId);
      await rename('shipping_channels', 'name_en', before.channelId);
      await rename('regions', 'name_en', before.countryId);
      await rename('carriers', 'name_en', before.carrierId!);
      const user = await q<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`);
      await rename('users', 'nickname', user[0]!.id);
      const after = await row();
      expect(after.customerName).toBe(`${before.customerName} (renamed)`);
      expect(after.channelName).toBe(`${before.channelName} (renamed)`);
      expect(after.countryName).toBe(`${before.countryName} (renamed)`);
      expect(after.carrierName).toBe(`${before.carrierName} (renamed)`);
      expect(after.createdBy).toMatch(/ \(renamed\)$/);
      // A change of another column keeps the stamp (and the names this process holds).
      const stamp = () => q<{ version: number }>(sql`SELECT version FROM name_versions WHERE id = 1`);
      const [v1] = await stamp();
      await t.database.db.execute(sql`UPDATE users SET updated_at = now() WHERE id = ${user[0]!.id}`);
      expect(await stamp()).toEqual([v1]);
      for (const [table, column] of [
        ['customers', 'name'],
        ['shipping_channels', 'name_en'],
        ['regions', 'name_en'],
        ['carriers', 'name_en'],
        ['users', 'nickname'],
      ] as const)
        await t.database.db.execute(
          sql.raw(`UPDATE ${table} SET ${column} = replace(${column}, ' (renamed)', '')`),
        );
      expect(await row()).toMatchObject({
        customerName: before.customerName,
        channelName: before.channelName,
        countryName: before.countryName,
        carrierName: before.carrierName,
        createdBy: before.createdBy,
      });
    });
  });

  describe('order/list totals at volume', () => {
    it('counts selective filters exactly and answers "10,000+" beyond, the same once its estimate is known', async () => {
      const o = await create('DEMO');
      // 10,050 more orders of DEMO (copies of one, numbered), then the planner's statistics.
      const cols = (
        await q<{ column_name: string }>(sql`SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name <> 'id'`)
      ).map((c) => c.column_name);
      const values = cols.map((c) =>
        c === 'tracking_no' ? `'VT' || lpad(g::text, 8, '0')` : c === 'customer_no' ? `'VT-' || g` : `o.${c}`,
      );
      await t.database.db.execute(
        sql.raw(`INSERT INTO orders (${cols.join(', ')}) SELECT ${values.join(', ')}
          FROM orders o, generate_series(1, 10050) g WHERE o.id = ${o.recId}`),
      );
      await t.database.db.execute(sql`ANALYZE orders`);
      const list = (body: object) => post(contract.order.list, 'admin', { pageSize: 20, ...body });
      for (const round of [1, 2]) {
        const all = (await list({})).body.data;
        expect([all.total, all.totalCapped, all.records.length], `round ${round}`).toEqual([
          10_000,
          true,
          20,
        ]);
        const few = (await list({ trackingNos: 'VT00000001\nVT00000002\nVT00000003' })).body.data;
        expect([few.total, few.totalCapped], `round ${round}`).toEqual([3, false]);
        const others = (await list({ customerId: customer.OTHER })).body.data;
        const counted = await q<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customer.OTHER}`,
        );
        expect([others.total, others.totalCapped], `round ${round}`).toEqual([counted[0]!.n, false]);
        const past = (await list({ pageNo: 600 })).body.data;
        expect([past.total, past.totalCapped, past.records], `round ${round}`).toEqual([10_000, true, []]);
      }
    });
  });
});
