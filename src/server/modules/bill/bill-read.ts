import { eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/domain/enums.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import { carriers, orders, shippingChannels, users } from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import { invalid } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { numberedName } from './bill-names.ts';
import { type BillOf, HOLDING } from './holding.ts';

/**
 * Reading held bills: their list filters and the fields of their records (channel and carrier,
 * destination country, people, times, state).
 */

/** A person as the screens show them. */
export const person = (nickname: string | null, username: string | null): string | null =>
  username === null ? null : nickname || username;

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The filters every list of held bills has. */
export interface BillFilters {
  nos: string[];
  trackingNo?: string | undefined;
  pickupStatus?: number | undefined;
  confirmState?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * The WHERE parts of those filters (numbers, an order one of its live items holds, pickup and
 * confirm state, creation time) for overseas ladings and packages; a time range that ends before
 * it starts is refused.
 */
export function billConditions(kind: 'overseas' | 'package', f: BillFilters): (SQL | undefined)[] {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalid([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  const { bills, items, itemBill } = HOLDING[kind] as (typeof HOLDING)['package'];
  return [
    f.nos.length ? inArray(bills.no, f.nos) : undefined,
    f.trackingNo
      ? sql`EXISTS (SELECT 1 FROM ${items} JOIN ${orders} o ON o.id = ${items}.order_id
          WHERE ${itemBill} = ${bills.id} AND ${items}.active AND o.tracking_no = ${f.trackingNo})`
      : undefined,
    f.pickupStatus !== undefined ? eq(bills.pickupStatus, f.pickupStatus) : undefined,
    f.confirmState !== undefined ? eq(bills.confirmState, f.confirmState) : undefined,
    f.startTime ? gte(bills.createdAt, new Date(f.startTime)) : undefined,
    f.endTime ? lt(bills.createdAt, new Date(f.endTime)) : undefined,
  ];
}

/** Who picked a bill up, cancelled it and made it: joined by a bill's select (billPeople). */
export const billPicker = alias(users, 'bill_picker');
export const billCanceller = alias(users, 'bill_canceller');
export const billCreator = alias(users, 'bill_creator');
export const billPeople = {
  pickerNick: billPicker.nickname,
  pickerUser: billPicker.username,
  cancellerNick: billCanceller.nickname,
  cancellerUser: billCanceller.username,
  creatorNick: billCreator.nickname,
  creatorUser: billCreator.username,
};

/** A bill's channel and carrier: read by a bill's select that joins both (channelAndCarrier). */
export const channelCarrierNames = {
  channelCode: shippingChannels.code,
  channelName: shippingChannels.name,
  channelNameEn: shippingChannels.nameEn,
  carrierCode: carriers.code,
  carrierName: carriers.name,
  carrierNameEn: carriers.nameEn,
};

/** What a bill's record shows of its channel (always set) and carrier (null until assigned). */
export const channelAndCarrier = (
  b: { channelId: number; carrierId: number | null },
  r: { [K in 'channelCode' | 'channelName' | 'channelNameEn']: string } & {
    [K in 'carrierCode' | 'carrierName' | 'carrierNameEn']: string | null;
  },
  locale: Locale,
) => ({
  channelId: b.channelId,
  channelCode: r.channelCode,
  channelName: carrierName({ name: r.channelName, nameEn: r.channelNameEn }, locale),
  carrierId: b.carrierId,
  carrierCode: r.carrierCode,
  carrierName:
    r.carrierName === null
      ? null
      : carrierName({ name: r.carrierName, nameEn: r.carrierNameEn ?? '' }, locale),
});

/** A destination country's name in the caller's language, from a select's country columns. */
export const countryNameOf = (
  r: {
    countryCode: string | null;
    countryCn: string | null;
    countryEn: string | null;
    countryAr: string | null;
  },
  locale: Locale,
): string | null =>
  r.countryCode === null
    ? null
    : localName({ nameCn: r.countryCn ?? '', nameEn: r.countryEn ?? '', nameAr: r.countryAr ?? '' }, locale);

/** What a bill's record shows of its destination country (null while it has none). */
export const destination = (
  b: { countryId: number | null },
  r: Parameters<typeof countryNameOf>[0],
  locale: Locale,
) => ({
  countryId: b.countryId,
  countryCode: r.countryCode,
  countryName: countryNameOf(r, locale),
});

type HeldBill = Pick<
  BillOf<'package'>,
  | 'confirmState'
  | 'confirmedAt'
  | 'pickupStatus'
  | 'pickedUpAt'
  | 'cancelledAt'
  | 'orderCount'
  | 'pieceCount'
  | 'weight'
  | 'volumeWeight'
  | 'remark'
  | 'createdAt'
>;
type People = { [K in keyof typeof billPeople]: string | null };

/** What the record of every held bill shows of its state, totals and people. */
export const billState = (t: Translate, b: HeldBill, r: People) => ({
  confirmState: b.confirmState,
  confirmedAt: iso(b.confirmedAt),
  pickupStatus: b.pickupStatus,
  pickupStatusName: numberedName(t, 'pickup', b.pickupStatus),
  pickedUpAt: iso(b.pickedUpAt),
  pickedUpBy: person(r.pickerNick, r.pickerUser),
  cancelledAt: iso(b.cancelledAt),
  cancelledBy: person(r.cancellerNick, r.cancellerUser),
  orderCount: b.orderCount,
  pieceCount: b.pieceCount,
  weight: b.weight,
  volumeWeight: b.volumeWeight,
  remark: b.remark,
  createdBy: person(r.creatorNick, r.creatorUser),
  createdAt: b.createdAt.toISOString(),
});
