import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { MailState } from '../../src/shared/domain/lading.ts';
import { pdfPagesText } from '../support/pdf-text.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { at, call, callRaw, callWith } from './support/call.ts';
import { eventually, idsByCode, key, makeOrders, startSmtp } from './support/movement.ts';

type Who = keyof typeof DEMO;

/** Wall clock in the business zone, as exports write it. */
const wall = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));

/** The sheet's rows as arrays of cell values (1-based columns, as ExcelJS gives them). */
async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow({ includeEmpty: true }, (row, n) => {
    rows[n - 1] = (row.values as unknown[]).slice(1);
  });
  return Array.from(rows, (r) => r ?? []);
}

/** The attachments of a MIME message by file name: their decoded bytes. */
function attachments(message: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(message)?.[1];
  if (!boundary) return out;
  for (const part of message.split(`--${boundary}`)) {
    const end = part.indexOf('\r\n\r\n');
    // Headers are folded (a long file name goes on over the next line): unfolded first.
    const head = part.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
    const name = /filename="?([^";\r\n]+)"?/.exec(head)?.[1];
    if (!name) continue;
    const body = part.slice(end + 4);
    out.set(name, Buffer.from(body.replace(/\s+/g, ''), 'base64'));
  }
  return out;
}

describe('the carrier handover manifest', () => {
  const t = useTestApp();
  const tokens = {} as Record<Who, string>;
  let channel: Record<string, number>;

  const post = <E extends EndpointDef>(entry: E, who: Who, body = {} as Body<E>, lang = 'en') =>
    callWith(t, entry, { token: tokens[who], body, lang });
  /** A bill's or a batch's manifest, by its id: the file's bytes in `body`. */
  const download = async (
    entry: typeof contract.lading.manifest | typeof contract.batch.manifest,
    id: number,
    format: 'pdf' | 'xlsx',
    who: Who = 'operator',
    lang = 'en',
  ) => {
    const res = await callWith(t, entry, { params: { id }, body: { format }, token: tokens[who], lang });
    return { status: res.status, headers: res.headers, body: res.bytes, json: () => res.body };
  };
  const q = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

  /**
   * A bill of four parcels: two COD in SAR, one in AED, one prepaid; one without a carrier no, weights
   * of 1.250 and 2.500, an Arabic consignee. Confirmed and picked up.
   */
  const pickedUpBill = async () => {
    const light = await makeOrders(t, tokens, 2, { weight: '1.250' });
    const heavy = await makeOrders(t, tokens, 2, {
      weight: '2.500',
      consignee: { name: 'أحمد الحربي' },
    });
    const os = [...light, ...heavy];
    const cod: [number, string, string][] = [
      [os[0]!.id, '120.50', 'SAR'],
      [os[1]!.id, '80.00', 'SAR'],
      [os[2]!.id, '45.25', 'AED'],
    ];
    for (const [id, amount, currency] of cod)
      await q(sql`UPDATE orders SET is_cod = true, cod_amount = ${amount}, cod_currency = ${currency}
        WHERE id = ${id}`);
    // A carrier number missing too (carrier assignment gives one at receipt).
    await q(sql`UPDATE orders SET carrier_tracking_no = NULL WHERE id = ${os[1]!.id}`);
    const created = await post(contract.lading.create, 'operator', {
      channelId: channel['CN-SA-AIR-COD']!,
    });
    const bill = created.body.data;
    for (const o of os)
      expect(
        (
          await post(at(contract.lading.scanTrackingNo, { id: bill.recId }), 'pda', {
            trackingNo: o.trackingNo,
          })
        ).status,
      ).toBe(200);
    expect((await post(contract.lading.confirm, 'pda', { ids: [bill.recId] })).status).toBe(200);
    const p = await call(t, contract.lading.confirmPickup, {
      params: { id: bill.recId },
      token: tokens.pda,
      body: {},
      headers: { 'idempotency-key': key() },
    });
    expect(p.status, p.raw).toBe(200);
    const detail = (
      await call(t, contract.lading.detail, { params: { id: bill.recId }, token: tokens.admin, lang: 'en' })
    ).body.data;
    return { bill: detail, orders: os };
  };

  beforeAll(async () => {
    for (const [k, [u, p]] of Object.entries(DEMO)) tokens[k as Who] = await t.login(u, p);
    channel = await idsByCode(t, 'shipping_channels');
  });

  it("has totals that match the bill's, in the PDF's text and the sheet's cells", async () => {
    const { bill, orders } = await pickedUpBill();
    expect(bill.orderCount).toBe(4);
    const zone = t.config.businessTimeZone;
    const carrierNos = (
      await q(sql`SELECT tracking_no, carrier_tracking_no FROM orders
      WHERE carrier_tracking_no IS NOT NULL AND id IN (${sql.join(
        orders.map((o) => sql`${o.id}`),
        sql`, `,
      )})`)
    ).rows as { tracking_no: string; carrier_tracking_no: string }[];
    expect(carrierNos).toHaveLength(3);

    const pdf = await download(contract.lading.manifest, bill.recId, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(`Handover manifest ${bill.no}.pdf`);
    const pages = await pdfPagesText(pdf.body);
    const text = pages.flat();
    expect(text).toContain('Carrier handover manifest');
    expect(text).toContain(bill.no);
    expect(text).toContain(`${bill.carrierCode} ${bill.carrierName}`);
    for (const o of orders) expect(text).toContain(o.trackingNo);
    for (const c of carrierNos) expect(text).toContain(c.carrier_tracking_no);
    for (const item of bill.items) expect(text).toContain(item.weight);
    expect(text).toContain(`Picked up at (${zone})`);
    expect(text).toContain(wall(bill.pickedUpAt!, zone));
    // The totals: the bill's own counts and weight, COD by currency.
    expect(text).toContain(`Parcels: ${bill.itemCount}`);
    expect(text).toContain(`Orders: ${bill.orderCount}`);
    expect(text).toContain(`Pieces: ${bill.pieceCount}`);
    expect(text).toContain(`Weight (kg): ${bill.weight}`);
    expect(bill.weight).toBe('7.500');
    expect(text).toContain('COD AED: 45.25 (orders: 1)');
    expect(text).toContain('COD SAR: 200.50 (orders: 2)');
    expect(text).toContain('120.50 SAR');
    expect(text).toContain('45.25 AED');
    for (const s of [
      'Handed over by the warehouse',
      'Taken over by the carrier',
      'Name',
      'Signature',
      'Date',
    ])
      expect(text).toContain(s);

    const xlsx = await download(contract.lading.manifest, bill.recId, 'xlsx');
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toContain(`Handover manifest ${bill.no}.xlsx`);
    const rows = await sheetRows(xlsx.body);
    const fact = (k: string) => rows.find((r) => r[0] === k)?.[1];
    expect(fact('Lading bill no')).toBe(bill.no);
    expect(fact('Carrier')).toBe(`${bill.carrierCode} ${bill.carrierName}`);
    expect(fact(`Picked up at (${zone})`)).toBe(wall(bill.pickedUpAt!, zone));
    const h = rows.findIndex((r) => r[0] === 'No.');
    expect(rows[h]).toEqual([
      'No.',
      'Package no',
      'Tracking no',
      'Carrier tracking no',
      'Consignee',
      'City',
      'Orders',
      'Pieces',
      'Weight (kg)',
      'COD AED',
      'COD SAR',
    ]);
    const lines = rows.slice(h + 1, h + 1 + bill.items.length);
    expect(lines.map((r) => r[2])).toEqual(bill.items.map((i) => i.trackingNo));
    const byNo = new Map(lines.map((r) => [r[2], r]));
    expect(byNo.get(orders[0]!.trackingNo)!.slice(6)).toEqual([1, 1, 1.25, undefined, 120.5]);
    expect(byNo.get(orders[2]!.trackingNo)!.slice(4, 5)).toEqual(['أحمد الحربي']);
    expect(byNo.get(orders[2]!.trackingNo)!.slice(6)).toEqual([1, 1, 2.5, 45.25]);
    expect(byNo.get(orders[3]!.trackingNo)!.slice(3, 4)).toEqual([
      carrierNos.find((c) => c.tracking_no === orders[3]!.trackingNo)!.carrier_tracking_no,
    ]);
    expect(byNo.get(orders[1]!.trackingNo)![3]).toBe('');
    const totals = rows[h + 1 + bill.items.length]!;
    expect(totals[0]).toBe(`Totals (Parcels: ${bill.itemCount})`);
    expect(totals.slice(6)).toEqual([bill.orderCount, bill.pieceCount, Number(bill.weight), 45.25, 200.5]);
    // The sheet's sums are the bill's: rows add up to the totals row.
    const sum = (col: number) => lines.reduce((s, r) => s + Number(r[col] ?? 0), 0);
    expect(sum(7)).toBe(bill.pieceCount);
    expect(sum(8)).toBeCloseTo(Number(bill.weight), 6);
    expect(rows.some((r) => r[0] === 'COD SAR: 200.50 (orders: 2)')).toBe(true);
    expect(rows.some((r) => r[0] === 'Taken over by the carrier')).toBe(true);

    // In Arabic and Chinese too (the Arabic name drawn with the Arabic font, the sheet right to left).
    for (const lang of ['ar', 'cn']) {
      const r = await download(contract.lading.manifest, bill.recId, 'pdf', 'operator', lang);
      expect(r.status).toBe(200);
      expect((await pdfPagesText(r.body)).flat()).toContain(bill.no);
      expect((await download(contract.lading.manifest, bill.recId, 'xlsx', 'operator', lang)).status).toBe(
        200,
      );
    }
  });

  it('goes with the lading mail as a PDF and a sheet', async () => {
    const smtp = await startSmtp();
    t.config.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    try {
      const { bill, orders } = await pickedUpBill();
      await t.jobs.drain();
      await eventually(
        async () =>
          (await call(t, contract.lading.detail, { params: { id: bill.recId }, token: tokens.admin })).body
            .data,
        (d) => d.mailState === MailState.success,
      );
      // The earlier bills' pushes ran too: this bill's is the one with its subject.
      const mine = smtp.messages.filter((msg) => msg.includes(`Subject: Lading bill ${bill.no}`));
      expect(mine).toHaveLength(1);
      const files = attachments(mine[0]!);
      expect([...files.keys()].sort()).toEqual(
        [
          `Handover manifest ${bill.no}.pdf`,
          `Handover manifest ${bill.no}.xlsx`,
          `Lading ${bill.no}.xlsx`,
        ].sort(),
      );
      const text = (await pdfPagesText(files.get(`Handover manifest ${bill.no}.pdf`)!)).flat();
      expect(text).toContain(bill.no);
      for (const o of orders) expect(text).toContain(o.trackingNo);
      expect(text).toContain('COD SAR: 200.50 (orders: 2)');
      expect(text).toContain(`Weight (kg): ${bill.weight}`);
      const rows = await sheetRows(files.get(`Handover manifest ${bill.no}.xlsx`)!);
      expect(rows.find((r) => r[0] === 'Lading bill no')?.[1]).toBe(bill.no);
      expect(rows.some((r) => r[0] === 'COD AED: 45.25 (orders: 1)')).toBe(true);
    } finally {
      t.config.smtpUrl = undefined;
      await smtp.close();
    }
  });

  it('refuses an unknown bill (404), one not picked up (409), a customer or the PDA (403), a bad format (400)', async () => {
    expect((await download(contract.lading.manifest, 999999, 'pdf')).status).toBe(404);
    const open = (await post(contract.lading.create, 'operator', { channelId: channel['CN-SA-AIR-COD']! }))
      .body.data;
    const early = await download(contract.lading.manifest, open.recId, 'xlsx');
    expect(early.status).toBe(409);
    expect(early.json().msg).toBe(
      `The handover manifest of ${open.no} is made at pickup: it is not picked up`,
    );
    const { bill } = await pickedUpBill();
    // Customers never reach a bill (it holds other customers' parcels): the same answer for any id.
    for (const who of ['demo', 'demoSub', 'other', 'pda'] as const) {
      expect((await download(contract.lading.manifest, bill.recId, 'pdf', who)).status, who).toBe(403);
      expect((await download(contract.lading.manifest, 999999, 'pdf', who)).status, who).toBe(403);
    }
    const bad = await callRaw(t, contract.lading.manifest, {
      params: { id: bill.recId },
      token: tokens.operator,
      body: { format: 'docx' },
    });
    expect(bad.status).toBe(400);
  });

  it("makes a picked-up batch's manifest from its bills' parcels", async () => {
    const a = await pickedUpBill();
    const b = await pickedUpBill();
    const made = await post(contract.batch.create, 'operator', {
      airlineBillNo: '999-12345675',
      charged: false,
      mixed: '1',
      firstCarrier: 'Saudia Cargo',
      ladingIds: [a.bill.recId, b.bill.recId],
    });
    expect(made.status, made.raw).toBe(200);
    const batch = made.body.data;
    const early = await download(contract.batch.manifest, batch.recId, 'pdf');
    expect(early.status).toBe(409);
    expect(early.json().msg).toBe(
      `The handover manifest of ${batch.batchNo} is made at pickup: it is not picked up`,
    );
    const up = await post(at(contract.batch.confirmPickup, { id: batch.recId }), 'pda');
    expect(up.status, up.raw).toBe(200);
    const rec = up.body.data.bill;

    const rows = await sheetRows((await download(contract.batch.manifest, batch.recId, 'xlsx')).body);
    expect(rows.find((r) => r[0] === 'Batch no')?.[1]).toBe(batch.batchNo);
    expect(rows.find((r) => r[0] === 'Airline bill no')?.[1]).toBe('999-12345675');
    expect(rows.find((r) => r[0] === 'Carrier')?.[1]).toBe('Saudia Cargo');
    const h = rows.findIndex((r) => r[0] === 'No.');
    expect(rows[h]!.slice(0, 3)).toEqual(['No.', 'Lading bill', 'Package no']);
    const lines = rows.slice(h + 1, h + 9);
    expect(lines.map((r) => r[1])).toEqual([...Array(4).fill(a.bill.no), ...Array(4).fill(b.bill.no)]);
    const totals = rows[h + 9]!;
    expect(totals.slice(7)).toEqual([rec.orderCount, rec.pieceCount, Number(rec.weight), 90.5, 401]);

    const text = (
      await pdfPagesText((await download(contract.batch.manifest, batch.recId, 'pdf')).body)
    ).flat();
    expect(text).toContain(batch.batchNo);
    expect(text).toContain(`Orders: ${rec.orderCount}`);
    expect(text).toContain(`Weight (kg): ${rec.weight}`);
    expect(text).toContain('COD SAR: 401.00 (orders: 4)');
    expect(text).toContain('COD AED: 90.50 (orders: 2)');

    expect((await download(contract.batch.manifest, 999999, 'pdf')).status).toBe(404);
    expect((await download(contract.batch.manifest, batch.recId, 'pdf', 'demo')).status).toBe(403);
  });
});
