import type { OrderDetail } from '../../../shared/contract/order-records.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import type { Db } from '../../db/client.ts';
import { resolveNames } from '../../db/master-names.ts';
import type { orderEvents, orderGoods, orderRemarks } from '../../db/schema/index.ts';
import { localName } from '../../db/sql-helpers.ts';
import type { Translate } from '../../i18n.ts';
import { nodeName, personName, statusName } from '../order-core/order-names.ts';
import { iso, isoOrNull, type OrderRow, toOrderRecord } from '../order-core/order-read.ts';
import { historyOf } from './order-detail.service.ts';

/** A region of a chain as region.service's `regionChain` answers it. */
interface ChainLink {
  id: number;
  name_cn: string;
  name_en: string;
  name_ar: string;
}

/** What order/create wrote and read, from which its answer is made without reading it back. */
export interface Written {
  order: OrderRow;
  goods: (typeof orderGoods.$inferSelect)[];
  event: typeof orderEvents.$inferSelect;
  remark: typeof orderRemarks.$inferSelect | undefined;
  /** The sender region's chain, country first (empty without a region). */
  senderChain: readonly ChainLink[];
  volumeDivisor: number;
  /** The names' stamp (NAMES_VERSION) selected in the create's transaction. */
  namesVersion: number;
  /** The standard tracking node of the created event's code, if one names it. */
  createdNode: { nameCn: string; nameEn: string; nameAr: string } | null;
}

/**
 * order/create's answer, the detail `readDetail` would read back (order-detail.service.ts), made
 * from the rows the create wrote (RETURNING) and the names kept in this process (master-names.ts,
 * under the stamp read in the create's transaction): a new order has no fees, fee exception,
 * interception, bill or depot yet, one event and at most one remark. The caller reads the detail
 * back instead when the create wrote more (an abnormal mark: sensitive goods).
 */
export async function createdDetail(db: Db, w: Written, t: Translate, locale: Locale): Promise<OrderDetail> {
  const o = w.order;
  const names = await resolveNames(db, w.namesVersion, {
    customer: [o.customerId],
    channel: [o.channelId],
    region: [o.consigneeCountryId, o.consigneeProvinceId, o.consigneeCityId, o.consigneeDistrictId],
    user: [o.createdBy, w.event.operatorId, w.remark?.createdBy ?? null],
  });
  const region = (id: number | null) => names('region', id);
  const user = (id: number | null) => {
    const u = names('user', id);
    return personName({ nickname: u?.[0] ?? null, username: u?.[1] ?? null });
  };
  const [customerCode, customerName] = names('customer', o.customerId) ?? [];
  const [channelCode, channelName, channelNameEn] = names('channel', o.channelId) ?? [];
  const [countryCode, countryCn, countryEn, countryAr] = region(o.consigneeCountryId) ?? [];
  const province = region(o.consigneeProvinceId);
  const city = region(o.consigneeCityId);
  const creator = names('user', o.createdBy);
  const record = toOrderRecord(
    {
      o,
      customerCode: customerCode!,
      customerName: customerName!,
      channelCode: channelCode!,
      channelName: channelName!,
      channelNameEn: channelNameEn!,
      countryCode: countryCode!,
      countryCn: countryCn!,
      countryEn: countryEn!,
      countryAr: countryAr!,
      provinceCn: province?.[1] ?? null,
      provinceEn: province?.[2] ?? null,
      provinceAr: province?.[3] ?? null,
      cityCn: city?.[1] ?? null,
      cityEn: city?.[2] ?? null,
      cityAr: city?.[3] ?? null,
      carrierCode: null,
      carrierName: null,
      carrierNameEn: null,
      creatorNickname: creator?.[0] ?? null,
      creatorUsername: creator?.[1] ?? null,
    },
    t,
    locale,
  );
  const district = region(o.consigneeDistrictId);
  const e = w.event;
  const events = [
    {
      recId: e.id,
      node: e.node,
      name: nodeName(t, locale, e.node, null, w.createdNode),
      status: e.status,
      statusName: e.status === null ? null : statusName(t, e.status),
      location: e.location,
      description: e.description,
      isPublic: e.isPublic,
      occurredAt: iso(e.occurredAt),
      operatorName: user(e.operatorId),
    },
  ];
  return {
    ...record,
    sender: {
      name: o.senderName,
      phone: o.senderPhone,
      company: o.senderCompany,
      regionId: o.senderRegionId,
      regionIds: w.senderChain.map((r) => r.id),
      regionNames: w.senderChain.map((r) =>
        localName({ nameCn: r.name_cn, nameEn: r.name_en, nameAr: r.name_ar }, locale),
      ),
      address: o.senderAddress,
      postcode: o.senderPostcode,
    },
    consignee: {
      name: o.consigneeName,
      phone: o.consigneePhone,
      phone2: o.consigneePhone2,
      email: o.consigneeEmail,
      regionIds: [
        o.consigneeCountryId,
        o.consigneeProvinceId,
        o.consigneeCityId,
        o.consigneeDistrictId,
      ].filter((r): r is number => r !== null),
      countryId: o.consigneeCountryId,
      provinceId: o.consigneeProvinceId,
      cityId: o.consigneeCityId,
      districtId: o.consigneeDistrictId,
      countryCode: record.countryCode,
      countryName: record.countryName,
      province: record.province,
      city: record.city,
      district: district
        ? localName({ nameCn: district[1]!, nameEn: district[2]!, nameAr: district[3]! }, locale)
        : o.consigneeDistrict,
      address: o.consigneeAddress,
      postcode: o.consigneePostcode,
    },
    length: o.length,
    width: o.width,
    height: o.height,
    volumeDivisor: w.volumeDivisor,
    checkedAt: isoOrNull(o.checkedAt),
    cancelledAt: isoOrNull(o.cancelledAt),
    receivedDepot: null,
    goods: w.goods
      .sort((a, b) => a.lineNo - b.lineNo)
      .map((g) => ({
        recId: g.id,
        lineNo: g.lineNo,
        nameEn: g.nameEn,
        nameCn: g.nameCn,
        quantity: g.quantity,
        hsCode: g.hsCode,
        unitPrice: g.unitPrice,
        currency: g.currency,
        specification: g.specification,
        sensitiveWords: g.sensitiveWords,
        sensitiveHit: g.sensitiveHit,
        images: g.images,
      })),
    fees: [],
    feeException: null,
    events,
    statusHistory: historyOf(events, t, new Map([[e.id, e.fromStatus]])),
    remarks: w.remark
      ? [
          {
            recId: w.remark.id,
            orderId: w.remark.orderId,
            content: w.remark.content,
            createdBy: user(w.remark.createdBy),
            createdAt: iso(w.remark.createdAt),
          },
        ]
      : [],
    intercepts: [],
    abnormals: [],
    holders: [],
  };
}
