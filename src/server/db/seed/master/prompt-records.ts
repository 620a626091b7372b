import { count, inArray, sql } from 'drizzle-orm';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { PromptKind } from '../../../../shared/domain/prompt-record.ts';
import { businessDay } from '../../../files/sheet-time.ts';
import type { Db } from '../../client.ts';
import { codRemittances, importLogs, orderEvents, promptRecords, users } from '../../schema/index.ts';

/** The demo's business days are counted in the default zone (file names, remittance days). */
const ZONE = 'Asia/Shanghai';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const RETURN_REASONS = [
  'Refused by the consignee',
  'Consignee not reachable after three attempts',
  'Address incomplete',
  'Consignee moved away',
];
const RECALL_REASON = 'Recalled at the sender’s request';

type Ended = {
  id: number;
  customerId: number;
  trackingNo: string;
  carrierId: number | null;
  carrierTrackingNo: string | null;
  carrierCode: string | null;
  status: number;
  interceptState: number;
  isCod: boolean;
  codAmount: string;
  codCurrency: string;
  consigneeName: string;
  at: Date;
};

/** A stable pseudo-random number in [0, 1) of an order id (the demo is the same on every start). */
const unit = (id: number, salt: number) => (((id * 2654435761 + salt * 40503) >>> 0) % 10_000) / 10_000;

/** A successful import of the demo, every row of it written. */
async function logImport(
  db: Db,
  l: { kind: string; fileName: string; userId: number; rows: number; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(importLogs)
    .values({
      kind: l.kind,
      fileName: l.fileName,
      userId: l.userId,
      rowCount: l.rows,
      status: 1,
      detail: { recorded: l.rows, alreadyRecorded: 0 },
      createdAt: l.at,
    })
    .returning({ id: importLogs.id });
  return row!.id;
}

/**
 * The carriers' confirmations behind the demo orders that ended signed or returned, as the
 * delivery and return imports would have written them: one file per carrier and business day,
 * imported by customer service the next morning, plus two refused files in the log. Then the
 * overseas partners' COD remittances: the signed COD orders, remitted in weekly statements a week
 * or two after delivery (the last week's and a few older ones still awaiting), imported by finance,
 * each with the internal event the import writes. Skipped when the records are there.
 */
export async function seedPromptRecords(db: Db): Promise<void> {
  const [present] = await db.select({ n: count() }).from(promptRecords);
  if ((present?.n ?? 0) > 0) return;
  const userRows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', 'service', 'finance']));
  const user = (name: string) => userRows.find((u) => u.username === name)?.id;
  const service = user('service') ?? user('admin');
  const finance = user('finance') ?? user('admin');
  if (service === undefined || finance === undefined) return;

  const res = await db.execute<Ended>(sql`
    SELECT o.id, o.customer_id AS "customerId", o.tracking_no AS "trackingNo", o.carrier_id AS "carrierId",
      o.carrier_tracking_no AS "carrierTrackingNo", c.code AS "carrierCode", o.status,
      o.intercept_state AS "interceptState", o.is_cod AS "isCod", o.cod_amount AS "codAmount",
      o.cod_currency AS "codCurrency", o.consignee_name AS "consigneeName", e.occurred_at AS at
    FROM orders o
    JOIN LATERAL (SELECT occurred_at FROM order_events WHERE order_id = o.id AND status = o.status
      ORDER BY occurred_at DESC LIMIT 1) e ON true
    LEFT JOIN carriers c ON c.id = o.carrier_id
    WHERE o.status IN (${OrderStatus.signed}, ${OrderStatus.returned})
    ORDER BY o.id`);
  const ended = res.rows.map((r) => ({ ...r, at: new Date(r.at) }));
  if (ended.length === 0) return;
  const now = Date.now();

  // Confirmations: one file per kind, carrier and business day of the carrier's time.
  const files = new Map<string, Ended[]>();
  for (const o of ended) {
    const key = `${o.status}|${o.carrierCode ?? 'LOCAL'}|${businessDay(o.at, ZONE)}`;
    files.set(key, [...(files.get(key) ?? []), o]);
  }
  for (const [key, group] of files) {
    const [status, carrier, day] = key.split('|') as [string, string, string];
    const kind = Number(status) === OrderStatus.signed ? PromptKind.delivery : PromptKind.return;
    const last = Math.max(...group.map((o) => o.at.getTime()));
    const importedAt = new Date(Math.min(now - 60_000, last + 10 * HOUR + unit(group[0]!.id, 1) * 6 * HOUR));
    const log = await logImport(db, {
      kind: kind === PromptKind.delivery ? 'promptDelivery' : 'promptReturn',
      fileName: `${carrier}-${kind === PromptKind.delivery ? 'POD' : 'RTS'}-${day}.xlsx`,
      userId: service,
      rows: group.length,
      at: importedAt,
    });
    await db.insert(promptRecords).values(
      group.map((o) => ({
        kind,
        orderId: o.id,
        customerId: o.customerId,
        trackingNo: o.trackingNo,
        carrierId: o.carrierId,
        carrierTrackingNo: o.carrierTrackingNo,
        occurredAt: o.at,
        signer:
          kind !== PromptKind.delivery
            ? ''
            : unit(o.id, 2) < 0.15
              ? 'Reception'
              : unit(o.id, 2) < 0.25
                ? 'Family member'
                : o.consigneeName,
        reason:
          kind !== PromptKind.return
            ? ''
            : o.interceptState === 2
              ? RECALL_REASON
              : RETURN_REASONS[Math.floor(unit(o.id, 3) * RETURN_REASONS.length)]!,
        importId: log,
        createdAt: importedAt,
      })),
    );
  }
  // Two files the import refused (nothing written), as the log keeps them.
  await db.insert(importLogs).values([
    {
      kind: 'promptDelivery',
      fileName: 'SMSA-POD-draft.xlsx',
      userId: service,
      rowCount: 48,
      errorCount: 3,
      status: 2,
      createdAt: new Date(now - 9 * DAY - 3 * HOUR),
    },
    {
      kind: 'promptReturn',
      fileName: 'ARAMEX-RTS-week.csv',
      userId: service,
      rowCount: 12,
      errorCount: 1,
      status: 2,
      createdAt: new Date(now - 4 * DAY - 5 * HOUR),
    },
  ]);

  // Remittances: the partner remits a week's deliveries each Monday of the following week.
  const statements = new Map<string, Ended[]>();
  for (const o of ended) {
    if (o.status !== OrderStatus.signed || !o.isCod || unit(o.id, 4) < 0.06) continue;
    const signedDay = Date.parse(`${businessDay(o.at, ZONE)}T00:00:00Z`);
    const monday = signedDay + ((8 - new Date(signedDay).getUTCDay()) % 7 || 7) * DAY + 7 * DAY;
    // Imported around 10:00 in the business zone (02:00 UTC).
    if (monday + 2 * HOUR > now) continue;
    const key = `${o.carrierCode ?? 'LOCAL'}|${new Date(monday).toISOString().slice(0, 10)}`;
    statements.set(key, [...(statements.get(key) ?? []), o]);
  }
  for (const [key, group] of statements) {
    const [carrier, day] = key.split('|') as [string, string];
    const importedAt = new Date(
      Math.min(now - 60_000, Date.parse(`${day}T02:00:00Z`) + unit(group[0]!.id, 5) * 6 * HOUR),
    );
    const reference = `RMT-${carrier}-${day.replaceAll('-', '')}`;
    const log = await logImport(db, {
      kind: 'codRemittance',
      fileName: `${carrier}-COD-${day}.xlsx`,
      userId: finance,
      rows: group.length,
      at: importedAt,
    });
    await db.insert(codRemittances).values(
      group.map((o) => ({
        orderId: o.id,
        customerId: o.customerId,
        trackingNo: o.trackingNo,
        amount: o.codAmount,
        currency: o.codCurrency,
        remittedOn: day,
        reference,
        importId: log,
        createdAt: importedAt,
      })),
    );
    await db.insert(orderEvents).values(
      group.map((o) => ({
        orderId: o.id,
        node: 'COD_REMITTED',
        description: [`${o.codAmount} ${o.codCurrency}`, day, reference].join(' · '),
        isPublic: false,
        operatorId: finance,
        occurredAt: importedAt,
        createdAt: importedAt,
      })),
    );
  }
}
