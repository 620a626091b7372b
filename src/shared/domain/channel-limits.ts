import type { MessageDescriptor } from '../i18n/messages.ts';
import { orderMessages as m } from '../i18n/order-messages.ts';
import { shippingMessages as sm } from '../i18n/shipping-messages.ts';
import type { EntryIssue } from './order-entry.ts';

/**
 * Plausibility limits of a shipping channel (issue 41): the heaviest parcel it takes, and per
 * currency the largest COD and the range of the declared value (the goods lines' quantity × unit
 * price, summed per currency). The office sets them on the channel; order entry (order/create,
 * order/createBatch, the API keys' calls) and the order import refuse an order outside them. An
 * empty limit is no limit; an order in a currency the channel has no row for is not limited.
 * Decimals are compared exactly (as integers of grams and cents), never as floats.
 */

/** One currency's limits; null: no limit. Amounts in that currency, 2 decimals at most. */
export interface CurrencyLimit {
  currency: string;
  maxCod: string | null;
  minDeclared: string | null;
  maxDeclared: string | null;
}

export interface ChannelLimits {
  /** kg, 3 decimals at most; null: no limit. */
  maxWeight: string | null;
  currencyLimits: readonly CurrencyLimit[];
}

export const NO_LIMITS: ChannelLimits = { maxWeight: null, currencyLimits: [] };

/** What of an order the limits look at (an order/create body, a batch order, an import row's order). */
export interface LimitedOrder {
  weight: string;
  isCod: boolean;
  codAmount?: string | undefined;
  codCurrency?: string | undefined;
  goods: readonly { quantity: string | number; unitPrice: string; currency: string }[];
}

/** The largest weight (kg) and amount a limit may be set to (what the columns hold, in round figures). */
export const LIMIT_MAX_WEIGHT = 100_000;
export const LIMIT_MAX_AMOUNT = 1_000_000_000;

/** A plain non-negative decimal as an integer of 10^-scale units, or null when it is not one. */
export function units(text: string | number | null | undefined, scale: number): bigint | null {
  if (text === null || text === undefined) return null;
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(String(text).trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale))) return null;
  return (
    BigInt(match[1]!) * 10n ** BigInt(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0')
  );
}

/**
 * Units written back as a decimal for a message: weights without trailing zeros ("30", "30.5"),
 * money with its cents when it has any ("5000", "12.50").
 */
export function shown(value: bigint, scale: number, money = false): string {
  const base = 10n ** BigInt(scale);
  const whole = (value / base).toString();
  const fraction = (value % base).toString().padStart(scale, '0');
  if (/^0*$/.test(fraction)) return whole;
  return `${whole}.${money ? fraction : fraction.replace(/0+$/, '')}`;
}

const money = (v: bigint) => shown(v, 2, true);

/** The declared value of an order per currency, in cents (lines whose numbers are not valid are left out). */
export function declaredValues(goods: LimitedOrder['goods']): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const g of goods) {
    const quantity = units(g.quantity, 0);
    const price = units(g.unitPrice, 2);
    if (quantity === null || price === null) continue;
    out.set(g.currency, (out.get(g.currency) ?? 0n) + quantity * price);
  }
  return out;
}

/**
 * The order's problems with the channel's limits, each naming the limit and the value. Paths as
 * order/create names its fields: `weight`, `codAmount`, and `goods` for the declared value.
 * Values the entry rules refuse anyway (not numbers) are not looked at again here.
 */
export function limitIssues(limits: ChannelLimits, order: LimitedOrder): EntryIssue[] {
  const out: EntryIssue[] = [];
  const maxWeight = units(limits.maxWeight, 3);
  const weight = units(order.weight, 3);
  if (maxWeight !== null && weight !== null && weight > maxWeight)
    out.push({
      path: 'weight',
      descriptor: m.weightOverLimit,
      values: { weight: shown(weight, 3), max: shown(maxWeight, 3) },
    });

  const byCurrency = new Map(limits.currencyLimits.map((l) => [l.currency, l]));
  if (order.isCod && order.codCurrency) {
    const limit = byCurrency.get(order.codCurrency);
    const max = units(limit?.maxCod, 2);
    const amount = units(order.codAmount, 2);
    if (max !== null && amount !== null && amount > max)
      out.push({
        path: 'codAmount',
        descriptor: m.codOverLimit,
        values: { amount: money(amount), max: money(max), currency: order.codCurrency },
      });
  }

  for (const [currency, value] of declaredValues(order.goods)) {
    const limit = byCurrency.get(currency);
    if (!limit) continue;
    const min = units(limit.minDeclared, 2);
    const max = units(limit.maxDeclared, 2);
    const shownValue = money(value);
    if (min !== null && value < min)
      out.push({
        path: 'goods',
        descriptor: m.declaredUnderLimit,
        values: { value: shownValue, min: money(min), currency },
      });
    else if (max !== null && value > max)
      out.push({
        path: 'goods',
        descriptor: m.declaredOverLimit,
        values: { value: shownValue, max: money(max), currency },
      });
  }
  return out;
}

/** A limit setting's problem, by the path the save call names it. */
export interface LimitSettingIssue {
  path: string;
  descriptor: MessageDescriptor;
  values?: Record<string, unknown>;
}

/**
 * The channel save's check of the limits: a weight above 0, amounts from 0, within what the
 * columns hold; per currency one row with at least one limit, its lowest declared value not above
 * its highest. Every problem at once.
 */
export function limitSettingIssues(limits: ChannelLimits): LimitSettingIssue[] {
  const out: LimitSettingIssue[] = [];
  if (limits.maxWeight !== null) {
    const w = units(limits.maxWeight, 3);
    if (w === null || w <= 0n || w > BigInt(LIMIT_MAX_WEIGHT) * 1000n)
      out.push({ path: 'maxWeight', descriptor: sm.weightRange, values: { max: LIMIT_MAX_WEIGHT } });
  }
  const seen = new Set<string>();
  limits.currencyLimits.forEach((l, i) => {
    const at = (field: string) => `currencyLimits.${i}.${field}`;
    if (seen.has(l.currency)) out.push({ path: at('currency'), descriptor: sm.limitCurrencyTwice });
    seen.add(l.currency);
    const amounts = (['maxCod', 'minDeclared', 'maxDeclared'] as const).map((key) => {
      if (l[key] === null) return null;
      const v = units(l[key], 2);
      if (v === null || v > BigInt(LIMIT_MAX_AMOUNT) * 100n) {
        out.push({ path: at(key), descriptor: sm.amountRange, values: { max: LIMIT_MAX_AMOUNT } });
        return null;
      }
      return v;
    });
    if (l.maxCod === null && l.minDeclared === null && l.maxDeclared === null)
      out.push({ path: at('currency'), descriptor: sm.limitRowEmpty });
    const [, min, max] = amounts;
    if (min != null && max != null && min > max)
      out.push({ path: at('minDeclared'), descriptor: sm.declaredRangeInverted });
  });
  return out;
}
