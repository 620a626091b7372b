import { asc, eq, inArray, or } from 'drizzle-orm';
import { MAX_TRACKING_QUERY } from '../../../shared/contract/common.ts';
import type {
  StatusOption,
  TrackingResult,
  TrackingStatusOption,
} from '../../../shared/contract/order-records.ts';
import { splitBulk } from '../../../shared/domain/bulk-split.ts';
import { Enabled, type Locale } from '../../../shared/domain/enums.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { carriers, orders, regions, trackingSettings } from '../../db/schema/index.ts';
import type { Translate } from '../../i18n.ts';
import { carrierName, localName } from '../carrier/sql-helpers.ts';
import { eventsOf } from './order-detail.service.ts';
import { statusName } from './order-names.ts';
import { iso, isoOrNull } from './order-read.ts';
import { invalidFields } from './order-store.ts';

/**
 * The public tracking query (/search): each number may be our tracking no, a carrier's number or
 * a customer's own number (case-insensitive for ours and carriers'). Only public facts: status,
 * carrier, destination country and public events; never the consignee.
 */
export async function trackingQuery(
  db: Db,
  text: string,
  t: Translate,
  locale: Locale,
): Promise<TrackingResult[]> {
  const asked = splitBulk(text);
  if (asked.length > MAX_TRACKING_QUERY)
    throw invalidFields([
      { path: 'params.no', descriptor: m.tooManyNumbers, values: { max: MAX_TRACKING_QUERY } },
    ]);
  const upper = [...new Set(asked.map((q) => q.toUpperCase()))];
  const rows = await db
    .select({
      o: {
        id: orders.id,
        trackingNo: orders.trackingNo,
        customerNo: orders.customerNo,
        carrierTrackingNo: orders.carrierTrackingNo,
        status: orders.status,
        createdAt: orders.createdAt,
        arrivedAt: orders.arrivedAt,
      },
      carrier: {
        code: carriers.code,
        name: carriers.name,
        nameEn: carriers.nameEn,
        url: carriers.trackingUrl,
      },
      country: { code: regions.code, nameCn: regions.nameCn, nameEn: regions.nameEn, nameAr: regions.nameAr },
    })
    .from(orders)
    .innerJoin(regions, eq(regions.id, orders.consigneeCountryId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .where(
      or(
        inArray(orders.trackingNo, upper),
        inArray(orders.carrierTrackingNo, upper),
        inArray(orders.customerNo, asked),
      ),
    )
    .orderBy(asc(orders.id));
  const events = new Map(
    await Promise.all(rows.map(async (r) => [r.o.id, await eventsOf(db, r.o.id, t, locale, true)] as const)),
  );
  return asked.flatMap((query): TrackingResult[] => {
    const q = query.toUpperCase();
    const found = rows.filter(
      (r) => r.o.trackingNo === q || r.o.carrierTrackingNo === q || r.o.customerNo === query,
    );
    if (found.length === 0) return [{ query, found: false, track: null }];
    return found.map(({ o, carrier, country }) => {
      const hasCarrier = carrier?.code != null;
      return {
        query,
        found: true,
        track: {
          trackingNo: o.trackingNo,
          carrierCode: hasCarrier ? carrier!.code : null,
          carrierName: hasCarrier
            ? carrierName({ name: carrier!.name, nameEn: carrier!.nameEn }, locale)
            : null,
          carrierTrackingNo: o.carrierTrackingNo,
          carrierTrackingUrl:
            hasCarrier && carrier!.url && o.carrierTrackingNo
              ? carrier!.url.replace('{no}', encodeURIComponent(o.carrierTrackingNo))
              : null,
          status: o.status,
          statusName: statusName(t, o.status),
          destinationCode: country.code,
          destinationName: localName(country, locale),
          createdAt: iso(o.createdAt),
          arrivedAt: isoOrNull(o.arrivedAt),
          events: (events.get(o.id) ?? []).map((e) => ({
            node: e.node,
            name: e.name,
            status: e.status,
            statusName: e.statusName,
            location: e.location,
            description: e.description,
            occurredAt: e.occurredAt,
          })),
        },
      };
    });
  });
}

/** order/orderStatusList: every status in the order of the life of a parcel. */
export const orderStatusOptions = (t: Translate): StatusOption[] =>
  Object.entries(OrderStatus).map(([code, value]) => ({ value, code, label: statusName(t, value) }));

/** order/trackingStatusList: the enabled standard tracking nodes in track order. */
export async function trackingStatusOptions(
  db: Db,
  t: Translate,
  locale: Locale,
): Promise<TrackingStatusOption[]> {
  const rows = await db
    .select()
    .from(trackingSettings)
    .where(eq(trackingSettings.status, Enabled.enabled))
    .orderBy(asc(trackingSettings.sort), asc(trackingSettings.id));
  return rows.map((r) => ({
    code: r.code,
    name: localName(r, locale),
    orderStatus: r.orderStatus,
    orderStatusName: r.orderStatus === null ? null : statusName(t, r.orderStatus),
  }));
}
