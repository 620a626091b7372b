import type { I18n } from '@lingui/core';
import type { CustomerOptions } from '../../../shared/contract/customer.ts';
import { type ChannelLimits, limitIssues, NO_LIMITS } from '../../../shared/domain/channel-limits.ts';
import { type EntryIssue, orderEntryIssues } from '../../../shared/domain/order-entry.ts';
import type { OrderCreateBody } from '../../api/queries/customer-order.ts';

export interface GoodsValues {
  nameEn?: string;
  nameCn?: string;
  quantity?: string | number | null;
  hsCode?: string;
  unitPrice?: string | number | null;
  currency?: string;
  specification?: string;
  /** Photos: image/upload's URLs. */
  images?: string[];
}

/** The entry form's values, shaped like the order/create body so that a field path names both. */
export interface EntryValues {
  customerId?: number;
  customerNo?: string;
  channelId?: number;
  sender: { name?: string; phone?: string; regionIds?: number[]; address?: string; postcode?: string };
  consignee: {
    name?: string;
    phone?: string;
    phone2?: string;
    email?: string;
    regionIds?: number[];
    address?: string;
    postcode?: string;
  };
  packingType: '1' | '2' | '3';
  packageCount?: string | number | null;
  weight?: string | number | null;
  length?: string | number | null;
  width?: string | number | null;
  height?: string | number | null;
  isCod: boolean;
  codAmount?: string | number | null;
  codCurrency?: string;
  goods: GoodsValues[];
  remark?: string;
}

export const emptyGoods = (): GoodsValues => ({ currency: 'USD', quantity: '1' });

/** A new order: the customer's default channel and sender, one empty goods line. */
export function initialValues(options: CustomerOptions | undefined): EntryValues {
  const s = options?.sender;
  return {
    channelId: options?.defaultChannelId ?? undefined,
    sender: s
      ? { name: s.contact, phone: s.phone, regionIds: s.regionIds, address: s.address, postcode: s.postCode }
      : {},
    consignee: {},
    packingType: '3',
    packageCount: '1',
    isCod: false,
    codCurrency: 'SAR',
    goods: [emptyGoods()],
  };
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
const optional = (v: unknown) => text(v) || undefined;

/** The body order/create takes; an all-empty sender is left out (the customer's default is used). */
export function bodyOf(v: EntryValues): OrderCreateBody {
  const sender = v.sender ?? {};
  const senderGiven =
    [sender.name, sender.phone, sender.address].some((x) => text(x)) || !!sender.regionIds?.length;
  return {
    ...(v.customerId !== undefined ? { customerId: v.customerId } : {}),
    customerNo: optional(v.customerNo),
    channelId: v.channelId ?? 0,
    ...(senderGiven
      ? {
          sender: {
            name: text(sender.name),
            phone: text(sender.phone),
            regionId: sender.regionIds?.at(-1) ?? null,
            address: text(sender.address),
            postcode: text(sender.postcode),
          },
        }
      : {}),
    consignee: {
      name: text(v.consignee.name),
      phone: text(v.consignee.phone),
      phone2: text(v.consignee.phone2),
      email: text(v.consignee.email),
      regionIds: v.consignee.regionIds ?? [],
      address: text(v.consignee.address),
      postcode: text(v.consignee.postcode),
    },
    packingType: v.packingType,
    packageCount: text(v.packageCount) || '1',
    weight: text(v.weight),
    length: optional(v.length),
    width: optional(v.width),
    height: optional(v.height),
    isCod: v.isCod,
    codAmount: v.isCod ? optional(v.codAmount) : undefined,
    codCurrency: v.isCod ? optional(v.codCurrency) : undefined,
    goods: (v.goods ?? []).map((g) => ({
      nameEn: text(g.nameEn),
      nameCn: text(g.nameCn),
      quantity: text(g.quantity),
      hsCode: text(g.hsCode),
      unitPrice: text(g.unitPrice),
      currency: text(g.currency) || 'USD',
      specification: text(g.specification),
      images: g.images ?? [],
    })),
    remark: optional(v.remark),
  };
}

/**
 * The entry rules the server applies too (order-entry.ts), with the spec's messages, before sending;
 * with the chosen channel's limits (channel-limits.ts), an early hint of what the server refuses.
 */
export function entryIssues(body: OrderCreateBody, limits: ChannelLimits = NO_LIMITS): EntryIssue[] {
  const str = (v: string | number | null | undefined) =>
    v === undefined || v === null ? undefined : String(v);
  const entry = {
    customerNo: body.customerNo ?? undefined,
    weight: String(body.weight),
    length: str(body.length),
    width: str(body.width),
    height: str(body.height),
    packageCount: String(body.packageCount ?? '1'),
    isCod: body.isCod ?? false,
    codAmount: str(body.codAmount),
    codCurrency: body.codCurrency ?? undefined,
    consignee: { phone: body.consignee.phone, phone2: body.consignee.phone2 || undefined },
    goods: body.goods.map((g) => ({
      nameEn: g.nameEn ?? '',
      nameCn: g.nameCn,
      quantity: String(g.quantity),
      hsCode: g.hsCode,
      unitPrice: String(g.unitPrice),
      currency: g.currency ?? 'USD',
    })),
  };
  const issues = orderEntryIssues(entry);
  // A limit is looked at once its field is right (a wrong number is reported as such).
  const wrong = new Set(issues.map((i) => i.path));
  return [...issues, ...limitIssues(limits, entry).filter((i) => !wrong.has(i.path))];
}

/** `goods.0.nameEn` → ['goods', 0, 'nameEn'], the form's name of the field a path names. */
export const fieldName = (path: string): (string | number)[] =>
  path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** Field errors for the form, from the local checks or the server's `data.issues`. */
export function fieldErrors(
  issues: readonly { path: string; message: string }[],
): { name: (string | number)[]; errors: string[] }[] {
  const byPath = new Map<string, string[]>();
  for (const i of issues) if (i.path) byPath.set(i.path, [...(byPath.get(i.path) ?? []), i.message]);
  return [...byPath].map(([path, errors]) => ({ name: fieldName(path), errors }));
}

export const translatedIssues = (i18n: I18n, issues: readonly EntryIssue[]) =>
  issues.map((i) => ({ path: i.path, message: i18n._({ ...i.descriptor, values: i.values }) }));
