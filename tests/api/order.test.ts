import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../src/shared/contract/order.ts';
import { AbnormalKind } from '../../src/shared/domain/order-rules.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { type Issues, useOrderWorld } from './support/order-world.ts';

/** order/create: what a customer or staff enter, what is refused, and who may (order-world.ts). */
describe('orders: order/create', () => {
  const w = useOrderWorld();
  const { tokens, channel, customer, q, chain, riyadh, orderBody, create, created, detail } = w;

  let demoOrder: OrderDetail;
  let otherOrder: OrderDetail;

  describe('order/create', () => {
    it('enters a customer’s order: our tracking no, the default sender, names in the caller’s language', async () => {
      const r = await create(orderBody({ customerNo: 'DEMO-1001', remark: 'Fragile' }), tokens.demo, 'cn');
      expect(r.status, r.raw).toBe(200);
      demoOrder = r.body.data;
      expect(demoOrder.trackingNo).toMatch(/^GL\d{10}$/);
      expect(demoOrder).toMatchObject({
        customerNo: 'DEMO-1001',
        customerId: customer.DEMO,
        customerCode: 'DEMO',
        channelCode: 'CN-SA-AIR-COD',
        status: OrderStatus.created,
        statusName: '已下单',
        checkStatus: 0,
        interceptState: 0,
        countryCode: 'SA',
        countryName: '沙特阿拉伯',
        isCod: true,
        codAmount: '199.00',
        codCurrency: 'SAR',
        payment: 1,
        packingType: 3,
        packageCount: 1,
        declaredWeight: '1.000',
        checkedWeight: null,
        chargeableWeight: '1.000',
        carrierId: null,
        createdBy: 'Demo Trading',
        arrivedAt: null,
        abnormalKinds: [],
      });
      expect(demoOrder.sender).toMatchObject({ name: 'Li Wei', postcode: '518103' });
      expect(demoOrder.sender.regionIds).toHaveLength(4);
      expect(demoOrder.consignee).toMatchObject({
        regionIds: riyadh(),
        countryName: '沙特阿拉伯',
        city: '利雅得',
        district: '奥拉雅',
        address: 'King Fahd Road 12, Building 7',
      });
      expect(demoOrder.goods).toEqual([
        expect.objectContaining({
          lineNo: 1,
          nameEn: 'T-shirt',
          quantity: 2,
          unitPrice: '9.90',
          currency: 'USD',
        }),
      ]);
      expect(demoOrder.events.map((e) => [e.node, e.status, e.name])).toEqual([['CREATED', 1, '订单已创建']]);
      expect(demoOrder.statusHistory).toEqual([
        expect.objectContaining({ fromStatus: null, status: 1, operatorName: 'Demo Trading' }),
      ]);
      expect(demoOrder.remarks.map((x) => x.content)).toEqual(['Fragile']);
      expect(demoOrder.fees).toEqual([]);
    });

    it('lets staff enter an order for a chosen customer, and wants the customer named', async () => {
      const missing = await create(orderBody({ isCod: false }), tokens.admin);
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe('Choose the customer');
      otherOrder = await created(
        orderBody({ customerId: customer.OTHER, isCod: false, customerNo: 'DEMO-1001' }),
        tokens.operator,
      );
      expect(otherOrder).toMatchObject({
        customerCode: 'OTHER',
        customerNo: 'DEMO-1001',
        isCod: false,
        payment: 0,
      });
      expect(otherOrder.codAmount).toBe('0.00');
      expect(otherOrder.codCurrency).toBe('');
    });

    it('refuses bad fields with the spec’s messages, in the caller’s language, and writes nothing', async () => {
      const before = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
      const bad = await create(
        orderBody({ weight: 'abc', goods: [{ nameEn: ' ', quantity: 1, unitPrice: '1' }] }),
        tokens.demo,
        'en',
      );
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('Enter a correct number');
      expect((bad.body.data as unknown as Issues).issues).toEqual([
        { path: 'weight', message: 'Enter a correct number' },
        { path: 'goods.0.nameEn', message: 'English goods name cannot be empty' },
      ]);
      const cn = await create(
        orderBody({ goods: [{ nameEn: '', quantity: 1, unitPrice: '1' }] }),
        tokens.demo,
        'cn',
      );
      expect(cn.body.msg).toBe('英文品名不能为空');
      const ar = await create(
        orderBody({ goods: [{ nameEn: '', quantity: 1, unitPrice: '1' }] }),
        tokens.demo,
        'ar',
      );
      expect(ar.body.msg).toBe('لا يمكن أن يكون اسم البضاعة بالإنجليزية فارغًا');

      const region = await create(
        orderBody({ consignee: { ...orderBody().consignee, regionIds: chain('SA', 'SA-MK') } }),
      );
      expect(region.status).toBe(400);
      expect((region.body.data as unknown as Issues).issues).toEqual([
        {
          path: 'consignee.regionIds',
          message: 'Choose the country, province and city from the region list',
        },
      ]);
      const broken = await create(
        orderBody({ consignee: { ...orderBody().consignee, regionIds: chain('AE', 'SA-RI', 'SA-RI-RUH') } }),
      );
      expect(broken.status).toBe(400);
      const unknownField = await create(orderBody({ secret: 1 }));
      expect(unknownField.status).toBe(400);
      const after = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('refuses a channel the customer may not use, COD for a prepaid-only customer, a taken customer no', async () => {
      const notAssigned = await create(
        orderBody({ channelId: channel['EG-LOCAL'], isCod: false }),
        tokens.other,
      );
      expect(notAssigned.status).toBe(400);
      expect(notAssigned.body.msg).toBe('This shipping channel is not available to the customer');
      const cod = await create(orderBody(), tokens.other);
      expect(cod.status).toBe(400);
      expect(cod.body.msg).toBe('This customer may not create cash-on-delivery orders');
      const elsewhere = await create(
        orderBody({ consignee: { ...orderBody().consignee, regionIds: chain('AE', 'AE-DU', 'AE-DU-DXB') } }),
      );
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.msg).toBe('This shipping channel does not deliver to United Arab Emirates');
      const taken = await create(orderBody({ customerNo: 'DEMO-1001' }), tokens.demoSub);
      expect(taken.status).toBe(409);
      expect(taken.body.msg).toBe('Customer order no DEMO-1001 already exists');
    });

    it('keeps a customer account to its own customer', async () => {
      const foreign = await create(orderBody({ customerId: customer.OTHER }), tokens.demo);
      expect(foreign.status).toBe(404);
      const own = await create(orderBody({ customerId: customer.DEMO }), tokens.demoSub);
      expect(own.status, own.raw).toBe(200);
      expect(own.body.data.createdBy).toBe('Demo clerk');
      expect((await create(orderBody(), tokens.pda)).status).toBe(403);
    });

    it('flags goods that name a sensitive word and marks the order abnormal, without refusing it', async () => {
      const o = await created(
        orderBody({
          goods: [
            { nameEn: 'Phone case', quantity: 1, unitPrice: '3' },
            { nameEn: 'Power bank 10000mAh', nameCn: '充电宝', quantity: 1, unitPrice: '12' },
          ],
        }),
      );
      expect(o.goods.map((g) => [g.sensitiveHit, g.sensitiveWords])).toEqual([
        [false, []],
        [true, expect.arrayContaining(['power bank', '充电宝'])],
      ]);
      expect(o.abnormalKinds).toEqual([AbnormalKind.sensitiveGoods]);
      // The customer sees the flagged lines and the order's abnormal kind; the mark is the office's.
      expect(o.abnormals).toEqual([]);
      const staff = (await detail(o.recId)).body.data;
      expect(staff.abnormals[0]).toMatchObject({
        kind: 5,
        kindName: 'Sensitive goods',
        state: 0,
        department: 4,
      });
      expect(staff.abnormals[0]!.reasonText).toMatch(/^Sensitive words: /);
    });
  });
});
