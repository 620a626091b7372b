import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { call } from './support/call.ts';
import { useOriginOrders } from './support/origin-orders.ts';

describe('origin (foreign) orders', () => {
  const { t, tokens, seeded, q, post, postRaw, input, create } = useOriginOrders();

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
      const ofDemo = await post(contract.originOrder.list, 'operator', { customerId: seeded.demoId });
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
});
