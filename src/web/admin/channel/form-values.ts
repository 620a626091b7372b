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
});

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
});

/** `prices.0.firstWeight` (a server issue path) → the form's field name. */
export const fieldName = (path: string): (string | number)[] =>
  path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
