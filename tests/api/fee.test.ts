import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import type { ExportTaskRecord } from '../../src/shared/contract/export-task.ts';
import type { FeeDetailRecord, FeeExceptionListRecord } from '../../src/shared/contract/fee.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { OrderDetail } from '../../src/shared/contract/order.ts';
import type { PriceRuleInput } from '../../src/shared/contract/shipping.ts';
import { AbnormalKind } from '../../src/shared/domain/order-rules.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, call, callRaw, callWith } from './support/call.ts';

type Who = keyof typeof DEMO | 'viewer';

/**
 * Fees (priceManage): the fee line list with its filters and basis, the fee sheet of an order, fee
 * types, the fee exceptions, their recalculation after the rule is fixed through the channel API
 * (what changed, idempotent, no doubled lines), the three exports, and who may do what.
 */
describe('fees', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  const region: Record<string, number> = {};
  const customer: Record<string, number> = {};
  const channel: Record<string, number> = {};

  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose. */
  const postRaw = (entry: EndpointDef, who: Who, body: unknown = {}, lang = 'en') =>
    callRaw(t, entry, { token: tokens[who], body, lang });
  const ok = async <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') => {
    const r = await post(entry, who, body, lang);
    expect(r.status, r.raw).toBe(200);
    return r.body.data;
  };
  const details = (body: object, who: Who = 'finance', lang = 'en') =>
    ok(contract.fee.detailList, who, body, lang);
  const exceptions = (body: object, who: Who = 'finance', lang = 'en') =>
    ok(contract.fee.exceptionList, who, body, lang);
  const info = async (orderId: number, lang = 'en') =>
    (await ok(contract.fee.feeInfoList, 'finance', { orderId }, lang)).records[0]!;

  /** Sets (or with null removes) a channel's rule for a country through shipping/update. */
  const setRule = async (code: string, country: string, rule: Omit<PriceRuleInput, 'countryId'> | null) => {
    const id = channel[code]!;
    const c = (await call(t, contract.shipping.view, { params: { shippingId: id }, token: tokens.admin }))
      .body.data;
    const prices: PriceRuleInput[] = c.prices
      .filter((p) => p.countryId !== region[country])
      .map(({ recId: _r, countryCode: _c, countryName: _n, ...p }) => p);
    if (rule) prices.push({ countryId: region[country]!, ...rule });
    const { recId, code: cc, name, nameEn, serviceType, segments, countryId, volumeDivisor } = c;
    await ok(contract.shipping.update, 'admin', {
      ...{ recId, code: cc, name, nameEn, serviceType, segments, countryId, volumeDivisor },
      ...{ ladingType: c.ladingType, status: c.status, remark: c.remark },
      carrierIds: c.carriers.map((x) => x.recId),
      prices,
    });
  };

  const order = async (who: 'DEMO' | 'OTHER', code: string, chain: string[], more: object = {}) => {
    const o = await ok(contract.order.create, 'admin', {
      customerId: customer[who],
      channelId: channel[code],
      consignee: {
        name: 'Fatima Al-Khalifa',
        phone: '+973 3612 3456',
        regionIds: chain.map((c) => region[c]),
        address: 'Road 2803, Block 428',
      },
      weight: '1.200',
      isCod: false,
      goods: [{ nameEn: 'Scarf', nameCn: '围巾', quantity: 1, hsCode: '621410', unitPrice: '12.00' }],
      ...more,
    });
    return o;
  };
  const receive = async (trackingNo: string) => {
    const r = await post(at(contract.order.receive, { trackingNo }), 'operator');
    expect(r.body.data.kind, r.raw).toBe('ok');
  };

  const RIYADH = ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL'];
  const MANAMA = ['BH', 'BH-CA', 'BH-CA-BAH'];
  const BH_RULE = {
    currency: 'CNY',
    firstWeight: '0.5',
    firstPrice: '44.00',
    stepWeight: '0.5',
    stepPrice: '18.50',
    codFeeRate: '2',
    minCodFee: '6',
  };
  let codOrder: OrderDetail;
  let otherOrder: OrderDetail;
  let bahrain: OrderDetail;
  let notReceived: OrderDetail;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    for (const r of await q<{ id: number; code: string }>(sql`SELECT id, code FROM regions`))
      region[r.code] = r.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM customers`))
      customer[c.code] = c.id;
    for (const c of await q<{ id: number; code: string }>(sql`SELECT id, code FROM shipping_channels`))
      channel[c.code] = c.id;

    codOrder = await order('DEMO', 'CN-SA-AIR-COD', RIYADH, {
      isCod: true,
      codAmount: '199.00',
      codCurrency: 'SAR',
    });
    otherOrder = await order('OTHER', 'CN-SA-AIR-COD', RIYADH, { weight: '0.400' });
    bahrain = await order('DEMO', 'CN-GCC-AIR', MANAMA, { weight: '1.000' });
    notReceived = await order('DEMO', 'CN-SA-AIR-COD', RIYADH);
    await receive(codOrder.trackingNo);
    await receive(otherOrder.trackingNo);
    // Bahrain's rate has expired: the parcel is received without a rule.
    await setRule('CN-GCC-AIR', 'BH', null);
    await receive(bahrain.trackingNo);

    // A staff account that may see fee exceptions but neither recalculate nor export them.
    const menus = await ok(contract.system.getAllMenus, 'admin');
    const pick = (path: string) => menus.find((m) => m.path === path)!.recId;
    const role = await ok(contract.system.roleSave, 'admin', {
      name: 'Fee viewer',
      menuIds: [pick('/admin/priceManage'), pick('/admin/priceManage/feeException')],
    });
    await ok(contract.system.userSave, 'admin', {
      username: 'feeviewer',
      type: 1,
      roleIds: [role.recId],
      password: 'viewer-pass',
    });
    tokens.viewer = await t.login('feeviewer', 'viewer-pass');
  });

  describe('feeDetail/list', () => {
    it('lists each fee line of an order with its basis: weights, the rule, the time', async () => {
      const page = await details({ trackingNos: codOrder.trackingNo });
      expect(page.total).toBe(2);
      const [freight, cod] = page.records.sort((a, b) => a.feeType - b.feeType) as [
        FeeDetailRecord,
        FeeDetailRecord,
      ];
      expect(freight).toMatchObject({
        orderId: codOrder.recId,
        trackingNo: codOrder.trackingNo,
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
        { trackingNos: codOrder.trackingNo.toLowerCase(), feeType: 2 },
        'finance',
        'cn',
      );
      expect(cn.records.map((r) => [r.feeTypeName, r.countryName])).toEqual([['COD 服务费', '沙特阿拉伯']]);
    });

    it('filters by customer, channel, destination, fee type, currency and time, and pages', async () => {
      const other = await details({ customerId: customer.OTHER });
      expect(other.records.map((r) => r.trackingNo)).toEqual([otherOrder.trackingNo]);
      const byChannel = await details({ channelId: channel['CN-SA-AIR-COD'], currency: 'sar' });
      expect(byChannel.records.map((r) => [r.trackingNo, r.feeType])).toEqual([[codOrder.trackingNo, 2]]);
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
    const sheet = await info(codOrder.recId);
    expect(sheet).toMatchObject({
      trackingNo: codOrder.trackingNo,
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
    const pending = await info(bahrain.recId);
    expect(pending).toMatchObject({ lines: [], totals: [], rule: null, currentRule: null, computedAt: null });
    expect(pending.exceptions.map((e) => [e.state, e.reasonText])).toEqual([
      [0, 'The shipping channel CN-GCC-AIR has no price rule for Bahrain'],
    ]);
    const none = await ok(contract.fee.feeInfoList, 'finance', { orderId: notReceived.recId });
    expect(none.total).toBe(0);
    const many = await ok(contract.fee.feeInfoList, 'finance', { customerId: customer.DEMO });
    expect(many.records.map((r) => r.orderId).sort()).toEqual([codOrder.recId, bahrain.recId].sort());
  });

  describe('fee exceptions', () => {
    it('lists pending exceptions by default with the reason and whether a rule exists now', async () => {
      const page = await exceptions({});
      expect(page.records).toHaveLength(1);
      expect(page.records[0]).toMatchObject({
        orderId: bahrain.recId,
        trackingNo: bahrain.trackingNo,
        countryCode: 'BH',
        reason: 1,
        reasonText: 'The shipping channel CN-GCC-AIR has no price rule for Bahrain',
        state: 0,
        stateName: 'Pending',
        retriedAt: null,
        resolvedAt: null,
        ruleAvailable: false,
      });
      const cn = await exceptions({ trackingNos: bahrain.trackingNo }, 'finance', 'cn');
      expect(cn.records[0]!.reasonText).toBe('渠道 CN-GCC-AIR 没有 巴林 的报价规则');
      expect((await exceptions({ ruleAvailable: true })).total).toBe(0);
      expect((await exceptions({ state: '1' })).total).toBe(0);
      expect((await exceptions({ customerId: customer.OTHER })).total).toBe(0);
      expect((await exceptions({ reason: 2 })).total).toBe(0);
      expect((await exceptions({ channelId: channel['CN-GCC-AIR'], countryId: region.BH })).total).toBe(1);
      expect((await post(contract.fee.exceptionList, 'finance', { state: '2' })).status).toBe(400);
    });

    it('recalculation still fails while the rule is missing, then prices the order once it is fixed; twice changes nothing', async () => {
      const [x] = (await exceptions({ trackingNos: bahrain.trackingNo })).records as [FeeExceptionListRecord];
      const still = await ok(contract.fee.feeRecalculate, 'finance', { ids: [x.recId] });
      expect(still).toMatchObject({ recalculated: 0, failed: 1, skipped: 0 });
      expect(still.results[0]).toMatchObject({
        outcome: 'failed',
        message: 'The shipping channel CN-GCC-AIR has no price rule for Bahrain',
        before: { lines: [], exception: { reason: 1 } },
        after: { lines: [], exception: { reason: 1 } },
      });
      const [retried] = (await exceptions({ trackingNos: bahrain.trackingNo })).records;
      expect(retried!.retriedAt).not.toBeNull();
      expect(retried!.createdAt).toBe(x.createdAt);

      await setRule('CN-GCC-AIR', 'BH', BH_RULE);
      expect((await exceptions({ ruleAvailable: true })).records.map((r) => r.recId)).toEqual([x.recId]);
      const fixed = await ok(contract.fee.feeRecalculate, 'finance', { ids: [x.recId] }, 'cn');
      expect(fixed).toMatchObject({ recalculated: 1, failed: 0, skipped: 0 });
      expect(fixed.results[0]).toMatchObject({
        recId: x.recId,
        orderId: bahrain.recId,
        outcome: 'recalculated',
        before: { chargeableWeight: '1.000', lines: [], exception: { reason: 1 } },
        // 1 kg: 44.00 for the first 0.5 kg and one step of 18.50.
        after: {
          chargeableWeight: '1.000',
          lines: [{ feeType: 1, feeTypeName: '运费', amount: '62.50', currency: 'CNY' }],
          exception: null,
        },
      });
      const resolved = (await exceptions({ trackingNos: bahrain.trackingNo, state: '-1' })).records;
      expect(resolved).toMatchObject([{ state: 1, stateName: 'Resolved', resolvedBy: 'Fang Finance' }]);
      const order = (
        await call(t, contract.order.getOrderDetail, { params: { id: bahrain.recId }, token: tokens.admin })
      ).body.data;
      expect(order.abnormalKinds).not.toContain(AbnormalKind.noPrice);

      const lines = async () =>
        (
          await q<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM fee_details WHERE order_id = ${bahrain.recId}`,
          )
        )[0]!.n;
      expect(await lines()).toBe(1);
      const again = await ok(contract.fee.feeRecalculate, 'admin', {
        ids: [x.recId, x.recId],
      });
      expect(again).toMatchObject({ recalculated: 0, failed: 0, skipped: 1 });
      expect(again.results[0]!.message).toBe('Resolved before: nothing to recalculate');
      expect(again.results[0]!.after).toEqual(again.results[0]!.before);
      expect(await lines()).toBe(1);
      expect((await info(bahrain.recId)).exceptions.map((e) => e.resolvedBy)).toEqual(['Fang Finance']);
      expect((await details({ trackingNos: bahrain.trackingNo })).records.map((r) => r.amount)).toEqual([
        '62.50',
      ]);
    });

    it('refuses unknown ids whole (404, nothing changes) and an empty or oversized list', async () => {
      const before = await q(sql`SELECT id, state, retried_at FROM fee_exceptions ORDER BY id`);
      const [x] = (await exceptions({ state: '-1' })).records;
      const r = await post(contract.fee.feeRecalculate, 'finance', { ids: [x!.recId, 2_000_000_000] });
      expect(r.status).toBe(404);
      expect(await q(sql`SELECT id, state, retried_at FROM fee_exceptions ORDER BY id`)).toEqual(before);
      expect((await post(contract.fee.feeRecalculate, 'finance', { ids: [] })).status).toBe(400);
      const many = Array.from({ length: 501 }, (_, i) => i + 1);
      expect((await post(contract.fee.feeRecalculate, 'finance', { ids: many })).status).toBe(400);
    });
  });

  describe('exports', () => {
    const sheet = async (task: ExportTaskRecord, who: Who = 'finance') => {
      await exportsInFlight();
      const file = await call(t, contract.exportTask.download, {
        params: { id: task.recId },
        token: tokens[who],
      });
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
      const ws = wb.getWorksheet(1)!;
      const rows: unknown[][] = [];
      ws.eachRow((row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    };

    it('exports the fee lines the filters select, or the chosen ones', async () => {
      const task = await ok(contract.fee.exportFeeDetail, 'finance', {
        trackingNos: codOrder.trackingNo,
      });
      const rows = await sheet(task);
      expect(rows[0]!.slice(0, 3)).toEqual(['Tracking no', 'Customer no', 'Customer']);
      expect(rows.slice(1).map((r) => [r[0], r[6], r[7], r[8], r[11]])).toEqual([
        [codOrder.trackingNo, 'Freight', 70, 'CNY', 1.2],
        [codOrder.trackingNo, 'COD service fee', 2.99, 'SAR', 1.2],
      ]);
      const one = (await details({ trackingNos: otherOrder.trackingNo })).records[0]!;
      const chosen = await sheet(await ok(contract.fee.exportFeeDetail, 'finance', { ids: [one.recId] }));
      expect(chosen.slice(1).map((r) => r[0])).toEqual([otherOrder.trackingNo]);
    });

    it('exports by tracking no in the order given, saying why a number has no fees', async () => {
      const task = await ok(contract.fee.exportByTrackingNo, 'finance', {
        trackingNos: `GL0000000009\n${notReceived.trackingNo}, ${otherOrder.trackingNo}`,
      });
      const rows = await sheet(task);
      const note = rows[0]!.indexOf('Note');
      expect(note).toBe(rows[0]!.length - 1);
      expect(rows.slice(1).map((r) => [r[0], r[6] ?? null, r[note] ?? null])).toEqual([
        ['GL0000000009', null, 'No order has this tracking no'],
        [notReceived.trackingNo, null, 'Not received yet: no fees'],
        [otherOrder.trackingNo, 'Freight', null],
      ]);
      expect((await post(contract.fee.exportByTrackingNo, 'finance', { trackingNos: ' , ' })).status).toBe(
        400,
      );
    });

    it('exports the fee exceptions the filters select', async () => {
      const task = await ok(contract.fee.exportFeeException, 'finance', { state: '-1' });
      const rows = await sheet(task);
      expect(rows.slice(1).map((r) => [r[0], r[8], r[13]])).toEqual([
        [bahrain.trackingNo, 'Resolved', 'Yes'],
      ]);
    });
  });

  it('keeps customers, the PDA and staff without the permission out', async () => {
    const calls: [EndpointDef, object][] = [
      [contract.fee.detailList, {}],
      [contract.fee.exportFeeDetail, {}],
      [contract.fee.exportByTrackingNo, { trackingNos: codOrder.trackingNo }],
      [contract.fee.feeTypeSearchList, {}],
      [contract.fee.feeInfoList, { orderId: codOrder.recId }],
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
