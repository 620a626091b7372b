import { asc, eq, inArray } from 'drizzle-orm';
import type { OriginDetail } from '../../../shared/contract/origin-order.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { ConfirmState } from '../../../shared/domain/origin-order.ts';
import type { Db } from '../../db/client.ts';
import { originOrderGoods, originOrders, regions, users } from '../../db/schema/index.ts';
import { localName } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { personName } from '../order-core/order-names.ts';
import { isoOrNull } from '../order-core/order-read.ts';
import { regionChain } from '../region/region.service.ts';
import { matchRegions } from './origin-address.ts';
import { selectOriginRows, toOriginRecord } from './origin-read.ts';
import { citcOfOrigin, pushRecordsOf } from './push-records.ts';

async function namesOf(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = ids.filter((i): i is number => i !== null);
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, personName(r) ?? '']));
}

async function pathNames(db: Db, ids: number[], locale: Locale): Promise<string> {
  if (!ids.length) return '';
  const rows = await db
    .select({ id: regions.id, nameCn: regions.nameCn, nameEn: regions.nameEn, nameAr: regions.nameAr })
    .from(regions)
    .where(inArray(regions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, localName(r, locale)]));
  return ids.map((id) => byId.get(id) ?? '').join(' / ');
}

const present = (...ids: (number | null)[]) => ids.filter((i): i is number => i !== null);

/** One origin order with everything its detail tab shows. */
export async function originDetail(db: Db, id: number, t: Translate, locale: Locale): Promise<OriginDetail> {
  const [row] = await selectOriginRows(db).where(eq(originOrders.id, id));
  if (!row) throw notFound();
  const o = row.o;
  const receiverIds = present(
    o.receiverCountryId,
    o.receiverProvinceId,
    o.receiverCityId,
    o.receiverDistrictId,
  );
  const senderIds =
    o.senderRegionId === null ? [] : (await regionChain(db, o.senderRegionId)).map((r) => r.id);
  const receiverConfirmed = o.receiverConfirmState === ConfirmState.confirmed;
  const senderConfirmed = o.senderConfirmState === ConfirmState.confirmed;
  // One query at a time: `db` may be a transaction (the demo seed confirms addresses in one), whose
  // connection runs one query at a time.
  const goods = await db
    .select()
    .from(originOrderGoods)
    .where(eq(originOrderGoods.originOrderId, id))
    .orderBy(asc(originOrderGoods.lineNo));
  const pushRecords = await pushRecordsOf(db, id, t);
  const citc = await citcOfOrigin(db, id, t);
  const people = await namesOf(db, [o.receiverConfirmedBy, o.senderConfirmedBy, o.createdBy]);
  const receiverNames = await pathNames(db, receiverConfirmed ? receiverIds : [], locale);
  const senderNames = await pathNames(db, senderConfirmed ? senderIds : [], locale);
  const receiverSuggested = receiverConfirmed
    ? []
    : await matchRegions(db, o.receiverCountry, [o.receiverProvince, o.receiverCity, o.receiverDistrict]);
  const senderSuggested = senderConfirmed
    ? []
    : await matchRegions(db, o.senderCountry, [o.senderProvince, o.senderCity]);
  const who = (userId: number | null) => (userId === null ? null : (people.get(userId) ?? null));
  return {
    ...toOriginRecord(row, locale),
    receiver: {
      name: o.receiverName,
      phone: o.receiverPhone,
      phone2: o.receiverPhone2,
      email: o.receiverEmail,
      country: o.receiverCountry,
      province: o.receiverProvince,
      city: o.receiverCity,
      district: o.receiverDistrict,
      address: o.receiverAddress,
      postcode: o.receiverPostcode,
      confirmState: o.receiverConfirmState,
      confirmedAt: isoOrNull(o.receiverConfirmedAt),
      confirmedBy: who(o.receiverConfirmedBy),
      regionIds: receiverConfirmed ? receiverIds : [],
      regionNames: receiverNames,
      suggestedRegionIds: receiverSuggested,
    },
    sender: {
      name: o.senderName,
      phone: o.senderPhone,
      company: o.senderCompany,
      country: o.senderCountry,
      province: o.senderProvince,
      city: o.senderCity,
      address: o.senderAddress,
      postcode: o.senderPostcode,
      confirmState: o.senderConfirmState,
      confirmedAt: isoOrNull(o.senderConfirmedAt),
      confirmedBy: who(o.senderConfirmedBy),
      regionIds: senderConfirmed ? senderIds : [],
      regionNames: senderNames,
      suggestedRegionIds: senderSuggested,
    },
    length: o.length,
    width: o.width,
    height: o.height,
    packingType: o.packingType,
    remark: o.remark,
    extra: {
      buyerIdNo: o.buyerIdNo,
      declaredValue: o.declaredValue,
      declaredCurrency: o.declaredCurrency,
      invoiceNo: o.invoiceNo,
      paymentMethod: o.paymentMethod,
      paidAt: isoOrNull(o.paidAt),
      remark: o.extraRemark,
      updatedAt: isoOrNull(o.extraUpdatedAt),
    },
    goods: goods.map((g) => ({
      recId: g.id,
      lineNo: g.lineNo,
      sku: g.sku,
      nameEn: g.nameEn,
      nameCn: g.nameCn,
      quantity: g.quantity,
      hsCode: g.hsCode,
      unitPrice: g.unitPrice,
      currency: g.currency,
      specification: g.specification,
    })),
    pushRecords,
    citc,
    createdBy: who(o.createdBy),
  };
}
