import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ExchangeCombinedResult,
  ExchangeLabel,
  ExchangeScanResult,
} from '../../../shared/contract/exchange.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import {
  EXCHANGE_STATUSES,
  ExchangeState,
  MovementNode,
  type ScanRefusal,
} from '../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { Db } from '../../db/client.ts';
import { carriers, exchangeRecords, orders, packageItems, packages, regions } from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { iso } from '../bill/bill-read.ts';
import {
  heldMessage,
  heldReason,
  lockOrderByNo,
  lockOrders,
  orderStatusValues,
  refuse,
  tx,
} from '../bill/movement.ts';
import type { OrderRow } from '../order-core/order-read.ts';
import { recordEvent } from '../order-core/order-store.ts';

/**
 * The exchange (relabel) scan at the destination: our tracking no in, the last-mile carrier and
 * its number out; the order is marked exchanged once (orders.exchange_status, its exchange record,
 * an event), and a repeat answers the same label as `already` (a reprint).
 */

const city = alias(regions, 'ex_city');
const country = alias(regions, 'ex_country');

async function labelOf(
  db: Db,
  o: OrderRow,
  locale: Locale,
  exchangedAt: Date | null,
  scanCount: number,
): Promise<ExchangeLabel> {
  const [r] = await db
    .select({
      carrierCode: carriers.code,
      carrierName: carriers.name,
      carrierNameEn: carriers.nameEn,
      cityCn: city.nameCn,
      cityEn: city.nameEn,
      cityAr: city.nameAr,
      countryCn: country.nameCn,
      countryEn: country.nameEn,
      countryAr: country.nameAr,
    })
    .from(orders)
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .leftJoin(city, eq(city.id, orders.consigneeCityId))
    .innerJoin(country, eq(country.id, orders.consigneeCountryId))
    .where(eq(orders.id, o.id));
  return {
    orderId: o.id,
    trackingNo: o.trackingNo,
    customerNo: o.customerNo,
    carrierId: o.carrierId,
    carrierCode: r?.carrierCode ?? null,
    carrierName: r?.carrierName
      ? carrierName({ name: r.carrierName, nameEn: r.carrierNameEn ?? '' }, locale)
      : null,
    carrierTrackingNo: o.carrierTrackingNo,
    consigneeName: o.consigneeName,
    consigneePhone: o.consigneePhone,
    countryName: r
      ? localName({ nameCn: r.countryCn, nameEn: r.countryEn, nameAr: r.countryAr }, locale)
      : '',
    city:
      r?.cityCn != null
        ? localName({ nameCn: r.cityCn, nameEn: r.cityEn ?? '', nameAr: r.cityAr ?? '' }, locale)
        : o.consigneeCity,
    address: o.consigneeAddress,
    isCod: o.isCod,
    codAmount: o.codAmount,
    codCurrency: o.codCurrency,
    pieceCount: o.packageCount,
    weight: o.checkedWeight ?? o.declaredWeight,
    exchangedAt: iso(exchangedAt),
    scanCount,
  };
}

/** One locked order exchanged (or answered again); a refusal is thrown before anything is written. */
async function exchangeOne(
  db: Db,
  o: OrderRow,
  code: string,
  packageId: number | null,
  user: AuthUser,
  t: Translate,
  locale: Locale,
): Promise<ExchangeScanResult> {
  const held = heldReason(o);
  if (held) throw refuse(held, heldMessage(held), { trackingNo: o.trackingNo }, code, null);
  if (!EXCHANGE_STATUSES.includes(o.status))
    throw refuse(
      o.status === OrderStatus.created ? 'notReceived' : 'wrongStatus',
      o.status === OrderStatus.created ? m.refusedNotReceived : m.refusedWrongStatus,
      orderStatusValues(t, o),
      code,
      null,
    );
  if (o.carrierId === null || !o.carrierTrackingNo)
    throw refuse('noCarrier', m.refusedNoCarrier, { trackingNo: o.trackingNo }, code, null);
  const now = new Date();
  const first = o.exchangeStatus !== ExchangeState.exchanged;
  const [rec] = await db
    .insert(exchangeRecords)
    .values({
      orderId: o.id,
      exchanged: ExchangeState.exchanged,
      carrierId: o.carrierId,
      carrierTrackingNo: o.carrierTrackingNo,
      packageId,
      scanCount: 1,
      exchangedAt: now,
      exchangedBy: user.id,
    })
    .onConflictDoUpdate({
      target: exchangeRecords.orderId,
      set: {
        exchanged: ExchangeState.exchanged,
        carrierId: o.carrierId,
        carrierTrackingNo: o.carrierTrackingNo,
        packageId: sql`coalesce(${exchangeRecords.packageId}, ${packageId})`,
        scanCount: sql`${exchangeRecords.scanCount} + 1`,
        exchangedAt: sql`coalesce(${exchangeRecords.exchangedAt}, ${now.toISOString()}::timestamptz)`,
        exchangedBy: sql`coalesce(${exchangeRecords.exchangedBy}, ${user.id})`,
      },
    })
    .returning();
  if (first) {
    await db
      .update(orders)
      .set({ exchangeStatus: ExchangeState.exchanged, exchangedAt: now, updatedAt: now })
      .where(eq(orders.id, o.id));
    await recordEvent(db, {
      orderId: o.id,
      node: MovementNode.exchanged,
      carrierId: null,
      description: o.carrierTrackingNo,
      isPublic: false,
      operatorId: user.id,
      occurredAt: now,
    });
  }
  const label = await labelOf(db, o, locale, rec!.exchangedAt, rec!.scanCount);
  const values = {
    trackingNo: o.trackingNo,
    carrier: label.carrierName ?? '',
    carrierTrackingNo: o.carrierTrackingNo,
  };
  return {
    ...label,
    result: first ? 'ok' : 'already',
    message: t(first ? m.exchangeOk : m.exchangeAgain, values),
  };
}

/** exchange/scan/{trackingNo} */
export async function exchangeScan(db: Db, user: AuthUser, code: string, t: Translate, locale: Locale) {
  return tx(db, async (tx) => {
    const o = await lockOrderByNo(tx, code);
    if (!o) throw refuse('unknown', m.refusedUnknown, { trackingNo: code }, code, null);
    return exchangeOne(tx, o, code, null, user, t, locale);
  });
}

/** exchange/scanCombined/{trackingNo}: the package (by its no, or an order in it), every order. */
export async function exchangeScanCombined(
  db: Db,
  user: AuthUser,
  code: string,
  t: Translate,
  locale: Locale,
): Promise<ExchangeCombinedResult> {
  return tx(db, async (tx) => {
    let [p] = await tx.select().from(packages).where(eq(packages.no, code));
    if (!p) {
      const [o] = await tx.select().from(orders).where(eq(orders.trackingNo, code));
      if (!o) throw refuse('unknown', m.refusedUnknown, { trackingNo: code }, code, null);
      [p] = await tx
        .select({ p: packages })
        .from(packageItems)
        .innerJoin(packages, eq(packages.id, packageItems.packageId))
        .where(and(eq(packageItems.orderId, o.id), eq(packageItems.active, true)))
        .then((rows) => rows.map((r) => r.p));
      if (!p) throw refuse('notInPackage', m.refusedNotInPackage, { trackingNo: code }, code, null);
    }
    const ids = (
      await tx
        .select({ id: packageItems.orderId })
        .from(packageItems)
        .where(and(eq(packageItems.packageId, p.id), eq(packageItems.active, true)))
    ).map((r) => r.id);
    const results: ExchangeCombinedResult['results'] = [];
    for (const o of await lockOrders(tx, ids)) {
      try {
        const r = await exchangeOne(tx, o, o.trackingNo, p.id, user, t, locale);
        const { result, message, ...label } = r;
        results.push({ trackingNo: o.trackingNo, result, reason: null, message, label });
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 409) throw err;
        results.push({
          trackingNo: o.trackingNo,
          result: 'refused',
          reason: (err.data as { reason: ScanRefusal }).reason,
          message: t(err.descriptor, err.values),
          label: null,
        });
      }
    }
    return { packageId: p.id, packageNo: p.no, results };
  });
}
