import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportsInFlight } from '../../src/server/files/export.ts';
import { xlsxRows } from '../../src/server/files/sheet.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { OriginInput } from '../../src/shared/contract/origin-order.ts';
import { xlsxOf } from '../support/files.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call, callRaw, callWith, rowErrors } from './support/call.ts';

type Who = keyof typeof DEMO;

describe('origin (foreign) orders', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  let demoId = 0;
  let saChannel = 0;
  let aeChannel = 0;

  const q = async <T>(text: string) => (await t.database.db.execute(sql.raw(text))).rows as T[];
  const one = async <T>(text: string) => (await q<T>(text))[0]!;

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    demoId = (await one<{ id: number }>(`SELECT id FROM customers WHERE code = 'DEMO'`)).id;
    saChannel = (await one<{ id: number }>(`SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`))
      .id;
    aeChannel = (await one<{ id: number }>(`SELECT id FROM shipping_channels WHERE code = 'CN-AE-AIR'`)).id;
  });

  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** Input the entry's schema refuses, on purpose. */
  const postRaw = (entry: EndpointDef, who: Who, body: unknown = {}, lang = 'en') =>
    callRaw(t, entry, { token: tokens[who], body, lang });

  const input = (over: Partial<OriginInput> = {}): OriginInput => ({
    platform: 'noon',
    platformOrderNo: `NSA${Math.floor(Math.random() * 1e10)}`,
    shopName: 'Test shop',
    customerId: demoId,
    channelId: saChannel,
    receiver: {
      name: 'Hessa Al-Otaibi',
      phone: '+966 50 000 1111',
      country: 'Saudi Arabia',
      province: 'Riyadh Province',
      city: 'Riyadh',
      district: 'Al Yasmin',
      address: 'Anas Bin Malik Rd 4',
    },
    sender: {
      name: 'Demo Trading',
      phone: '+86 755 1234 5678',
      country: 'China',
      province: 'Guangdong',
      city: 'Shenzhen',
      address: 'Futian, Shennan Rd 1',
    },
    weight: '1.25',
    isCod: true,
    codAmount: '99',
    codCurrency: 'sar',
    goods: [
      { sku: 'A-1', nameEn: 'Phone case', nameCn: '手机壳', quantity: 2, unitPrice: '4.5', hsCode: '392690' },
    ],
    ...over,
  });
  const create = async (over: Partial<OriginInput> = {}) => {
    const res = await post(contract.originOrder.create, 'operator', input(over));
    expect(res.status, res.raw).toBe(200);
    return res.body.data;
  };

  describe('access', () => {
    const calls: [EndpointDef, unknown][] = [
      [contract.originOrder.list, {}],
      [contract.originOrder.detail, { id: 1 }],
      [contract.originOrder.create, {}],
      [contract.originOrder.confirmReceiverAddress, { id: 1 }],
      [contract.originOrder.confirmSenderAddress, { id: 1 }],
      [contract.originOrder.uploadOrder, { ids: [1] }],
      [contract.originOrder.exportExtraOrderInfo, {}],
      [contract.originOrder.pushRecordList, {}],
      [contract.order.citcList, {}],
    ];
    it('refuses customer accounts, the PDA and staff without the foreign-order keys', async () => {
      for (const who of ['demo', 'demoSub', 'other', 'pda', 'finance'] as const)
        for (const [entry, body] of calls)
          expect((await postRaw(entry, who, body)).status, `${who} ${entry.path}`).toBe(403);
      for (const who of ['demo', 'pda'] as const) {
        const tpl = await call(t, contract.originOrder.downloadExtraInfoTemplate, { token: tokens[who] });
        expect(tpl.status, who).toBe(403);
      }
      expect((await call(t, contract.originOrder.list, { body: {} })).status).toBe(401);
    });
  });

  describe('list and detail', () => {
    it('lists the seeded origin orders newest first, with every filter', async () => {
      const all = await post(contract.originOrder.list, 'operator', { pageSize: 100 });
      expect(all.status, all.raw).toBe(200);
      const rows = all.body.data.records;
      expect(all.body.data.total).toBeGreaterThanOrEqual(36);
      const times = rows.map((r) => r.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(rows.some((r) => r.uploadState === 1 && r.trackingNo)).toBe(true);

      const noon = await post(contract.originOrder.list, 'operator', { platform: 'noon' });
      expect(noon.body.data.records.every((r) => r.platform === 'NOON')).toBe(true);
      const two = rows.slice(0, 2).map((r) => r.platformOrderNo);
      const bulk = await post(contract.originOrder.list, 'operator', {
        platformOrderNos: `${two[0]}\n${two[1]}, nothing`,
      });
      expect(bulk.body.data.records.map((r) => r.platformOrderNo).sort()).toEqual([...two].sort());
      const uploaded = await post(contract.originOrder.list, 'operator', { uploadState: '1' });
      expect(uploaded.body.data.total).toBeGreaterThan(0);
      expect(uploaded.body.data.records.every((r) => r.uploadState === 1)).toBe(true);
      const tracking = uploaded.body.data.records[0]!.trackingNo!;
      const byTracking = await post(contract.originOrder.list, 'operator', {
        trackingNos: tracking.toLowerCase(),
      });
      expect(byTracking.body.data.records.map((r) => r.trackingNo)).toEqual([tracking]);
      const unconfirmed = await post(contract.originOrder.list, 'operator', {
        receiverConfirm: '0',
        senderConfirm: 0,
      });
      expect(
        unconfirmed.body.data.records.every(
          (r) => r.receiverConfirmState === 0 && r.senderConfirmState === 0,
        ),
      ).toBe(true);
      const ofDemo = await post(contract.originOrder.list, 'operator', { customerId: demoId });
      expect(ofDemo.body.data.records.every((r) => r.customerCode === 'DEMO')).toBe(true);
      const recent = await post(contract.originOrder.list, 'operator', {
        startTime: new Date(Date.now() - 10 * 86_400_000).toISOString(),
        endTime: new Date(Date.now() + 60_000).toISOString(),
      });
      expect(recent.body.data.total).toBeGreaterThan(0);
      expect(recent.body.data.total).toBeLessThan(all.body.data.total);
    });

    it('refuses bad filters with the field named', async () => {
      const bad = await post(contract.originOrder.list, 'operator', {
        uploadState: '7',
        platform: 'ebay',
      });
      expect(bad.status).toBe(400);
      expect(bad.issues.map((i) => i.path).sort()).toEqual(['platform', 'uploadState']);
      const range = await post(contract.originOrder.list, 'operator', {
        startTime: '2025-02-01T00:00:00Z',
        endTime: '2025-01-01T00:00:00Z',
      });
      expect(range.status).toBe(400);
      expect(range.body.msg).toBe('The end of the time range must be after its start');
    });

    it('shows one origin order with its raw address and the regions it suggests', async () => {
      const made = await create();
      const res = await post(contract.originOrder.detail, 'service', { id: made.recId }, 'cn');
      expect(res.status, res.raw).toBe(200);
      const d = res.body.data;
      expect(d).toMatchObject({ platform: 'NOON', source: 2, receiverConfirmState: 0, uploadState: 0 });
      expect(d.goods).toHaveLength(1);
      expect(d.receiver.regionIds).toEqual([]);
      const codes = await q<{ code: string }>(
        `SELECT code FROM regions WHERE id IN (${d.receiver.suggestedRegionIds.join(',')}) ORDER BY level`,
      );
      expect(codes.map((c) => c.code)).toEqual(['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-YS']);
      expect(d.sender.suggestedRegionIds.length).toBe(3);
      expect((await post(contract.originOrder.detail, 'operator', { id: 99_999_999 })).status).toBe(404);
    });
  });

  describe('entry by hand', () => {
    it('checks the parcel and goods as order/create does, in the caller language', async () => {
      const res = await post(
        contract.originOrder.create,
        'operator',
        input({
          weight: 'abc',
          receiver: { ...input().receiver, phone: 'call me' },
          goods: [{ nameEn: ' ', quantity: 0, unitPrice: '1' }],
        }),
      );
      expect(res.status).toBe(400);
      const byPath = Object.fromEntries(res.issues.map((i) => [i.path, i.message]));
      expect(byPath).toMatchObject({
        weight: 'Enter a correct number',
        'receiver.phone': 'Enter a correct phone number',
        'goods.0.nameEn': 'English goods name cannot be empty',
        'goods.0.quantity': 'Enter a correct number',
      });
      const missing = await post(contract.originOrder.create, 'operator', {
        ...input(),
        platform: 'ebay',
        channelId: undefined,
      });
      expect(missing.status).toBe(400);
      expect(missing.issues.map((i) => i.path).sort()).toEqual(['channelId', 'platform']);
      const disabled = await post(contract.originOrder.create, 'operator', input({ channelId: 999_999 }));
      expect(disabled.issues.map((i) => i.path)).toEqual(['channelId']);
    });

    it('keeps a platform order no once per platform', async () => {
      const made = await create();
      const again = await post(
        contract.originOrder.create,
        'operator',
        input({ platformOrderNo: made.platformOrderNo }),
      );
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(`Platform order no ${made.platformOrderNo} of NOON already exists`);
      const otherPlatform = await post(
        contract.originOrder.create,
        'operator',
        input({ platform: 'SALLA', platformOrderNo: made.platformOrderNo }),
      );
      expect(otherPlatform.status).toBe(200);
    });
  });

  describe('address confirmation', () => {
    it('confirms the receiver from the raw text, down to the district', async () => {
      const made = await create({
        receiver: {
          ...input().receiver,
          country: 'السعودية',
          province: '',
          city: 'جدة',
          district: 'Al Rawdah',
        },
      });
      const res = await post(contract.originOrder.confirmReceiverAddress, 'operator', {
        id: made.recId,
      });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.receiver).toMatchObject({
        confirmState: 1,
        regionNames: 'Saudi Arabia / Makkah Province / Jeddah / Al Rawdah',
        confirmedBy: 'Olivia Operator',
      });
      expect(res.body.data.receiverConfirmState).toBe(1);
    });

    it('refuses text that matches no region, then takes the operator’s choice; nothing changes on refusal', async () => {
      const made = await create({
        receiver: {
          ...input().receiver,
          country: 'KSA',
          province: 'Somewhere',
          city: 'Nowhere',
          district: '',
        },
      });
      const refused = await post(
        contract.originOrder.confirmReceiverAddress,
        'operator',
        { id: made.recId },
        'cn',
      );
      expect(refused.status).toBe(400);
      expect(refused.body.msg).not.toBe('');
      const en = await post(contract.originOrder.confirmReceiverAddress, 'operator', { id: made.recId });
      expect(en.body.msg).toBe(
        'The address could not be matched to the region list: choose the country, province and city',
      );
      const still = await post(contract.originOrder.detail, 'operator', { id: made.recId });
      expect(still.body.data.receiverConfirmState).toBe(0);

      const ids = await q<{ id: number }>(
        `SELECT id FROM regions WHERE code IN ('SA', 'SA-EP', 'SA-EP-DMM') ORDER BY level`,
      );
      const notAPath = await post(contract.originOrder.confirmReceiverAddress, 'operator', {
        id: made.recId,
        regionIds: [ids[0]!.id, ids[2]!.id],
      });
      expect(notAPath.status).toBe(400);
      const tooShallow = await post(contract.originOrder.confirmReceiverAddress, 'operator', {
        id: made.recId,
        regionIds: [ids[0]!.id, ids[1]!.id],
      });
      expect(tooShallow.status).toBe(400);
      const chosen = await post(contract.originOrder.confirmReceiverAddress, 'operator', {
        id: made.recId,
        regionIds: ids.map((r) => r.id),
        address: 'Al Faisaliyah, 3rd St 19',
      });
      expect(chosen.status, chosen.raw).toBe(200);
      expect(chosen.body.data.receiver).toMatchObject({
        confirmState: 1,
        address: 'Al Faisaliyah, 3rd St 19',
        regionIds: ids.map((r) => r.id),
      });
    });

    it('confirms the sender; validates the body', async () => {
      const made = await create();
      const res = await post(contract.originOrder.confirmSenderAddress, 'operator', {
        id: made.recId,
      });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.sender.regionNames).toBe('China / Guangdong / Shenzhen');
      expect((await post(contract.originOrder.confirmSenderAddress, 'operator', { id: 'x' })).status).toBe(
        400,
      );
      expect(
        (await post(contract.originOrder.confirmSenderAddress, 'operator', { id: 99_999_999 })).status,
      ).toBe(404);
    });
  });

  describe('upload', () => {
    const orderCount = async (customerNo: string) =>
      (await one<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE customer_no = '${customerNo}'`))
        .n;

    it('refuses unconfirmed addresses with a translated reason and records the attempt', async () => {
      const made = await create();
      const res = await post(contract.originOrder.uploadOrder, 'operator', { ids: [made.recId] });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('None of the selected origin orders could be uploaded');
      expect(res.body.data.results[0]).toMatchObject({
        recId: made.recId,
        ok: false,
        trackingNo: null,
        message: `The receiver address of ${made.platformOrderNo} is not confirmed yet; The sender address of ${made.platformOrderNo} is not confirmed yet`,
      });
      const cn = await post(contract.originOrder.uploadOrder, 'operator', { ids: [made.recId] }, 'ar');
      expect(cn.body.data.results[0]!.message).not.toContain('is not confirmed');
      expect(await orderCount(made.platformOrderNo)).toBe(0);
      const detail = await post(contract.originOrder.detail, 'operator', { id: made.recId });
      expect(detail.body.data.uploadState).toBe(2);
      expect(detail.body.data.pushRecords).toHaveLength(2);
      expect(detail.body.data.pushRecords[0]).toMatchObject({ result: 2, operator: 'Olivia Operator' });
    });

    it('makes one regular order once and only once, even when asked twice at the same time', async () => {
      const made = await create();
      await post(contract.originOrder.confirmReceiverAddress, 'operator', { id: made.recId });
      await post(contract.originOrder.confirmSenderAddress, 'operator', { id: made.recId });
      const [a, b] = await Promise.all([
        post(contract.originOrder.uploadOrder, 'operator', { ids: [made.recId] }),
        post(contract.originOrder.uploadOrder, 'admin', { ids: [made.recId] }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses, `${a.raw} ${b.raw}`).toEqual([200, 409]);
      const ok = (a.status === 200 ? a : b).body.data;
      expect(ok.uploaded).toBe(1);
      const tracking = ok.results[0]!.trackingNo!;
      expect(tracking).toMatch(/^GL\d{10}$/);
      expect(ok.results[0]!.message).toBe(`Uploaded as order ${tracking}`);
      const again = await post(contract.originOrder.uploadOrder, 'operator', { ids: [made.recId] });
      expect(again.status).toBe(409);
      expect(again.body.data.results[0]!.message).toBe(
        `Origin order ${made.platformOrderNo} was already uploaded as ${tracking}`,
      );
      expect(await orderCount(made.platformOrderNo)).toBe(1);

      const order = await call(t, contract.order.getOrderDetail, {
        params: { id: ok.results[0]!.orderId },
        token: tokens.admin,
      });
      expect(order.status).toBe(200);
      expect(order.body.data).toMatchObject({
        customerNo: made.platformOrderNo,
        codAmount: '99.00',
        isCod: true,
      });
      expect(order.body.data.consignee.regionIds).toHaveLength(4);
      expect(order.body.data.goods).toHaveLength(1);

      const detail = await post(contract.originOrder.detail, 'operator', { id: made.recId });
      expect(detail.body.data).toMatchObject({ uploadState: 1, trackingNo: tracking });
      expect(detail.body.data.pushRecords.map((p) => p.result).sort()).toEqual([1, 2, 2]);
      expect(detail.body.data.citc).toMatchObject({ status: 0, trackingNo: tracking, countryCode: 'SA' });
      const locked = await post(contract.originOrder.confirmReceiverAddress, 'operator', { id: made.recId });
      expect(locked.status).toBe(409);
    });

    it('answers each order of a mixed selection; an unknown id refuses the whole call', async () => {
      const good = await create({
        channelId: aeChannel,
        isCod: false,
        receiver: { ...input().receiver, country: 'AE', province: 'Dubai', city: 'Dubai', district: 'Deira' },
      });
      await post(contract.originOrder.confirmReceiverAddress, 'operator', { id: good.recId });
      await post(contract.originOrder.confirmSenderAddress, 'operator', { id: good.recId });
      const bad = await create();
      expect(
        (await post(contract.originOrder.uploadOrder, 'operator', { ids: [good.recId, 99_999_999] })).status,
      ).toBe(404);
      expect(await orderCount(good.platformOrderNo)).toBe(0);
      const res = await post(contract.originOrder.uploadOrder, 'operator', {
        ids: [good.recId, bad.recId],
      });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.uploaded).toBe(1);
      expect(res.body.data.results.map((r) => r.ok)).toEqual([true, false]);
      // The UAE is not reported to the CITC.
      const detail = await post(contract.originOrder.detail, 'operator', { id: good.recId });
      expect(detail.body.data.citc).toBeNull();
      expect((await post(contract.originOrder.uploadOrder, 'operator', { ids: [] })).status).toBe(400);
    });

    it('lists push records within a push time range, which is required', async () => {
      const none = await postRaw(contract.originOrder.pushRecordList, 'operator', {});
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Push time range must be selected');
      const cn = await postRaw(contract.originOrder.pushRecordList, 'operator', {}, 'cn');
      expect(cn.body.msg).not.toBe('Push time range must be selected');
      const range = {
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 60_000).toISOString(),
      };
      const all = await post(contract.originOrder.pushRecordList, 'operator', range);
      expect(all.status, all.raw).toBe(200);
      expect(all.body.data.total).toBeGreaterThan(3);
      const failed = await post(contract.originOrder.pushRecordList, 'operator', {
        ...range,
        result: '2',
      });
      expect(failed.body.data.records.every((r) => r.result === 2 && r.message !== '')).toBe(true);
      const old = await post(contract.originOrder.pushRecordList, 'operator', {
        startTime: '2020-01-01T00:00:00Z',
        endTime: '2020-02-01T00:00:00Z',
      });
      expect(old.body.data.total).toBe(0);
    });

    it('lists CITC records, paged and filtered', async () => {
      const res = await post(contract.order.citcList, 'service', { pageSize: 50 });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.total).toBeGreaterThan(0);
      expect(res.body.data.records.every((r) => r.countryCode === 'SA')).toBe(true);
      const first = res.body.data.records[0]!;
      const byNo = await post(contract.order.citcList, 'service', { trackingNos: first.trackingNo });
      expect(byNo.body.data.records.map((r) => r.recId)).toEqual([first.recId]);
      // The seed's: reported with the regulator's reference, one refused with its message.
      const reported = await post(contract.order.citcList, 'service', { status: '1' });
      expect(reported.body.data.total).toBeGreaterThan(0);
      expect(reported.body.data.records.every((r) => r.status === 1 && r.referenceNo && r.reportedAt)).toBe(
        true,
      );
      const rejected = await post(contract.order.citcList, 'service', { status: '2' });
      expect(rejected.body.data.records.map((r) => r.message)).toEqual([
        'Consignee national address (short address) is missing',
      ]);
      expect((await post(contract.order.citcList, 'service', { status: '9' })).status).toBe(400);
    });
  });

  describe('extra information', () => {
    const upload = (who: Who, name: string, content: Buffer, lang = 'en') =>
      call(t, contract.originOrder.importExtraOrderOriginInfo, {
        token: tokens[who],
        lang,
        file: { name, content },
      });
    const HEADERS = [
      '*Platform',
      '*Platform order no',
      'Buyer ID no',
      'Declared value',
      'Declared value currency',
      'Invoice no',
      'Payment method (COD, PREPAID, CARD, WALLET, BANK)',
      'Paid at (YYYY-MM-DD HH:mm, UTC)',
      'Extra remark',
    ];

    it('offers a template whose headers the importer reads', async () => {
      const res = await call(t, contract.originOrder.downloadExtraInfoTemplate, {
        token: tokens.operator,
        lang: 'en',
      });
      expect(res.status).toBe(200);
      const rows: string[][] = [];
      for await (const r of xlsxRows(res.bytes)) rows.push(r.cells);
      expect(rows[0]).toEqual(HEADERS);
      expect(rows[1]![0]).toBe('NOON');
    });

    it('writes nothing when any row is bad and lists each bad row', async () => {
      const a = await create();
      const b = await create();
      const before = await one<{ n: number }>(
        `SELECT count(*)::int AS n FROM origin_orders WHERE invoice_no <> ''`,
      );
      const file = await xlsxOf([
        HEADERS,
        ['noon', a.platformOrderNo, '1012345678', '120', 'SAR', 'INV-1', 'cod', '2025-01-15 10:30', 'ok'],
        ['NOON', 'NO-SUCH-ORDER', '', '', '', 'INV-2', '', '', ''],
        ['NOON', b.platformOrderNo, 'x', '1.234', '', 'INV-3', 'cash', '2025-02-30', ''],
        ['NOON', a.platformOrderNo, '', '', '', 'INV-4', '', '', ''],
        ['EBAY', b.platformOrderNo, '', '', '', '', '', '', ''],
      ]);
      const res = await upload('operator', 'extra.xlsx', file);
      expect(res.status, res.raw).toBe(400);
      const errors = rowErrors(res);
      expect(
        errors
          .filter((e) => e.row === 4)
          .map((e) => e.column)
          .sort(),
      ).toEqual(
        [
          'Buyer ID no',
          'Declared value',
          'Declared value currency',
          'Paid at (YYYY-MM-DD HH:mm, UTC)',
          'Payment method (COD, PREPAID, CARD, WALLET, BANK)',
        ].sort(),
      );
      expect(errors.find((e) => e.row === 5)).toMatchObject({
        column: 'Platform order no',
        message: 'The same origin order is already on row 2',
      });
      expect(errors.find((e) => e.row === 6)?.column).toBe('Platform');
      expect(errors.some((e) => e.row === 2)).toBe(false);
      const after = await one<{ n: number }>(
        `SELECT count(*)::int AS n FROM origin_orders WHERE invoice_no <> ''`,
      );
      expect(after.n).toBe(before.n);

      // The unknown order is reported once the rows themselves are fine.
      const unknown = await upload(
        'operator',
        'extra.csv',
        Buffer.from(`Platform,Platform order no,Invoice no\nNOON,NO-SUCH-ORDER,INV-2\n`),
      );
      expect(unknown.status).toBe(400);
      expect(rowErrors(unknown)[0]).toMatchObject({
        row: 2,
        message: 'There is no origin order NO-SUCH-ORDER from NOON',
      });
    });

    it('imports a good file; empty cells keep what is stored; the export carries it back', async () => {
      const a = await create();
      const b = await create({
        platform: 'AMAZON',
        platformOrderNo: `405-${Date.now() % 10_000_000}-1234567`,
      });
      const file = await xlsxOf([
        HEADERS,
        [
          'NOON',
          a.platformOrderNo,
          '1012345678',
          '120',
          'sar',
          'INV-A',
          'cod',
          '2025-01-15 10:30',
          'fragile',
        ],
        ['amazon', b.platformOrderNo, '', '', '', 'INV-B', 'PREPAID', '', ''],
      ]);
      const res = await upload('operator', 'extra.xlsx', file);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.rowCount).toBe(2);
      const da = (await post(contract.originOrder.detail, 'operator', { id: a.recId })).body.data.extra;
      expect(da).toMatchObject({
        buyerIdNo: '1012345678',
        declaredValue: '120.00',
        declaredCurrency: 'SAR',
        invoiceNo: 'INV-A',
        paymentMethod: 'COD',
        paidAt: '2025-01-15T10:30:00.000Z',
        remark: 'fragile',
      });
      const second = await xlsxOf([HEADERS, ['NOON', a.platformOrderNo, '', '', '', 'INV-A2', '', '', '']]);
      expect((await upload('operator', 'extra.xlsx', second)).status).toBe(200);
      const again = (await post(contract.originOrder.detail, 'operator', { id: a.recId })).body.data.extra;
      expect(again).toMatchObject({ invoiceNo: 'INV-A2', buyerIdNo: '1012345678', paymentMethod: 'COD' });

      // Without a creation time range with both ends, no export.
      const range = {
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
      };
      const nos = `${a.platformOrderNo},${b.platformOrderNo}`;
      for (const body of [{ platformOrderNos: nos }, { platformOrderNos: nos, startTime: range.startTime }]) {
        const refused = await postRaw(contract.originOrder.exportExtraOrderInfo, 'operator', body);
        expect(refused.status).toBe(400);
        expect(refused.body.msg).toBe('Creation time range must be selected');
      }
      const started = await post(contract.originOrder.exportExtraOrderInfo, 'operator', {
        platformOrderNos: nos,
        ...range,
      });
      expect(started.status, started.raw).toBe(200);
      expect(started.body.data.name).toBe('Origin order extra information');
      await exportsInFlight();
      const file2 = await call(t, contract.exportTask.download, {
        params: { id: started.body.data.recId },
        token: tokens.operator,
      });
      expect(file2.status).toBe(200);
      const rows: string[][] = [];
      for await (const r of xlsxRows(file2.bytes)) rows.push(r.cells);
      expect(rows[0]!.slice(0, 9)).toEqual(HEADERS.map((h) => h.replace('*', '')));
      expect(rows).toHaveLength(3);
      const rowA = rows.find((r) => r[1] === a.platformOrderNo)!;
      expect(rowA.slice(0, 9)).toEqual([
        'NOON',
        a.platformOrderNo,
        '1012345678',
        '120.00',
        'SAR',
        'INV-A2',
        'COD',
        '2025-01-15 10:30',
        'fragile',
      ]);
      // The exported file imports again as it is.
      const back = await upload('operator', 'back.xlsx', file2.bytes);
      expect(back.status, back.raw).toBe(200);
    });

    it('refuses an import from customers and the PDA', async () => {
      const file = await xlsxOf([HEADERS, ['NOON', 'X', '', '', '', '', '', '', '']]);
      for (const who of ['demo', 'demoSub', 'pda'] as const)
        expect((await upload(who, 'x.xlsx', file)).status, who).toBe(403);
    });
  });
});
