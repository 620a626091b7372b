import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../src/shared/contract/core.ts';
import type { FeeDetailRecord } from '../../src/shared/contract/fee.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { useFeeWorld } from './support/fee-world.ts';

/**
 * Fees (priceManage): the fee line list with its filters and basis, the fee sheet of an order, fee
 * types, and who may do what. The fee exceptions, their recalculation and the exports are in
 * fee-exceptions.test.ts; both files set up the same world (support/fee-world.ts).
 */
describe('fees', () => {
  const { region, customer, channel, o, post, postRaw, ok, details, info } = useFeeWorld();

  describe('feeDetail/list', () => {
    it('lists each fee line of an order with its basis: weights, the rule, the time', async () => {
      const page = await details({ trackingNos: o.codOrder.trackingNo });
      expect(page.total).toBe(2);
      const [freight, cod] = page.records.sort((a, b) => a.feeType - b.feeType) as [
        FeeDetailRecord,
        FeeDetailRecord,
      ];
      expect(freight).toMatchObject({
        orderId: o.codOrder.recId,
        trackingNo: o.codOrder.trackingNo,
        customerCode: 'DEMO',
        channelCode: 'CN-SA-AIR-COD',
        countryCode: 'SA',
        countryName: 'Saudi Arabia',
        orderStatusName: 'Received',
        feeType: 1,
        feeTypeName: 'Freight',
        amount: '70.00',
        currency: 'CNY',
        weight: '1.200',
        volumeDivisor: 6000,
        chargeableWeight: '1.200',
        rule: { currency: 'CNY', firstWeight: '0.500', firstPrice: '38.00', stepPrice: '16.00' },
      });
      expect(cod).toMatchObject({ feeTypeName: 'COD service fee', amount: '2.99', currency: 'SAR' });
      const cn = await details(
        { trackingNos: o.codOrder.trackingNo.toLowerCase(), feeType: 2 },
        'finance',
        'cn',
      );
      expect(cn.records.map((r) => [r.feeTypeName, r.countryName])).toEqual([['COD 服务费', '沙特阿拉伯']]);
    });

    it('filters by customer, channel, destination, fee type, currency and time, and pages', async () => {
      const other = await details({ customerId: customer.OTHER });
      expect(other.records.map((r) => r.trackingNo)).toEqual([o.otherOrder.trackingNo]);
      const byChannel = await details({ channelId: channel['CN-SA-AIR-COD'], currency: 'sar' });
      expect(byChannel.records.map((r) => [r.trackingNo, r.feeType])).toEqual([[o.codOrder.trackingNo, 2]]);
      expect((await details({ countryId: region.BH })).total).toBe(0);
      const all = await details({});
      expect(all.total).toBe(3);
      expect(all.records.map((r) => r.computedAt)).toEqual(
        [...all.records.map((r) => r.computedAt)].sort().reverse(),
      );
      const second = await details({ pageNo: 2, pageSize: 2 });
      expect(second).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
      expect(second.records).toHaveLength(1);
      const future = new Date(Date.now() + 86_400_000).toISOString();
      expect((await details({ startTime: future })).total).toBe(0);
      expect((await details({ endTime: future })).total).toBe(3);
    });

    it('refuses a range that ends before it starts, an unknown fee type and a page over 500', async () => {
      const now = new Date().toISOString();
      const back = await post(contract.fee.detailList, 'finance', {
        startTime: now,
        endTime: '2020-01-01T00:00:00Z',
      });
      expect(back.status).toBe(400);
      expect(back.issues[0]!.path).toBe('endTime');
      expect((await post(contract.fee.detailList, 'finance', { feeType: 9 })).status).toBe(400);
      expect((await post(contract.fee.detailList, 'finance', { pageSize: 501 })).status).toBe(400);
      expect((await postRaw(contract.fee.detailList, 'finance', { customer: 1 })).status).toBe(400);
    });
  });

  it('feeType/searchList answers the fee types in the caller’s language, by keyword', async () => {
    expect(await ok(contract.fee.feeTypeSearchList, 'operator')).toEqual([
      { feeType: 1, name: 'Freight' },
      { feeType: 2, name: 'COD service fee' },
    ]);
    expect(await ok(contract.fee.feeTypeSearchList, 'finance', { keyword: 'cod' })).toEqual([
      { feeType: 2, name: 'COD service fee' },
    ]);
    const cn = await ok(contract.fee.feeTypeSearchList, 'finance', {}, 'cn');
    expect(cn.map((o) => o.name)).toEqual(['运费', 'COD 服务费']);
  });

  it('feeInfo/list gives an order’s fee sheet: basis, computation, totals, the rule now', async () => {
    const sheet = await info(o.codOrder.recId);
    expect(sheet).toMatchObject({
      trackingNo: o.codOrder.trackingNo,
      isCod: true,
      codAmount: '199.00',
      codCurrency: 'SAR',
      weight: '1.200',
      volumeDivisor: 6000,
      chargeableWeight: '1.200',
      rule: { firstPrice: '38.00', codFeeRatePercent: '1.50' },
      currentRule: { firstPrice: '38.00' },
      exceptions: [],
    });
    expect(sheet.lines.map((l) => [l.feeType, l.amount, l.currency])).toEqual([
      [1, '70.00', 'CNY'],
      [2, '2.99', 'SAR'],
    ]);
    // 1.2 kg: 0.5 kg first, 0.7 kg more in two 0.5 kg steps.
    expect(sheet.lines[0]!.freight).toMatchObject({ extraWeight: '0.700', steps: 2, stepPrice: '16.00' });
    // SAR on a CNY rule: the rate alone, no minimum.
    expect(sheet.lines[1]!.codFee).toEqual({
      codAmount: '199.00',
      codCurrency: 'SAR',
      ratePercent: '1.50',
      rateAmount: '2.99',
      minimum: null,
      minimumApplied: false,
    });
    expect(sheet.totals).toEqual([
      { currency: 'CNY', amount: '70.00' },
      { currency: 'SAR', amount: '2.99' },
    ]);
    const pending = await info(o.bahrain.recId);
    expect(pending).toMatchObject({ lines: [], totals: [], rule: null, currentRule: null, computedAt: null });
    expect(pending.exceptions.map((e) => [e.state, e.reasonText])).toEqual([
      [0, 'The shipping channel CN-GCC-AIR has no price rule for Bahrain'],
    ]);
    const none = await ok(contract.fee.feeInfoList, 'finance', { orderId: o.notReceived.recId });
    expect(none.total).toBe(0);
    const many = await ok(contract.fee.feeInfoList, 'finance', { customerId: customer.DEMO });
    expect(many.records.map((r) => r.orderId).sort()).toEqual([o.codOrder.recId, o.bahrain.recId].sort());
  });

  it('keeps customers, the PDA and staff without the permission out', async () => {
    const calls: [EndpointDef, object][] = [
      [contract.fee.detailList, {}],
      [contract.fee.exportFeeDetail, {}],
      [contract.fee.exportByTrackingNo, { trackingNos: o.codOrder.trackingNo }],
      [contract.fee.feeTypeSearchList, {}],
      [contract.fee.feeInfoList, { orderId: o.codOrder.recId }],
      [contract.fee.exceptionList, {}],
      [contract.fee.exportFeeException, {}],
      [contract.fee.feeRecalculate, { ids: [1] }],
    ];
    for (const who of ['demo', 'demoSub', 'other', 'pda'] as const)
      for (const [entry, body] of calls)
        expect((await postRaw(entry, who, body)).status, `${who} ${entry.path}`).toBe(403);
    for (const who of ['operator', 'service'] as const)
      for (const [entry, body] of calls)
        expect((await postRaw(entry, who, body)).status, `${who} ${entry.path}`).toBe(
          entry === contract.fee.feeTypeSearchList ? 200 : 403,
        );
    // May see fee exceptions, neither fee lines nor recalculation or export.
    expect((await post(contract.fee.exceptionList, 'viewer')).status).toBe(200);
    for (const entry of [
      contract.fee.feeRecalculate,
      contract.fee.exportFeeException,
      contract.fee.detailList,
    ])
      expect(
        (await postRaw(entry, 'viewer', entry === contract.fee.feeRecalculate ? { ids: [1] } : {})).status,
        entry.path,
      ).toBe(403);
  });
});
