import { z } from 'zod';
import { MAX_BULK_ITEMS } from '../domain/bulk-split.ts';
import { orderMessages } from '../i18n/order-messages.ts';
import { requiredText } from './core.ts';
import { imageRefs } from './image.ts';

/**
 * The fields an order and an origin order share, as entered (order-requests.ts,
 * origin-order-shapes.ts): numbers and codes as the spec sends them, the consignee's and the
 * sender's person, the parcel, a goods line; and the lists' bulk number filters.
 */

/** A number or a numeric string, trimmed; order-entry.ts checks it ("Enter a correct number"). */
export const numberText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/** The same, optional: empty, null or omitted is undefined. */
export const optionalNumberText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) =>
    v === null || v === undefined || String(v).trim() === '' ? undefined : String(v).trim(),
  );

export const upper = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v.toUpperCase());

/** The spec's enumerations travel as digit strings; numbers are accepted too. */
export const code = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.enum(values));

/**
 * Bulk text (one number a line, or separated by commas or spaces) → the numbers, at most 1000
 * ("Enter at most 1000 numbers" beyond).
 */
export const bulkNumbers = (normalise: (text: string | undefined) => string[]) =>
  z
    .string()
    .max(100_000)
    .optional()
    .transform(normalise)
    .pipe(z.array(z.string().max(64)).max(MAX_BULK_ITEMS, orderMessages.tooManyNumbers.id));

export const phone = z.string().trim().max(30);
export const postcode = z.string().trim().max(20).default('');

/** The consignee (an origin order's receiver) as a person; the address parts follow. */
export const consigneePerson = {
  name: requiredText(100),
  phone,
  phone2: phone.default(''),
  email: z.union([z.literal(''), z.email().max(100)]).default(''),
};

/** The sender as a person; the address parts follow. */
export const senderPerson = {
  name: requiredText(100),
  phone: phone.default(''),
  company: z.string().trim().max(100).default(''),
};

/** The parcel as entered: packing, count, declared weight and size, and its COD. */
export const parcelFields = {
  /** 1 envelope, 2 pack bag, 3 own packaging */
  packingType: code(['1', '2', '3']).default('3'),
  packageCount: numberText.default('1'),
  /** Declared weight, kg. */
  weight: numberText,
  /** cm, optional (all three for a volume weight). */
  length: optionalNumberText,
  width: optionalNumberText,
  height: optionalNumberText,
  isCod: z.boolean().default(false),
  codAmount: optionalNumberText,
  codCurrency: upper(3).optional(),
};

/** A goods line's fields as entered; an order's line adds photos, an origin order's a SKU. */
export const goodsFields = {
  nameEn: z.string().trim().max(200).default(''),
  nameCn: z.string().trim().max(200).default(''),
  quantity: numberText,
  hsCode: z.string().trim().max(20).default(''),
  unitPrice: numberText,
  currency: upper(3).default('USD'),
  specification: z.string().trim().max(200).default(''),
};

/** One goods line of an order as entered, with its photos (image/upload's URLs). */
export const goodsLine = z
  .object({
    ...goodsFields,
    images: imageRefs.default([]),
  })
  .strict();
