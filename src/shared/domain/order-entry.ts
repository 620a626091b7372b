import type { MessageDescriptor } from '../i18n/messages.ts';
import { orderMessages as m } from '../i18n/order-messages.ts';

/**
 * The field rules of an order as a customer or an operator enters it (order/create, and the order
 * import's rows), with the spec's messages: "English goods name cannot be empty", "enter a correct
 * number". Pure: the server adds what needs the database (regions, channels, customer numbers).
 */

export interface EntryIssue {
  /** Field path as the request names it, e.g. `goods.0.nameEn`. */
  path: string;
  descriptor: MessageDescriptor;
  values?: Record<string, unknown>;
}

export interface GoodsEntry {
  nameEn: string;
  nameCn?: string;
  quantity: string;
  hsCode?: string;
  unitPrice: string;
  currency: string;
}

export interface OrderEntry {
  customerNo?: string | undefined;
  weight: string;
  length?: string | undefined;
  width?: string | undefined;
  height?: string | undefined;
  packageCount: string;
  isCod: boolean;
  codAmount?: string | undefined;
  codCurrency?: string | undefined;
  consignee: { phone: string; phone2?: string | undefined };
  goods: GoodsEntry[];
}

export const MAX_GOODS_LINES = 100;

interface DecimalRule {
  scale: number;
  /** Greater than this (default: 0 or more). */
  above?: number;
  max: number;
}

/** A plain decimal (no sign, no exponent) with at most `scale` decimals, within the bounds. */
export function isDecimal(text: string | undefined, rule: DecimalRule): boolean {
  if (text === undefined) return false;
  const re = rule.scale === 0 ? /^\d{1,12}$/ : new RegExp(`^\\d{1,12}(\\.\\d{1,${rule.scale}})?$`);
  if (!re.test(text)) return false;
  const n = Number(text);
  return (rule.above === undefined ? n >= 0 : n > rule.above) && n <= rule.max;
}

/** A checked decimal written with exactly `scale` decimals ("2" → "2.000"), as the database keeps it. */
export function toScale(text: string, scale: number): string {
  const [whole, fraction = ''] = text.split('.');
  return scale === 0 ? whole! : `${whole}.${fraction.padEnd(scale, '0').slice(0, scale)}`;
}

/** kg: more than 0, at most 9,999.999, grams at most. */
export const WEIGHT_RULE: DecimalRule = { scale: 3, above: 0, max: 9999.999 };
/** cm: more than 0, at most 9,999.99. */
export const SIDE_RULE: DecimalRule = { scale: 2, above: 0, max: 9999.99 };
/** Money: 0 or more, 2 decimals. */
export const MONEY_RULE: DecimalRule = { scale: 2, max: 9_999_999_999.99 };
export const QUANTITY_RULE: DecimalRule = { scale: 0, above: 0, max: 99_999 };
export const PACKAGE_COUNT_RULE: DecimalRule = { scale: 0, above: 0, max: 999 };

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
export const HS_CODE_PATTERN = /^\d{6,13}$/;
export const CUSTOMER_NO_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;
/** Digits with the usual separators; at least 5 digits. */
export const isPhone = (v: string): boolean =>
  /^[0-9+\-() ]{5,30}$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 5;

export function orderEntryIssues(entry: OrderEntry): EntryIssue[] {
  const out: EntryIssue[] = [];
  const number = (path: string, value: string | undefined, rule: DecimalRule) => {
    if (!isDecimal(value, rule)) out.push({ path, descriptor: m.numberInvalid });
  };
  if (entry.customerNo !== undefined && !CUSTOMER_NO_PATTERN.test(entry.customerNo))
    out.push({ path: 'customerNo', descriptor: m.customerNoInvalid });
  number('weight', entry.weight, WEIGHT_RULE);
  for (const side of ['length', 'width', 'height'] as const)
    if (entry[side] !== undefined) number(side, entry[side], SIDE_RULE);
  number('packageCount', entry.packageCount, PACKAGE_COUNT_RULE);
  if (entry.isCod) {
    number('codAmount', entry.codAmount, { ...MONEY_RULE, above: 0 });
    if (!CURRENCY_PATTERN.test(entry.codCurrency ?? ''))
      out.push({ path: 'codCurrency', descriptor: m.currencyInvalid });
  }
  if (!isPhone(entry.consignee.phone)) out.push({ path: 'consignee.phone', descriptor: m.phoneInvalid });
  if (entry.consignee.phone2 && !isPhone(entry.consignee.phone2))
    out.push({ path: 'consignee.phone2', descriptor: m.phoneInvalid });

  if (entry.goods.length === 0) out.push({ path: 'goods', descriptor: m.goodsRequired });
  entry.goods.forEach((g, i) => {
    const at = (field: string) => `goods.${i}.${field}`;
    if (!g.nameEn.trim()) out.push({ path: at('nameEn'), descriptor: m.goodsNameEnRequired });
    number(at('quantity'), g.quantity, QUANTITY_RULE);
    number(at('unitPrice'), g.unitPrice, MONEY_RULE);
    if (!CURRENCY_PATTERN.test(g.currency)) out.push({ path: at('currency'), descriptor: m.currencyInvalid });
    if (g.hsCode && !HS_CODE_PATTERN.test(g.hsCode))
      out.push({ path: at('hsCode'), descriptor: m.hsCodeInvalid });
  });
  return out;
}
