import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { CARRIER_CODE_PATTERN } from '../domain/tracking-no.ts';
import { endpoint, id, isoTime, listRequest, optionalText, pageOf, requiredText } from './core.ts';

/** 1 enabled, 2 disabled. */
const status = z.coerce.number().int().min(1).max(2);
const orderStatus = z.coerce
  .number()
  .int()
  .refine((v) => (ORDER_STATUSES as readonly number[]).includes(v));

/** A carrier code as typed: trimmed and upper-cased, then letters and digits only. */
export const carrierCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(CARRIER_CODE_PATTERN));

/** One address or several separated by commas or semicolons (the lading push goes to each). */
const emails = z
  .string()
  .trim()
  .max(500)
  .transform((v) =>
    v
      .split(/[,;，；\s]+/)
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()).max(5))
  .transform((list) => list.join(', '));

/** A tracking page address; `{no}` stands for the tracking number. */
const trackingUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]);

export const carrierRecord = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  countryId: z.number().int().nullable(),
  countryCode: z.string().nullable(),
  /** In the language of the request. */
  countryName: z.string().nullable(),
  contact: z.string(),
  phone: z.string(),
  /** Addresses the lading push goes to, comma separated. */
  email: z.string(),
  trackingUrl: z.string(),
  lastMile: z.boolean(),
  status: z.number().int(),
  remark: z.string(),
  nodeCount: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type CarrierRecord = z.infer<typeof carrierRecord>;

export const trackingNodeRecord = z.object({
  recId: z.number().int(),
  carrierId: z.number().int(),
  /** The carrier's event code. */
  code: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  /** In the language of the request. */
  name: z.string(),
  orderStatus: z.number().int().nullable(),
  sort: z.number().int(),
  createdAt: isoTime,
});
export type TrackingNodeRecord = z.infer<typeof trackingNodeRecord>;

export const carrierDetail = carrierRecord.extend({ nodes: z.array(trackingNodeRecord) });
export type CarrierDetail = z.infer<typeof carrierDetail>;

export const carrierOption = z.object({
  recId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  countryCode: z.string().nullable(),
  lastMile: z.boolean(),
});
export type CarrierOption = z.infer<typeof carrierOption>;

const carrierFields = {
  code: carrierCode,
  name: requiredText(100),
  nameEn: z.string().trim().max(100).default(''),
  countryId: id.nullable().default(null),
  contact: z.string().trim().max(64).default(''),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9+\-() ]*$/)
    .default(''),
  email: emails.default(''),
  trackingUrl: trackingUrl.default(''),
  lastMile: z.boolean().default(true),
  status: status.default(1),
  remark: z.string().trim().max(500).default(''),
};
const carrierInput = z.object(carrierFields).strict();
export type CarrierInput = z.input<typeof carrierInput>;

const nodeFields = {
  code: requiredText(64),
  nameCn: requiredText(100),
  nameEn: requiredText(100),
  nameAr: z.string().trim().max(100).default(''),
  orderStatus: orderStatus.nullable().default(null),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
};
export type TrackingNodeInput = z.input<z.ZodObject<typeof nodeFields>>;

export const carrier = {
  list: endpoint({
    method: 'POST',
    path: '/carrier/list',
    kind: 'json',
    summary:
      'Carriers, paged; `code` matches a code prefix, `name` the Chinese or English name, `country` a country id.',
    body: listRequest({
      code: optionalText(20),
      name: optionalText(100),
      countryId: id.optional(),
      status: status.optional(),
      lastMile: z.boolean().optional(),
    }),
    data: pageOf(carrierRecord),
    access: { staff: 'carrier:view' },
  }),
  save: endpoint({
    method: 'POST',
    path: '/carrier/save',
    kind: 'json',
    summary: 'Create a carrier; its code is unique.',
    body: carrierInput,
    data: carrierRecord,
    access: { staff: 'carrier:edit' },
  }),
  update: endpoint({
    method: 'POST',
    path: '/carrier/update',
    kind: 'json',
    summary: 'Update a carrier (every field; the code stays unique).',
    body: z.object({ recId: id, ...carrierFields }).strict(),
    data: carrierRecord,
    access: { staff: 'carrier:edit' },
  }),
  view: endpoint({
    method: 'GET',
    path: '/carrier/view/{carrierId}',
    kind: 'json',
    summary: 'One carrier with its tracking nodes.',
    params: z.object({ carrierId: id }).strict(),
    data: carrierDetail,
    access: { staff: 'carrier:view' },
  }),
  listSimple: endpoint({
    method: 'POST',
    path: '/carrier/list/simple',
    kind: 'json',
    summary: 'Enabled carriers for pickers, by code; `lastMile` keeps only last-mile carriers.',
    body: z.object({ lastMile: z.boolean().optional() }).strict(),
    data: z.array(carrierOption),
    access: { staff: true },
  }),
  getLastCarrierCompany: endpoint({
    method: 'GET',
    path: '/carrier/getLastCarrierCompany',
    kind: 'json',
    summary: 'Enabled last-mile carriers for pickers, by code.',
    data: z.array(carrierOption),
    access: { staff: true },
  }),
  saveTrackingNode: endpoint({
    method: 'POST',
    path: '/carrier/saveTrackingNode',
    kind: 'json',
    summary: "Add a node to a carrier's tracking map: its event code and our names (and order status).",
    body: z.object({ carrierId: id, ...nodeFields }).strict(),
    data: trackingNodeRecord,
    access: { staff: 'carrier:edit' },
  }),
  updateTrackingNode: endpoint({
    method: 'POST',
    path: '/carrier/updateTrackingNode',
    kind: 'json',
    summary: "Update a node of a carrier's tracking map.",
    body: z.object({ recId: id, ...nodeFields }).strict(),
    data: trackingNodeRecord,
    access: { staff: 'carrier:edit' },
  }),
  deleteTrackingNode: endpoint({
    method: 'GET',
    path: '/carrier/deleteTrackingNode/{id}',
    kind: 'json',
    summary: 'Delete a tracking node of a carrier.',
    params: z.object({ id }).strict(),
    data: z.null(),
    access: { staff: 'carrier:edit' },
  }),
  trackingNode: endpoint({
    method: 'GET',
    path: '/carrier/trackingNode/{carrierCode}',
    kind: 'json',
    summary: "A carrier's tracking nodes by its code, in sort order.",
    params: z.object({ carrierCode }).strict(),
    data: z.array(trackingNodeRecord),
    access: { staff: 'carrier:view' },
  }),
};
