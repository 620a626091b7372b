import { z } from 'zod';
import { imageRefs } from './image.ts';

/** A number or a numeric string, trimmed; order-entry.ts checks it ("Enter a correct number"). */
export const numberText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

export const upper = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v.toUpperCase());

/** One goods line of an order as entered, with its photos (image/upload's URLs). */
export const goodsLine = z
  .object({
    nameEn: z.string().trim().max(200).default(''),
    nameCn: z.string().trim().max(200).default(''),
    quantity: numberText,
    hsCode: z.string().trim().max(20).default(''),
    unitPrice: numberText,
    currency: upper(3).default('USD'),
    specification: z.string().trim().max(200).default(''),
    images: imageRefs.default([]),
  })
  .strict();
