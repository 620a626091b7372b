import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-status.ts';
import { endpoint, id, isoTime, listRequest, optionalText, pageOf, requiredText } from './core.ts';

/**
 * Our standard tracking nodes (tracking settings): the events every order's track is told in,
 * whatever the carrier. Carriers' own event codes map onto names like these (carrier nodes).
 * The public query of an order's track (`tracking/query/{no}`) lives in common.
 */
export const trackingSetting = z.object({
  recId: z.number().int(),
  code: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  /** In the language of the request. */
  name: z.string(),
  orderStatus: z.number().int().nullable(),
  sort: z.number().int(),
  status: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type TrackingSetting = z.infer<typeof trackingSetting>;

const fields = {
  code: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9_]{2,32}$/)),
  nameCn: requiredText(100),
  nameEn: requiredText(100),
  nameAr: requiredText(100),
  orderStatus: z.coerce
    .number()
    .int()
    .refine((v) => (ORDER_STATUSES as readonly number[]).includes(v))
    .nullable()
    .default(null),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  status: z.coerce.number().int().min(1).max(2).default(1),
};
export type TrackingSettingInput = z.input<z.ZodObject<typeof fields>>;

export const tracking = {
  save: endpoint({
    method: 'POST',
    path: '/tracking/save',
    kind: 'json',
    summary: 'Add a standard tracking node; its code is unique.',
    body: z.object(fields).strict(),
    data: trackingSetting,
    access: { staff: 'trackingNode:edit' },
  }),
  update: endpoint({
    method: 'POST',
    path: '/tracking/update',
    kind: 'json',
    summary: 'Update a standard tracking node (also enables or disables it).',
    body: z.object({ recId: id, ...fields }).strict(),
    data: trackingSetting,
    access: { staff: 'trackingNode:edit' },
  }),
  queryList: endpoint({
    method: 'POST',
    path: '/tracking/queryList',
    kind: 'json',
    summary: 'The enabled standard tracking nodes in sort order, for pickers.',
    body: z.object({}).strict(),
    data: z.array(trackingSetting),
    access: { staff: 'trackingNode:view' },
  }),
  list: endpoint({
    method: 'POST',
    path: '/tracking/list',
    kind: 'json',
    summary: 'Standard tracking nodes, paged, by code or name and status.',
    body: listRequest({
      keyword: optionalText(100),
      status: z.coerce.number().int().min(1).max(2).optional(),
    }),
    data: pageOf(trackingSetting),
    access: { staff: 'trackingNode:view' },
  }),
};
