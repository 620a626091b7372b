import { asc, eq, type SQL, sql } from 'drizzle-orm';
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
import { type Db, runNamed } from '../../db/client.ts';
import {
  carriers,
  carrierTrackingNodes,
  orderEvents,
  orders,
  regions,
  trackingSettings,
} from '../../db/schema/index.ts';
import { carrierName, localName } from '../../db/sql-helpers.ts';
import type { Translate } from '../../i18n.ts';
import { nodeName, statusName } from '../order-core/order-names.ts';
import { invalidFields } from '../order-core/order-store.ts';

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
  const rows =
    asked.length === 1
      ? await runNamed<FoundRow>(db, 'tracking_query_one', trackingSql(oneNumber(upper[0]!, asked[0]!)))
      : await runNamed<FoundRow>(db, 'tracking_query', trackingSql(numbers(upper, asked)));
  return asked.flatMap((query): TrackingResult[] => {
    const q = query.toUpperCase();
    const found = rows.filter(
      (r) => r.tracking_no === q || r.carrier_tracking_no === q || r.customer_no === query,
    );
    if (found.length === 0) return [{ query, found: false, track: null }];
    return found.map((o) => {
      const [carrierCode, carrierNameCn, carrierNameEn, carrierUrl] = o.carrier ?? [null, null, null, null];
      const [countryCode, nameCn, nameEn, nameAr] = o.country;
      return {
        query,
        found: true,
        track: {
          trackingNo: o.tracking_no,
          carrierCode,
          carrierName:
            carrierCode === null
              ? null
              : carrierName({ name: carrierNameCn!, nameEn: carrierNameEn! }, locale),
          carrierTrackingNo: o.carrier_tracking_no,
          carrierTrackingUrl:
            carrierUrl && o.carrier_tracking_no
              ? carrierUrl.replace('{no}', encodeURIComponent(o.carrier_tracking_no))
              : null,
          status: o.status,
          statusName: statusName(t, o.status),
          destinationCode: countryCode,
          destinationName: localName({ nameCn, nameEn, nameAr }, locale),
          createdAt: new Date(o.created_at).toISOString(),
          arrivedAt: o.arrived_at === null ? null : new Date(o.arrived_at).toISOString(),
          events: o.events.map(([node, status, location, description, occurredAt, carrierNode, setting]) => ({
            node,
            name: nodeName(t, locale, node, namesOf(carrierNode), namesOf(setting)),
            status,
            statusName: status === null ? null : statusName(t, status),
            location,
            description,
            occurredAt: new Date(occurredAt).toISOString(),
          })),
        },
      };
    });
  });
}

type Names = (string | null)[];
const namesOf = (names: Names | null) => {
  const [nameCn, nameEn, nameAr] = names ?? [];
  return nameCn == null ? null : { nameCn, nameEn: nameEn ?? '', nameAr: nameAr ?? '' };
};

interface FoundRow {
  tracking_no: string;
  customer_no: string;
  carrier_tracking_no: string | null;
  status: number;
  created_at: string;
  arrived_at: string | null;
  /** code, name, English name, tracking page address */
  carrier: [string, string, string, string | null] | null;
  /** code, Chinese, English, Arabic name */
  country: [string, string, string, string];
  /** Public events, newest first: node, status, location, description, time, the carrier's node names, ours. */
  events: [string, number | null, string, string, string, Names | null, Names | null][];
}

/** Our tracking no or a carrier's (in capitals), or a customer's own number as given. */
const oneNumber = (upper: string, asked: string) =>
  sql`o.tracking_no = ${upper} OR o.carrier_tracking_no = ${upper} OR o.customer_no = ${asked}`;

/** Several numbers, each array one parameter (the statement's text is the same however many). */
const numbers = (upper: string[], asked: string[]) =>
  sql`o.tracking_no = ANY(${sql.param(upper)}::text[]) OR o.carrier_tracking_no = ANY(${sql.param(upper)}::text[])
    OR o.customer_no = ANY(${sql.param(asked)}::text[])`;

/**
 * The orders matching the numbers with their public events, in one statement (prepared: the
 * public lookup is the busiest call without a session). The carrier, the country and each event's
 * node names are scalar subqueries (primary-key or unique lookups) rather than joins: for the few
 * orders a lookup finds, PostgreSQL plans them in about half the time and runs them faster than
 * hash joins that read the whole regions and nodes tables. One number (most lookups) has its own
 * statement with plain parameters: PostgreSQL then keeps its generic plan after five calls (the
 * same plan; planning was 0.5-2 ms of a lookup's database time, running it 0.1-0.3 ms), where for
 * arrays of unknown length it costs the generic plan higher and plans every call anew.
 */
const trackingSql = (where: SQL) => sql`
  SELECT o.tracking_no, o.customer_no, o.carrier_tracking_no, o.status, o.created_at, o.arrived_at,
    (SELECT json_build_array(c.code, c.name, c.name_en, c.tracking_url) FROM ${carriers} c
      WHERE c.id = o.carrier_id) AS carrier,
    (SELECT json_build_array(r.code, r.name_cn, r.name_en, r.name_ar) FROM ${regions} r
      WHERE r.id = o.consignee_country_id) AS country,
    (SELECT coalesce(json_agg(json_build_array(e.node, e.status, e.location, e.description, e.occurred_at,
        (SELECT json_build_array(n.name_cn, n.name_en, n.name_ar) FROM ${carrierTrackingNodes} n
          WHERE n.carrier_id = e.carrier_id AND n.code = e.node),
        (SELECT json_build_array(s.name_cn, s.name_en, s.name_ar) FROM ${trackingSettings} s
          WHERE e.carrier_id IS NULL AND s.code = e.node))
        ORDER BY e.occurred_at DESC, e.id DESC), '[]')
      FROM ${orderEvents} e
      WHERE e.order_id = o.id AND e.is_public) AS events
  FROM ${orders} o
  WHERE ${where}
  ORDER BY o.id`;

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
