/**
 * Customers: the code rule and the catalogue of customer properties (the key/value settings staff
 * keep per customer in customer_properties). A property that was never set reads as its default;
 * later modules (order entry, fees, statements, labels) read the effective values.
 */

/** A customer's code: upper-case letters and digits (orders, labels and imports carry it). */
export const CUSTOMER_CODE_PATTERN = /^[A-Z0-9]{2,20}$/;

/** Currencies a customer may be settled in: ours and those of the destination countries we serve. */
export const CURRENCIES = ['CNY', 'USD', 'SAR', 'AED', 'KWD', 'QAR', 'BHD', 'OMR', 'EGP'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** How often a customer's logistics bill is drawn up. */
export const SETTLEMENT_CYCLES = ['perOrder', 'weekly', 'semiMonthly', 'monthly'] as const;
export type SettlementCycle = (typeof SETTLEMENT_CYCLES)[number];

/** Label stock the customer's printers hold (mm, or A4 sheets). */
export const LABEL_FORMATS = ['100x100', '100x150', 'A4'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Bounds of a per-customer volume divisor (L×W×H cm / divisor). */
export const VOLUME_DIVISOR_MIN = 1000;
export const VOLUME_DIVISOR_MAX = 10000;

export interface CustomerProperties {
  /** The currency the customer's fees and statements are settled in. */
  settlementCurrency: Currency;
  /** Whether the customer may create cash-on-delivery orders. */
  codAllowed: boolean;
  /** Unsettled fees allowed, in the settlement currency; null: no limit. */
  creditLimit: string | null;
  settlementCycle: SettlementCycle;
  labelFormat: LabelFormat;
  /** Replaces the channel's volume divisor for this customer; null: the channel's. */
  volumeDivisor: number | null;
}

export const PROPERTY_DEFAULTS: CustomerProperties = {
  settlementCurrency: 'CNY',
  codAllowed: true,
  creditLimit: null,
  settlementCycle: 'monthly',
  labelFormat: '100x150',
  volumeDivisor: null,
};

export type PropertyKey = keyof CustomerProperties;

/** Every property key, in the order the editor shows them. */
export const PROPERTY_KEYS = Object.keys(PROPERTY_DEFAULTS) as PropertyKey[];

const oneOf =
  <T extends string>(list: readonly T[]) =>
  (raw: string): T | undefined =>
    (list as readonly string[]).includes(raw) ? (raw as T) : undefined;

/** Stored text → value; text that no longer parses (an old format) reads as the default. */
const decoders: { [K in PropertyKey]: (raw: string) => CustomerProperties[K] | undefined } = {
  settlementCurrency: oneOf(CURRENCIES),
  codAllowed: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  creditLimit: (raw) => (/^\d{1,12}(\.\d{1,2})?$/.test(raw) ? raw : undefined),
  settlementCycle: oneOf(SETTLEMENT_CYCLES),
  labelFormat: oneOf(LABEL_FORMATS),
  volumeDivisor: (raw) => (/^\d{1,6}$/.test(raw) ? Number(raw) : undefined),
};

export function decodeProperty<K extends PropertyKey>(key: K, raw: string | null): CustomerProperties[K] {
  if (raw === null) return PROPERTY_DEFAULTS[key];
  return decoders[key](raw) ?? PROPERTY_DEFAULTS[key];
}
