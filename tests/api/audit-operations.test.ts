import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import type { ChannelDetail, PriceRuleInput } from '../../src/shared/contract/shipping.ts';
import { xlsxOf } from '../support/files.ts';
import { useTestApp } from './support/app.ts';
import { auditClient } from './support/audit-log.ts';
import { at, call } from './support/call.ts';
import { makeOrders } from './support/movement.ts';

/**
 * Imports, approvals and operations on orders through the API: each is read back from
 * /auditLog/list with who made it, which record, and what changed (issue 37).
 */
describe('the audit log records imports, approvals and order operations', () => {
  const t = useTestApp();
  const a = auditClient(t);
  const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    t.database.db.execute<T>(query).then((r) => r.rows);
  /** An import's sheet, sent as the admin. */
  const upload = async (entry: EndpointDef, rows: string[][], fields: Record<string, string> = {}) => {
    const file = { name: 'audit.xlsx', content: await xlsxOf(rows) };
    const r = await call(t, entry, { token: a.tokens.admin, lang: 'en', file, fields });
    expect(r.status, r.raw).toBe(200);
    return r.body.data as { importId: number };
  };
  const orders = (n: number, receive = false) =>
    makeOrders(t, { demo: a.tokens.demo, operator: a.tokens.operator }, n, { receive });

  beforeAll(() => a.login());

  it('records a tracking-number import as one entry with its summary', async () => {
    const [carrier] = await q<{ id: number; code: string }>(
      sql`SELECT id, code FROM carriers WHERE code = 'SMSA'`,
    );
    const { importId } = await upload(
      contract.trackingNo.import,
      [['Tracking number'], ['AUD0000001'], ['AUD0000002'], ['AUD0000003']],
      { carrierId: String(carrier!.id) },
    );
    const entry = await a.soleEntry('trackingNoPool', `import:${importId}`, 'admin');
    expect(entry).toMatchObject({ action: 'import', before: {} });
    expect(entry.after).toEqual({
      fileName: 'audit.xlsx',
      rowCount: 3,
      carrierId: carrier!.id,
      carrierCode: 'SMSA',
      added: 3,
      first: 'AUD0000001',
      last: 'AUD0000003',
    });
  });

  it('records volume-limit and region imports with what they created and updated', async () => {
    const limits = await upload(contract.volumeLimit.importData, [
      ['Carrier code', 'Region code', 'Daily limit'],
      ['SMSA', 'SA', '77'],
      ['NAQEL', 'KW', '88'],
    ]);
    const [pairs] = await q<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM volume_limits WHERE daily_limit IN (77, 88)`,
    );
    expect(pairs!.n).toBe(2);
    const limitEntry = await a.soleEntry('volumeLimit', `import:${limits.importId}`, 'admin');
    expect(limitEntry.after).toMatchObject({ fileName: 'audit.xlsx', rowCount: 2 });
    expect(Number(limitEntry.after.created) + Number(limitEntry.after.updated)).toBe(2);

    const regions = await upload(contract.region.import, [
      [
        'Region code',
        'Parent code',
        'Level (0 country, 1 province, 2 city, 3 district)',
        'Chinese name',
        'English name',
        'Arabic name',
      ],
      ['SA', '', '0', '沙特阿拉伯', 'Saudi Arabia', 'السعودية'],
      ['SA-AUD', 'SA', '1', '审计省', 'Audit Province', 'منطقة'],
    ]);
    const regionEntry = await a.soleEntry('region', `import:${regions.importId}`, 'admin');
    expect(regionEntry.after).toMatchObject({ rowCount: 2, created: 1, updated: 1 });
  });

  it('records COD approvals and rejections with what they did to the order', async () => {
    const [x, y] = await orders(2, true);
    const ids: number[] = [];
    for (const o of [x!, y!]) {
      const [row] = await q<{ id: number }>(sql`
        INSERT INTO cod_modifications (order_id, customer_id, tracking_no, original_amount, updated_amount, currency, operator_id)
        SELECT id, customer_id, tracking_no, 0, 150, 'SAR', (SELECT id FROM users WHERE username = 'finance')
        FROM orders WHERE id = ${o.id} RETURNING id`);
      ids.push(row!.id);
    }
    await a.ok(contract.cod.batchApproval, { ids: [ids[0]], approve: true, remark: 'checked' });
    await a.ok(contract.cod.batchApproval, { ids: [ids[1]], approve: false, remark: 'no' });
    const approved = await a.soleEntry('codModification', ids[0]!, 'admin');
    expect(approved).toMatchObject({
      action: 'approve',
      before: { status: 0, approvalRemark: '' },
      after: { status: 1, approvalRemark: 'checked', codAmount: '150.00', codCurrency: 'SAR' },
    });
    const rejected = await a.soleEntry('codModification', ids[1]!, 'admin');
    expect(rejected).toMatchObject({
      action: 'reject',
      before: { status: 0, approvalRemark: '' },
      after: { status: 2, approvalRemark: 'no' },
    });
  });

  it('records a fee recalculation with the fees before and after', async () => {
    const [row] = await q<{ id: number }>(sql`SELECT id FROM shipping_channels WHERE code = 'CN-SA-AIR-COD'`);
    const channel = await a.ok(at(contract.shipping.view, { shippingId: row!.id }));
    const saveWith = (prices: ChannelDetail['prices']) =>
      a.ok(contract.shipping.update, {
        recId: channel.recId,
        code: channel.code,
        name: channel.name,
        nameEn: channel.nameEn,
        serviceType: channel.serviceType,
        segments: channel.segments,
        countryId: channel.countryId,
        volumeDivisor: channel.volumeDivisor,
        ladingType: channel.ladingType,
        status: channel.status,
        remark: channel.remark,
        carrierIds: channel.carriers.map((c) => c.recId),
        prices: prices.map(
          ({ recId: _r, countryCode: _c, countryName: _n, ...p }): PriceRuleInput => p as PriceRuleInput,
        ),
      });
    // Received while the channel has no rule for Saudi Arabia: a fee exception.
    const [o] = await orders(1);
    await saveWith(channel.prices.filter((p) => p.countryCode !== 'SA'));
    await a.ok(at(contract.order.receive, { trackingNo: o!.trackingNo }), {}, 'operator');
    await saveWith(channel.prices);
    const [exception] = await q<{ id: number }>(sql`SELECT id FROM fee_exceptions WHERE order_id = ${o!.id}`);
    await a.ok(contract.fee.feeRecalculate, { ids: [exception!.id] }, 'finance');
    const entry = await a.soleEntry('orderFees', o!.id, 'finance');
    expect(entry.action).toBe('recalculate');
    expect(entry.before).toMatchObject({ fees: [], exception: 1 });
    expect(entry.after).toMatchObject({ exception: null });
    expect((entry.after.fees as unknown[]).length).toBeGreaterThan(0);
  });

  it('records order cancellations and every step of an interception', async () => {
    const [c, i, w] = await orders(3);
    await a.ok(contract.order.cancelOrder, { ids: [c!.id], reason: 'customer asked' }, 'demo');
    const cancel = await a.soleEntry('order', c!.id, 'demo');
    expect(cancel).toMatchObject({
      action: 'cancel',
      before: { status: expect.any(Number), cancelReason: null },
      after: { status: 12, cancelReason: 'customer asked' },
    });

    await a.ok(at(contract.order.interceptOrder, { id: i!.id }), { reason: 'wrong address' });
    await a.ok(contract.order.setInterceptOrderResult, { id: i!.id, result: 'success', remark: 'held' });
    await a.ok(at(contract.order.interceptOrder, { id: w!.id }), {});
    await a.ok(at(contract.order.cancelOrderIntercept, { id: w!.id }), {});
    const intercepted = await a.entries('order', i!.id);
    expect(intercepted.map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'intercept',
        { interceptState: 0, interceptReason: null },
        { interceptState: 1, interceptReason: 'wrong address' },
      ],
      [
        'interceptResult',
        { interceptState: 1, interceptRemark: null },
        { interceptState: 2, interceptRemark: 'held' },
      ],
    ]);
    const withdrawn = await a.entries('order', w!.id);
    expect(withdrawn.map((e) => e.action)).toEqual(['intercept', 'cancelIntercept']);
    expect(withdrawn[1]).toMatchObject({ before: { interceptState: 1 }, after: { interceptState: 0 } });
  });

  it('writes nothing for a change that was refused', async () => {
    const before = await a.ok(contract.audit.list, { pageSize: 1 });
    const refused = await a.post(contract.order.cancelOrder, { ids: [2_000_000_000] });
    expect(refused.status).toBe(404);
    expect((await a.ok(contract.audit.list, { pageSize: 1 })).total).toBe(before.total);
  });
});
