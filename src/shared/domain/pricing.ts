/**
 * The freight of one parcel under a channel's price rule for its destination country. Pure and
 * exact: decimals are read as strings (numbers are accepted and read by their decimal form) and
 * computed in whole grams and whole cents, never in floating point.
 *
 * Rounding, in this order:
 * 1. The actual weight is rounded up to the gram (0.001 kg).
 * 2. The volume weight is length × width × height (cm) / the volume divisor (cm³ per kg, e.g. 6000),
 *    rounded up to the gram; it is 0 unless all three sides are given.
 * 3. The chargeable weight is the greater of the two.
 * 4. The first weight is charged the first-weight price (a parcel lighter than it, even 0 kg, pays
 *    the whole first weight). Above it, the additional weight is rounded UP to whole steps and each
 *    step costs the step price: 1.2 kg over a 0.5 kg first weight with 0.5 kg steps is 2 steps.
 * 5. The COD fee is the COD amount × the rate (a percentage), rounded half up to the cent, at least
 *    the minimum COD fee; without a COD amount (or with 0) it is 0. The COD amount is in the rule's
 *    currency: the caller converts it first.
 * 6. The total is freight + COD fee. Money has 2 decimals, weights 3.
 */

/** A decimal as the wire carries it ("12.50"), or a number. */
export type DecimalInput = string | number;

export interface PriceRule {
  /** kg */
  firstWeight: DecimalInput;
  firstPrice: DecimalInput;
  /** kg, greater than 0 */
  stepWeight: DecimalInput;
  stepPrice: DecimalInput;
  /** Percent of the COD amount, e.g. "1.5" for 1.5 %. */
  codFeeRate: DecimalInput;
  minCodFee?: DecimalInput | undefined;
  /** cm³ per kg (the channel's), a whole number greater than 0. */
  volumeDivisor: number;
  currency?: string | undefined;
}

export interface Parcel {
  weightKg: DecimalInput;
  lengthCm?: DecimalInput | undefined;
  widthCm?: DecimalInput | undefined;
  heightCm?: DecimalInput | undefined;
  codAmount?: DecimalInput | undefined;
}

export interface Price {
  /** kg, 3 decimals */
  chargeableWeight: string;
  /** kg, 3 decimals; "0.000" when the sides are not all given */
  volumeWeight: string;
  /** 2 decimals */
  freight: string;
  codFee: string;
  total: string;
  /** The rule's currency ("" when it names none). */
  currency: string;
}

/** An exact non-negative decimal: `digits / 10^scale`. */
interface Exact {
  digits: bigint;
  scale: number;
}

const DECIMAL = /^\d{1,15}(\.\d{1,12})?$/;

function exact(value: DecimalInput, name: string): Exact {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`${name} is not a finite number`);
    text = /e/i.test(String(value)) ? value.toFixed(12) : String(value);
  } else text = value.trim();
  if (!DECIMAL.test(text))
    throw new RangeError(`${name} must be a decimal of 0 or more, got "${String(value)}"`);
  const [whole, fraction = ''] = text.split('.');
  return { digits: BigInt(whole! + fraction), scale: fraction.length };
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** a / b rounded up (a, b ≥ 0, b > 0). */
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
/** a / b rounded half up (a, b ≥ 0, b > 0). */
const halfUpDiv = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** Math.max for bigints. */
const larger = (a: bigint, b: bigint) => (a >= b ? a : b);

/** The value in units of 10^-scale, rounded up. */
const unitsUp = (x: Exact, scale: number) =>
  x.scale <= scale ? x.digits * pow10(scale - x.scale) : ceilDiv(x.digits, pow10(x.scale - scale));
/** The value in units of 10^-scale, rounded half up. */
const unitsHalfUp = (x: Exact, scale: number) =>
  x.scale <= scale ? x.digits * pow10(scale - x.scale) : halfUpDiv(x.digits, pow10(x.scale - scale));

function format(units: bigint, scale: number): string {
  const s = units.toString().padStart(scale + 1, '0');
  return `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
}

const given = (v: DecimalInput | undefined): v is DecimalInput => v !== undefined && v !== '';

/** The volume weight in grams, rounded up; 0 unless length, width and height are all given. */
function volumeGrams(parcel: Parcel, divisor: number): bigint {
  const { lengthCm, widthCm, heightCm } = parcel;
  if (!given(lengthCm) || !given(widthCm) || !given(heightCm)) return 0n;
  const sides = [exact(lengthCm, 'lengthCm'), exact(widthCm, 'widthCm'), exact(heightCm, 'heightCm')];
  const product = sides.reduce((p, s) => p * s.digits, 1n);
  const scale = sides.reduce((n, s) => n + s.scale, 0);
  // cm³ / divisor = kg; × 1000 = g.
  return ceilDiv(product * 1000n, pow10(scale) * BigInt(divisor));
}

export function priceFor(rule: PriceRule, parcel: Parcel): Price {
  if (!Number.isSafeInteger(rule.volumeDivisor) || rule.volumeDivisor <= 0)
    throw new RangeError('volumeDivisor must be a whole number greater than 0');
  const firstGrams = unitsUp(exact(rule.firstWeight, 'firstWeight'), 3);
  const stepGrams = unitsUp(exact(rule.stepWeight, 'stepWeight'), 3);
  if (stepGrams === 0n) throw new RangeError('stepWeight must be greater than 0');
  const firstCents = unitsHalfUp(exact(rule.firstPrice, 'firstPrice'), 2);
  const stepCents = unitsHalfUp(exact(rule.stepPrice, 'stepPrice'), 2);
  const rate = exact(rule.codFeeRate, 'codFeeRate');
  const minCodCents = given(rule.minCodFee) ? unitsHalfUp(exact(rule.minCodFee, 'minCodFee'), 2) : 0n;

  const actual = unitsUp(exact(parcel.weightKg, 'weightKg'), 3);
  const volume = volumeGrams(parcel, rule.volumeDivisor);
  const chargeable = larger(actual, volume);

  const extra = chargeable > firstGrams ? chargeable - firstGrams : 0n;
  const freight = firstCents + ceilDiv(extra, stepGrams) * stepCents;

  let codFee = 0n;
  if (given(parcel.codAmount)) {
    const cod = exact(parcel.codAmount, 'codAmount');
    if (cod.digits > 0n) {
      // amount × rate / 100, in cents: digits × digits / 10^(scales), the 100s cancel.
      const fee = halfUpDiv(cod.digits * rate.digits, pow10(cod.scale + rate.scale));
      codFee = larger(fee, minCodCents);
    }
  }

  return {
    chargeableWeight: format(chargeable, 3),
    volumeWeight: format(volume, 3),
    freight: format(freight, 2),
    codFee: format(codFee, 2),
    total: format(freight + codFee, 2),
    currency: rule.currency ?? '',
  };
}

export interface FreightSteps {
  /** kg above the first weight, 3 decimals ("0.000" when within it). */
  extraWeight: string;
  /** Whole additional-weight steps charged (the extra weight rounded up to steps). */
  steps: number;
}

/**
 * How a freight was reached (step 4 above), for showing the computation: the weight above the
 * first weight and the steps it was charged as, with the same rounding as priceFor.
 */
export function freightSteps(
  rule: Pick<PriceRule, 'firstWeight' | 'stepWeight'>,
  chargeableWeight: DecimalInput,
): FreightSteps {
  const firstGrams = unitsUp(exact(rule.firstWeight, 'firstWeight'), 3);
  const stepGrams = unitsUp(exact(rule.stepWeight, 'stepWeight'), 3);
  if (stepGrams === 0n) throw new RangeError('stepWeight must be greater than 0');
  const chargeable = unitsUp(exact(chargeableWeight, 'chargeableWeight'), 3);
  const extra = chargeable > firstGrams ? chargeable - firstGrams : 0n;
  return { extraWeight: format(extra, 3), steps: Number(ceilDiv(extra, stepGrams)) };
}
