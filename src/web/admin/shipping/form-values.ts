import type { ChannelDetail } from '../../../shared/contract/shipping.ts';
import type { ChannelSaveBody } from '../../api/queries/shipping.ts';

/** One row of the price-rule table: decimals as the inputs keep them (strings). */
export interface PriceRow {
  countryId: number | undefined;
  currency: string;
  firstWeight: string | null;
  firstPrice: string | null;
  stepWeight: string | null;
  stepPrice: string | null;
  /** percent */
  codFeeRate: string | null;
  minCodFee: string | null;
}

/** One currency's limits as the inputs keep them; null or empty: no limit. */
export interface LimitRow {
  currency: string;
  maxCod: string | null;
  minDeclared: string | null;
  maxDeclared: string | null;
}

export const NEW_LIMIT_ROW: LimitRow = {
  currency: 'SAR',
  maxCod: null,
  minDeclared: null,
  maxDeclared: null,
};

export interface ChannelFormValues {
  code: string;
  name: string;
  nameEn: string;
  serviceType: number | undefined;
  segments: number[];
  countryId: number | null;
  volumeDivisor: number;
  ladingType: number;
  status: number;
  remark: string;
  carrierIds: number[];
  prices: PriceRow[];
  /** kg; null: no limit. */
  maxWeight: string | null;
  currencyLimits: LimitRow[];
}

export const NEW_PRICE_ROW: PriceRow = {
  countryId: undefined,
  currency: 'CNY',
  firstWeight: '0.5',
  firstPrice: null,
  stepWeight: '0.5',
  stepPrice: null,
  codFeeRate: '0',
  minCodFee: '0',
};

export const NEW_CHANNEL: ChannelFormValues = {
  code: '',
  name: '',
  nameEn: '',
  serviceType: undefined,
  segments: [],
  countryId: null,
  volumeDivisor: 6000,
  ladingType: 1,
  status: 1,
  remark: '',
  carrierIds: [],
  prices: [],
  maxWeight: null,
  currencyLimits: [],
};

export const valuesOf = (c: ChannelDetail): ChannelFormValues => ({
  code: c.code,
  name: c.name,
  nameEn: c.nameEn,
  serviceType: c.serviceType,
  segments: c.segments,
  countryId: c.countryId,
  volumeDivisor: c.volumeDivisor,
  ladingType: c.ladingType,
  status: c.status,
  remark: c.remark,
  carrierIds: c.carriers.map((k) => k.recId),
  prices: c.prices.map((p) => ({
    countryId: p.countryId,
    currency: p.currency,
    firstWeight: p.firstWeight,
    firstPrice: p.firstPrice,
    stepWeight: p.stepWeight,
    stepPrice: p.stepPrice,
    codFeeRate: p.codFeeRate,
    minCodFee: p.minCodFee,
  })),
  maxWeight: c.maxWeight,
  currencyLimits: c.currencyLimits.map((l) => ({ ...l })),
});

/** An input's decimal, or null when it was left empty. */
const orNull = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : v);

/** What the save call sends; the form's rules have made sure the required values are there. */
export const bodyOf = (v: ChannelFormValues): ChannelSaveBody => ({
  code: v.code.trim().toUpperCase(),
  name: v.name,
  nameEn: v.nameEn ?? '',
  serviceType: v.serviceType ?? -1,
  segments: v.segments ?? [],
  countryId: v.countryId ?? null,
  volumeDivisor: v.volumeDivisor,
  ladingType: v.ladingType,
  status: v.status,
  remark: v.remark ?? '',
  carrierIds: v.carrierIds ?? [],
  prices: (v.prices ?? []).map((p) => ({
    countryId: p.countryId ?? 0,
    currency: p.currency,
    firstWeight: p.firstWeight ?? '',
    firstPrice: p.firstPrice ?? '',
    stepWeight: p.stepWeight ?? '',
    stepPrice: p.stepPrice ?? '',
    codFeeRate: p.codFeeRate || '0',
    minCodFee: p.minCodFee || '0',
  })),
  maxWeight: orNull(v.maxWeight),
  currencyLimits: (v.currencyLimits ?? []).map((l) => ({
    currency: l.currency,
    maxCod: orNull(l.maxCod),
    minDeclared: orNull(l.minDeclared),
    maxDeclared: orNull(l.maxDeclared),
  })),
});

/** `prices.0.firstWeight` (a server issue path) → the form's field name. */
export const fieldName = (path: string): (string | number)[] =>
  path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
