import { z } from 'zod';
import { splitBulk, splitBulkNumbers } from '../domain/bulk-split.ts';
import { LIST_SORTS } from '../domain/list-sort.ts';
import { ORIGIN_PLATFORMS } from '../domain/origin-order.ts';
import { originOrderMessages as m } from '../i18n/origin-order-messages.ts';
import { decimalOut, id, isoTime, listRequest, optionalText, requiredText, sortable } from './core.ts';
import {
  bulkNumbers,
  code,
  consigneePerson,
  goodsFields,
  parcelFields,
  postcode,
  senderPerson,
} from './order-entry-fields.ts';

/**
 * Origin (foreign) orders: what the order/origin/* calls and citc/list read and answer. The entries
 * are in origin-order.ts (`originOrder`) and order.ts (`order.citcList`). Enumerations (src/shared/domain/origin-order.ts)
 * travel as numbers in answers and as digit strings ('-1' all) in filters, like the order list's.
 */

const int = z.number().int();

export const platform = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(ORIGIN_PLATFORMS));

/** The list's (and the export's) filters. Times: creation, `startTime` inclusive, `endTime` exclusive. */
export const originFilters = {
  platform: platform.optional(),
  /** Bulk text: platform order nos, one a line or separated by commas or spaces. */
  platformOrderNos: bulkNumbers(splitBulk),
  /** Bulk text: tracking nos of the regular orders made from them. */
  trackingNos: bulkNumbers(splitBulkNumbers),
  customerId: id.optional(),
  /** '-1' all (default), '0' not confirmed, '1' confirmed */
  receiverConfirm: code(['-1', '0', '1']).default('-1'),
  senderConfirm: code(['-1', '0', '1']).default('-1'),
  /** '-1' all (default), '0' not uploaded, '1' uploaded, '2' failed */
  uploadState: code(['-1', '0', '1', '2']).default('-1'),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
};
export const originListRequest = listRequest({ ...originFilters, ...sortable(LIST_SORTS.origin) }).prefault(
  {},
);
export type OriginListRequest = z.input<typeof originListRequest>;
export type OriginFilters = Omit<z.output<typeof originListRequest>, 'pageNo' | 'pageSize'>;

/** One row of the origin order lists. Raw address parts are as the platform sent them. */
export const originRecord = z.object({
  recId: int,
  platform: z.string(),
  platformOrderNo: z.string(),
  shopName: z.string(),
  customerId: int,
  customerCode: z.string(),
  customerName: z.string(),
  channelId: int.nullable(),
  channelName: z.string().nullable(),
  /** 1 from the platform, 2 entered by hand */
  source: int,
  receiverName: z.string(),
  receiverPhone: z.string(),
  /** The raw address on one line: country, province, city, district, street address. */
  receiverAddress: z.string(),
  receiverConfirmState: int,
  senderName: z.string(),
  senderAddress: z.string(),
  senderConfirmState: int,
  weight: decimalOut,
  packageCount: int,
  isCod: z.boolean(),
  codAmount: decimalOut,
  codCurrency: z.string(),
  goodsCount: int,
  /** 0 not uploaded, 1 uploaded, 2 the last attempt failed */
  uploadState: int,
  orderId: int.nullable(),
  trackingNo: z.string().nullable(),
  uploadedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type OriginRecord = z.infer<typeof originRecord>;

export const originGoodsRecord = z.object({
  recId: int,
  lineNo: int,
  sku: z.string(),
  nameEn: z.string(),
  nameCn: z.string(),
  quantity: int,
  hsCode: z.string(),
  unitPrice: decimalOut,
  currency: z.string(),
  specification: z.string(),
});

/** One upload attempt: 1 success, 2 failed; the message in the caller's language. */
export const pushRecord = z.object({
  recId: int,
  originOrderId: int,
  platform: z.string(),
  platformOrderNo: z.string(),
  customerCode: z.string(),
  customerName: z.string(),
  result: int,
  message: z.string(),
  orderId: int.nullable(),
  trackingNo: z.string(),
  operator: z.string().nullable(),
  pushedAt: isoTime,
});
export type PushRecord = z.infer<typeof pushRecord>;

/** An order's report to the CITC: status 0 pending, 1 reported, 2 rejected. */
export const citcRecord = z.object({
  recId: int,
  orderId: int,
  trackingNo: z.string(),
  originOrderId: int.nullable(),
  platform: z.string().nullable(),
  platformOrderNo: z.string().nullable(),
  customerCode: z.string(),
  customerName: z.string(),
  countryCode: z.string(),
  consigneeName: z.string(),
  status: int,
  referenceNo: z.string(),
  message: z.string(),
  reportedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type CitcRecord = z.infer<typeof citcRecord>;

const confirmation = {
  confirmState: int,
  confirmedAt: isoTime.nullable(),
  confirmedBy: z.string().nullable(),
  /** The confirmed region path (country first), empty while not confirmed. */
  regionIds: z.array(int),
  /** The confirmed path's names in the caller's language, joined ('' while not confirmed). */
  regionNames: z.string(),
  /**
   * While not confirmed: the path the raw text matches in our regions as far as it goes (the
   * confirm dialog starts from it); empty when not even the country matches.
   */
  suggestedRegionIds: z.array(int),
};

export const originDetail = originRecord.extend({
  receiver: z.object({
    name: z.string(),
    phone: z.string(),
    phone2: z.string(),
    email: z.string(),
    country: z.string(),
    province: z.string(),
    city: z.string(),
    district: z.string(),
    address: z.string(),
    postcode: z.string(),
    ...confirmation,
  }),
  sender: z.object({
    name: z.string(),
    phone: z.string(),
    company: z.string(),
    country: z.string(),
    province: z.string(),
    city: z.string(),
    address: z.string(),
    postcode: z.string(),
    ...confirmation,
  }),
  length: decimalOut.nullable(),
  width: decimalOut.nullable(),
  height: decimalOut.nullable(),
  packingType: int,
  remark: z.string(),
  extra: z.object({
    buyerIdNo: z.string(),
    declaredValue: decimalOut.nullable(),
    declaredCurrency: z.string(),
    invoiceNo: z.string(),
    paymentMethod: z.string(),
    paidAt: isoTime.nullable(),
    remark: z.string(),
    updatedAt: isoTime.nullable(),
  }),
  goods: z.array(originGoodsRecord),
  /** Upload attempts, newest first. */
  pushRecords: z.array(pushRecord),
  citc: citcRecord.nullable(),
  createdBy: z.string().nullable(),
});
export type OriginDetail = z.infer<typeof originDetail>;

export const originIdBody = z.object({ id }).strict();

/**
 * Confirm an address. Without `regionIds` the raw text is matched to our regions and must reach
 * the city (or the deepest level the country has); with them (the operator's choice in the
 * cascader, country first) they are checked as one enabled path. `address` corrects the street.
 */
export const confirmAddressBody = z
  .object({
    id,
    regionIds: z.array(id).min(1).max(4).optional(),
    address: optionalText(300),
  })
  .strict();
export type ConfirmAddressBody = z.input<typeof confirmAddressBody>;

export const uploadBody = z.object({ ids: z.array(id).min(1).max(200) }).strict();

export const uploadResult = z.object({
  uploaded: int,
  results: z.array(
    z.object({
      recId: int,
      platformOrderNo: z.string(),
      ok: z.boolean(),
      orderId: int.nullable(),
      trackingNo: z.string().nullable(),
      message: z.string(),
    }),
  ),
});
export type UploadResult = z.infer<typeof uploadResult>;

const goodsLine = z
  .object({
    sku: z.string().trim().max(64).default(''),
    ...goodsFields,
  })
  .strict();

const place = z.string().trim().max(100).default('');

/** One origin order entered by hand (foreignOrder/input), addresses as written. */
export const originInput = z
  .object({
    platform,
    platformOrderNo: requiredText(50),
    shopName: z.string().trim().max(100).default(''),
    customerId: id,
    channelId: id,
    receiver: z
      .object({
        ...consigneePerson,
        country: requiredText(100),
        province: place,
        city: place,
        district: place,
        address: requiredText(300),
        postcode,
      })
      .strict(),
    sender: z
      .object({
        ...senderPerson,
        country: requiredText(100),
        province: place,
        city: place,
        address: requiredText(300),
        postcode,
      })
      .strict(),
    ...parcelFields,
    goods: z.array(goodsLine).max(100),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();
export type OriginInput = z.input<typeof originInput>;

/** Push records: the push time range is required (spec 5: "push time range must be selected"). */
export const pushRecordListRequest = listRequest({
  platformOrderNos: bulkNumbers(splitBulk),
  /** '-1' all (default), '1' success, '2' failed */
  result: code(['-1', '1', '2']).default('-1'),
  customerId: id.optional(),
  startTime: z.iso.datetime({ offset: true, error: m.pushTimeRangeRequired.id }),
  endTime: z.iso.datetime({ offset: true, error: m.pushTimeRangeRequired.id }),
});
export type PushRecordListRequest = z.input<typeof pushRecordListRequest>;

export const citcListRequest = listRequest({
  trackingNos: bulkNumbers(splitBulkNumbers),
  platformOrderNos: bulkNumbers(splitBulk),
  /** '-1' all (default), '0' pending, '1' reported, '2' rejected */
  status: code(['-1', '0', '1', '2']).default('-1'),
  /** When the record was made: `startTime` inclusive, `endTime` exclusive. */
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
}).prefault({});
export type CitcListRequest = z.input<typeof citcListRequest>;

/** citc/report: the CITC records to report now (waiting or rejected ones). */
export const citcReportBody = z.object({ ids: z.array(id).min(1).max(200) }).strict();
