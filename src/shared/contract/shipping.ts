import { z } from 'zod';
import { SEGMENTS, SERVICE_TYPES } from '../domain/segments.ts';
import { carrierOption } from './carrier.ts';
import {
  decimal,
  decimalOut,
  endpoint,
  id,
  isoTime,
  listRequest,
  optionalText,
  pageOf,
  requiredText,
} from './core.ts';

/** 1 enabled, 2 disabled. */
const status = z.coerce.number().int().min(1).max(2);
/** 0 to 6: the channel's route (segments.ts). */
const serviceType = z.coerce
  .number()
  .int()
  .refine((v) => (SERVICE_TYPES as readonly number[]).includes(v));
/** delivery 1, full 2, first leg 3, clearance 4 (segments.ts). */
const segment = z.coerce
  .number()
  .int()
  .refine((v) => (SEGMENTS as readonly number[]).includes(v));

/** A channel code as typed: trimmed and upper-cased, then letters, digits, `-` and `_`. */
export const channelCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]{2,32}$/));

/** ISO 4217 code, upper-cased. */
const currency = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/));

/**
 * One price rule of a channel for one destination country. Weights in kg (3 decimals), money in
 * the rule's currency (2 decimals), the COD fee rate in percent (2 decimals: "1.5" is 1.5 %).
 * The channel's volume divisor applies to all its rules (pricing.ts computes with both).
 */
export const priceRuleRecord = z.object({
  recId: z.number().int(),
  countryId: z.number().int(),
  countryCode: z.string(),
  /** In the language of the request. */
  countryName: z.string(),
  currency: z.string(),
  firstWeight: decimalOut,
  firstPrice: decimalOut,
  stepWeight: decimalOut,
  stepPrice: decimalOut,
  codFeeRate: decimalOut,
  minCodFee: decimalOut,
});
export type PriceRuleRecord = z.infer<typeof priceRuleRecord>;

const priceRuleInput = z
  .object({
    countryId: id,
    currency: currency.default('CNY'),
    firstWeight: decimal(3),
    firstPrice: decimal(2),
    stepWeight: decimal(3),
    stepPrice: decimal(2),
    codFeeRate: decimal(2).default('0'),
    minCodFee: decimal(2).default('0'),
  })
  .strict();
export type PriceRuleInput = z.input<typeof priceRuleInput>;

export const currencyLimitRecord = z.object({
  currency: z.string(),
  maxCod: decimalOut.nullable(),
  minDeclared: decimalOut.nullable(),
  maxDeclared: decimalOut.nullable(),
});

/** One currency's limits as sent: amounts in that currency, each empty (null) for no limit. */
const currencyLimitInput = z
  .object({
    currency,
    maxCod: decimal(2).nullable().default(null),
    minDeclared: decimal(2).nullable().default(null),
    maxDeclared: decimal(2).nullable().default(null),
  })
  .strict();
export type CurrencyLimitInput = z.input<typeof currencyLimitInput>;

export const channelCarrier = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  status: z.number().int(),
});
export type ChannelCarrier = z.infer<typeof channelCarrier>;

export const channelRecord = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  serviceType: z.number().int(),
  segments: z.array(z.number().int()),
  /** The main destination (a channel may price several countries). */
  countryId: z.number().int().nullable(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  /** cm³ per kg: volume weight = L × W × H (cm) / divisor. */
  volumeDivisor: z.number().int(),
  /** 1 clearance lading, 2 local lading. */
  ladingType: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  /** In the channel's order of preference. */
  carriers: z.array(channelCarrier),
  /** Codes of the countries its price rules cover, by code. */
  pricedCountries: z.array(z.string()),
  /** Plausibility limits (channel-limits.ts): the heaviest parcel in kg, null for none. */
  maxWeight: decimalOut.nullable(),
  /** Per currency: the largest COD and the declared value's range, null for none. */
  currencyLimits: z.array(currencyLimitRecord),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type ChannelRecord = z.infer<typeof channelRecord>;

export const channelDetail = channelRecord.extend({ prices: z.array(priceRuleRecord) });
export type ChannelDetail = z.infer<typeof channelDetail>;

/** A channel in a picker. */
export const channelOption = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  serviceType: z.number().int(),
  countryCode: z.string().nullable(),
  enabled: z.boolean(),
  /** Its plausibility limits, so that order entry can warn before sending (the server checks). */
  maxWeight: decimalOut.nullable(),
  currencyLimits: z.array(currencyLimitRecord),
});
export type ChannelOption = z.infer<typeof channelOption>;

const channelFields = {
  code: channelCode,
  name: requiredText(100),
  nameEn: z.string().trim().max(100).default(''),
  serviceType,
  segments: z.array(segment).max(SEGMENTS.length * 2),
  countryId: id.nullable().default(null),
  volumeDivisor: z.coerce.number().int().min(1000).max(20000).default(6000),
  ladingType: z.coerce.number().int().min(1).max(2).default(1),
  status: status.default(1),
  remark: z.string().trim().max(500).default(''),
  /** In order of preference. */
  carrierIds: z.array(id).max(50).default([]),
  /** One rule per destination country. */
  prices: z.array(priceRuleInput).max(300).default([]),
  /** kg, above 0; null: no limit. Orders heavier than this are refused on entry and import. */
  maxWeight: decimal(3).nullable().default(null),
  /** One row per currency; replaced by the list sent. */
  currencyLimits: z.array(currencyLimitInput).max(50).default([]),
};
const channelInput = z.object(channelFields).strict();
export type ChannelInput = z.input<typeof channelInput>;

const idList = z.object({ recIds: z.array(id).min(1).max(500) }).strict();

export const shipping = {
  list: endpoint({
    method: 'POST',
    path: '/shipping/list',
    kind: 'json',
    summary:
      'Shipping channels, paged, by code; `code` matches a code prefix, `name` the Chinese or English name, `carrierId` a channel that may use the carrier, `segment` a channel made of it.',
    body: listRequest({
      code: optionalText(32),
      name: optionalText(100),
      status: status.optional(),
      carrierId: id.optional(),
      serviceType: serviceType.optional(),
      segment: segment.optional(),
    }),
    data: pageOf(channelRecord),
    access: { staff: 'shipping:view' },
  }),
  save: endpoint({
    method: 'POST',
    path: '/shipping/save',
    kind: 'json',
    summary:
      'Create a shipping channel with its carriers, price rules (one per country) and plausibility limits (the heaviest parcel; per currency the largest COD and the declared value range, checked when orders are entered or imported); its code is unique and its segments must be selectable for its service type.',
    body: channelInput,
    data: channelDetail,
    access: { staff: 'shipping:edit' },
  }),
  update: endpoint({
    method: 'POST',
    path: '/shipping/update',
    kind: 'json',
    summary:
      'Update a shipping channel; its carriers and price rules are replaced by what is sent. Its limits are replaced by those sent: `maxWeight` null and `currencyLimits` [] remove them, and either left out keeps what the channel has.',
    body: z
      .object({
        recId: id,
        ...channelFields,
        /** Left out: the channel keeps its maximum weight; null removes it. */
        maxWeight: decimal(3).nullable().optional(),
        /** Left out: the channel keeps its rows; [] removes them. */
        currencyLimits: z.array(currencyLimitInput).max(50).optional(),
      })
      .strict(),
    data: channelDetail,
    access: { staff: 'shipping:edit' },
  }),
  enable: endpoint({
    method: 'POST',
    path: '/shipping/enable',
    kind: 'json',
    summary: 'Enable shipping channels; one unknown id refuses the whole call.',
    body: idList,
    data: z.object({ updated: z.number().int() }),
    access: { staff: 'shipping:edit' },
  }),
  disable: endpoint({
    method: 'POST',
    path: '/shipping/disable',
    kind: 'json',
    summary:
      'Disable shipping channels (they leave the pickers and the customers’ channel lists); one unknown id refuses the whole call.',
    body: idList,
    data: z.object({ updated: z.number().int() }),
    access: { staff: 'shipping:edit' },
  }),
  listSimple: endpoint({
    method: 'POST',
    path: '/shipping/list/simple',
    kind: 'json',
    summary: 'Shipping channels for pickers, by code: enabled ones, or all with `includeDisabled`.',
    body: z.object({ includeDisabled: z.boolean().optional() }).strict().prefault({}),
    data: z.array(channelOption),
    access: { staff: true },
  }),
  optionalCarrier: endpoint({
    method: 'POST',
    path: '/shipping/optionalCarrier',
    kind: 'json',
    summary:
      "Carriers a channel may use: the channel's own, in its order, or (no `shippingId`, a new channel) every enabled carrier.",
    body: z.object({ shippingId: id.optional() }).strict().prefault({}),
    data: z.array(carrierOption),
    access: { staff: 'shipping:view' },
  }),
  view: endpoint({
    method: 'GET',
    path: '/shipping/view/{shippingId}',
    kind: 'json',
    summary: 'One shipping channel with its carriers, segments and price rules.',
    params: z.object({ shippingId: id }).strict(),
    data: channelDetail,
    access: { staff: 'shipping:view' },
  }),
  getShippingsByUser: endpoint({
    method: 'GET',
    path: '/order/getShippingsByUser',
    kind: 'json',
    summary:
      "Enabled shipping channels an order may be entered with: for customer accounts the ones assigned to the caller's customer (a `customerId` is ignored); for staff the ones assigned to the customer `customerId` (what order/create and order/importOrder accept for it), or every one without it.",
    query: z.object({ customerId: id.optional() }).strict(),
    data: z.array(channelOption),
    access: { staff: true, customer: true },
  }),
};
