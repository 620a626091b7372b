import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SHEET_FILE } from '../../../shared/contract/core.ts';
import { type OrderImportResult, orderImportFields } from '../../../shared/contract/order-import.ts';
import { limitIssues } from '../../../shared/domain/channel-limits.ts';
import { LOCALES, type Locale } from '../../../shared/domain/enums.ts';
import {
  type EntryIssue,
  type GoodsEntry,
  MAX_GOODS_LINES,
  orderEntryIssues,
} from '../../../shared/domain/order-entry.ts';
import { fileMessages } from '../../../shared/i18n/file-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { orderImportMessages as mi } from '../../../shared/i18n/order-import-messages.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import { customers } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { type ImportSpec, type RowError, receiveFile, runImport } from '../../files/import.ts';
import { customerScope } from '../../http/access.ts';
import type { Ctx } from '../../http/context.ts';
import { notFound, rule } from '../../http/errors.ts';
import { translator } from '../../i18n.ts';
import { invalidFields } from '../order-core/order-store.ts';
import {
  type ColumnKey,
  GOODS_KEYS,
  MUST_FILL,
  ORDER_IMPORT_COLUMNS,
  ORDER_IMPORT_EXAMPLE,
  ORDER_KEYS,
  type OrderImportRow,
  orderImportRow,
} from './order-import-columns.ts';
import {
  type ChannelRef,
  channelServes,
  findChannel,
  type ImportRefs,
  loadImportRefs,
  type RegionRef,
  regionLabel,
} from './order-import-refs.ts';
import { type PreparedOrder, writeOrders } from './order-import-write.ts';

export const ORDER_IMPORT_KIND = 'order';

/** What one import works on: the customer, the caller's reach, and the orders once checked. */
export interface OrderImportTarget {
  customerId: number;
  locale: Locale;
  /** Kept in import_logs.detail (read by the import records screen). */
  detail: { orderCount?: number };
  orders: PreparedOrder[];
  sensitiveCount: number;
}

const YES = new Set(['y', 'yes', '1', 'true', '是', 'نعم']);
const NO = new Set(['', 'n', 'no', '0', 'false', '否', 'لا']);
const yesNo = (v: string): boolean | undefined => {
  const k = v.toLowerCase();
  return YES.has(k) ? true : NO.has(k) ? false : undefined;
};

let packingNames: Map<string, number> | undefined;
/** 1, 2, 3 or the packing type's name in any of the three languages; empty: own packaging. */
function packingOf(v: string): number | undefined {
  if (v === '') return 3;
  if (/^[123]$/.test(v)) return Number(v);
  packingNames ??= new Map(
    LOCALES.flatMap((l) =>
      ([1, 2, 3] as const).map((n) => [translator(l)(mi[`packing${n}`]).toLowerCase(), n] as const),
    ),
  );
  return packingNames.get(v.toLowerCase());
}

const LEVEL_KEYS = ['country', 'province', 'city', 'district'] as const satisfies readonly ColumnKey[];
const EMAIL = z.email();
const ENTRY_PATHS: Record<string, ColumnKey> = {
  customerNo: 'customerNo',
  weight: 'weight',
  length: 'length',
  width: 'width',
  height: 'height',
  packageCount: 'packageCount',
  codAmount: 'codAmount',
  codCurrency: 'codCurrency',
  'consignee.phone': 'consigneePhone',
  'consignee.phone2': 'consigneePhone2',
  // The declared value (the channel's limits) is the goods lines' unit prices summed.
  goods: 'unitPrice',
};
const optional = (v: string) => (v === '' ? undefined : v);

type Line = { row: number; value: OrderImportRow };
type Fail = (
  row: number,
  key: ColumnKey,
  message: MessageDescriptor,
  values?: Record<string, unknown>,
) => void;

/**
 * The consignee's regions from the country, province, city and district cells (names in any
 * language or codes), each looked up under the one before; like order/create, the address goes
 * down to the city, or to the deepest level the region list has there.
 */
function regionChainOf(h: OrderImportRow, refs: ImportRefs, row: number, fail: Fail, locale: Locale) {
  if (h.country === '') return null;
  const country = refs.regions.find(null, h.country);
  if (!country) {
    fail(row, 'country', mi.countryUnknown, { name: h.country });
    return null;
  }
  const chain: RegionRef[] = [country];
  for (const key of LEVEL_KEYS.slice(1)) {
    if (h[key] === '') break;
    const parent = chain[chain.length - 1]!;
    const found = refs.regions.find(parent, h[key]);
    if (!found) {
      fail(row, key, mi.regionUnknown, { name: h[key], parent: regionLabel(parent, locale) });
      return null;
    }
    chain.push(found);
  }
  const last = chain[chain.length - 1]!;
  const skipped = LEVEL_KEYS.slice(chain.length).some((k) => h[k] !== '');
  if (skipped || (last.level < 2 && refs.regions.opens(last))) {
    fail(row, LEVEL_KEYS[chain.length]!, mi.regionMissing, { parent: regionLabel(last, locale) });
    return null;
  }
  return chain;
}

function channelOf(h: OrderImportRow, refs: ImportRefs, row: number, fail: Fail) {
  if (h.channel === '') return null;
  const channel = findChannel(refs.channels, h.channel);
  if (!channel) fail(row, 'channel', mi.channelUnknown, { channel: h.channel });
  // Enabled and assigned to the customer, whoever imports (as order/create).
  else if (!channel.enabled || !channel.assigned) fail(row, 'channel', m.channelNotAllowed);
  else return channel;
  return null;
}

/** Checks one order (its rows) and answers it ready to write, or null after reporting its problems. */
function checkOrder(
  no: string,
  lines: readonly Line[],
  refs: ImportRefs,
  target: OrderImportTarget,
  fail: Fail,
): PreparedOrder | null {
  const head = lines[0]!;
  const h = head.value;
  for (const line of lines.slice(1))
    for (const k of ORDER_KEYS)
      if (line.value[k] !== '' && line.value[k] !== h[k])
        fail(line.row, k, mi.differsFromOrder, { row: head.row });
  for (const line of lines.slice(MAX_GOODS_LINES))
    fail(line.row, 'customerNo', mi.tooManyGoods, { max: MAX_GOODS_LINES });
  for (const line of lines)
    for (const k of MUST_FILL)
      if ((line === head || GOODS_KEYS.includes(k)) && k !== 'nameEn' && line.value[k] === '')
        fail(line.row, k, fileMessages.importRequired);

  const isCod = yesNo(h.cod);
  if (isCod === undefined) fail(head.row, 'cod', mi.yesNoInvalid);
  else if (isCod && !refs.codAllowed) fail(head.row, 'cod', m.codNotAllowed);
  const packingType = packingOf(h.packingType);
  if (packingType === undefined) fail(head.row, 'packingType', mi.packingTypeInvalid);
  if (h.consigneeEmail !== '' && !EMAIL.safeParse(h.consigneeEmail).success)
    fail(head.row, 'consigneeEmail', mi.emailInvalid);

  const goods = lines.map(({ value: g }) => ({
    nameEn: g.nameEn,
    nameCn: g.nameCn,
    quantity: g.quantity,
    hsCode: g.hsCode,
    unitPrice: g.unitPrice,
    currency: (g.currency || 'USD').toUpperCase(),
    specification: g.specification,
  })) satisfies GoodsEntry[];
  const entry = {
    customerNo: no,
    weight: h.weight,
    length: optional(h.length),
    width: optional(h.width),
    height: optional(h.height),
    packageCount: h.packageCount || '1',
    isCod: isCod === true,
    codAmount: optional(h.codAmount),
    codCurrency: h.codCurrency.toUpperCase(),
    consignee: { phone: h.consigneePhone, phone2: optional(h.consigneePhone2) },
    goods,
  };
  const report = (issue: EntryIssue) => {
    const goodsAt = /^goods\.(\d+)\.(\w+)$/.exec(issue.path);
    if (goodsAt)
      fail(lines[Number(goodsAt[1])]!.row, goodsAt[2] as ColumnKey, issue.descriptor, issue.values);
    else if (ENTRY_PATHS[issue.path])
      fail(head.row, ENTRY_PATHS[issue.path]!, issue.descriptor, issue.values);
  };
  orderEntryIssues(entry).forEach(report);

  const channel: ChannelRef | null = channelOf(h, refs, head.row, fail);
  if (channel) limitIssues(channel.limits, entry).forEach(report);
  const chain = regionChainOf(h, refs, head.row, fail, target.locale);
  if (channel && chain && !channelServes(channel, chain[0]!.id))
    fail(head.row, 'channel', m.channelNotServing, { country: regionLabel(chain[0]!, target.locale) });
  const sender =
    h.senderName !== ''
      ? {
          name: h.senderName,
          phone: h.senderPhone,
          company: '',
          regionId: null,
          address: h.senderAddress,
          postcode: '',
        }
      : refs.sender;
  if (!sender) fail(head.row, 'senderName', m.senderRequired);

  if (!channel || !chain || !sender || packingType === undefined) return null;
  return {
    customerNo: no,
    channelId: channel.id,
    divisor: channel.divisor,
    sender,
    consignee: {
      name: h.consigneeName,
      phone: h.consigneePhone,
      phone2: h.consigneePhone2,
      email: h.consigneeEmail,
      address: h.address,
      postcode: h.postcode,
    },
    regions: chain,
    packingType,
    packageCount: Number(entry.packageCount),
    weight: h.weight,
    length: entry.length,
    width: entry.width,
    height: entry.height,
    isCod: entry.isCod,
    codAmount: entry.isCod ? entry.codAmount! : '0',
    codCurrency: entry.isCod ? entry.codCurrency : '',
    remark: h.remark,
    goods: goods.map((g) => ({ ...g, quantity: Number(g.quantity) })),
  };
}

/**
 * The order importer. Rows are grouped into orders by customer order no; every order is checked
 * as order/create checks one (the entry rules with the spec's messages, the channel, the regions,
 * COD, the sender, the customer no not taken), all in `check` so that a file's every problem is
 * reported at once, and the orders are then written in bulk in the engine's transaction.
 */
export const orderImport: ImportSpec<OrderImportRow, OrderImportTarget> = {
  kind: ORDER_IMPORT_KIND,
  title: mi.title,
  columns: ORDER_IMPORT_COLUMNS,
  row: orderImportRow,
  maxRows: 100_000,
  example: ORDER_IMPORT_EXAMPLE,
  async check(rows, ctx, target) {
    const errors: RowError[] = [];
    const reported = new Set<string>();
    const header = new Map(ORDER_IMPORT_COLUMNS.map((c) => [c.key as ColumnKey, ctx.t(c.header)]));
    const fail: Fail = (row, key, message, values) => {
      const at = `${row}:${key}`;
      if (reported.has(at)) return;
      reported.add(at);
      errors.push({ row, column: header.get(key)!, message: ctx.t(message, values) });
    };

    const orders = new Map<string, Line[]>();
    for (const line of rows) {
      const no = line.value.customerNo;
      if (no === '') fail(line.row, 'customerNo', fileMessages.importRequired);
      else {
        const lines = orders.get(no);
        if (lines) lines.push(line);
        else orders.set(no, [line]);
      }
    }
    target.detail.orderCount = orders.size;

    const [refs, taken] = await Promise.all([
      loadImportRefs(ctx.db, target.customerId),
      ctx.db.execute<{ customer_no: string }>(
        sql`SELECT customer_no FROM orders WHERE customer_id = ${target.customerId}
            AND customer_no = ANY(${sql.param([...orders.keys()])}::text[])`,
      ),
    ]);
    const takenNos = new Set(taken.rows.map((r) => r.customer_no));
    for (const [no, lines] of orders) {
      const before = errors.length;
      const prepared = checkOrder(no, lines, refs, target, fail);
      if (takenNos.has(no)) fail(lines[0]!.row, 'customerNo', m.customerNoTaken, { no });
      if (prepared && errors.length === before) target.orders.push(prepared);
    }
    return errors;
  },
  async write(tx, _rows, ctx, target) {
    target.sensitiveCount = (await writeOrders(tx, target.customerId, ctx.user.id, target.orders)).flagged;
  },
};

/** The template: the same columns with the ones to fill starred. */
export const orderImportTemplate: ImportSpec<OrderImportRow, OrderImportTarget> = {
  ...orderImport,
  columns: ORDER_IMPORT_COLUMNS.map((c) => ({ ...c, required: MUST_FILL.includes(c.key) })),
};

/** The customer the orders are for: a customer account's own; for staff the `customerId` field (required). */
async function importCustomer(ctx: Ctx, fields: Record<string, string>): Promise<number> {
  const parsed = orderImportFields.safeParse(fields);
  const given = parsed.success ? parsed.data.customerId : undefined;
  const scope = customerScope(ctx.user);
  if (scope !== null) {
    if (given !== undefined && given !== scope) throw notFound();
    return scope;
  }
  const issue = [{ path: 'customerId', descriptor: m.customerRequired }];
  if (given === undefined) throw invalidFields(issue);
  const [found] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.id, given));
  if (!found) throw invalidFields(issue);
  return given;
}

/** order/importOrder: receives the file (and the staff's customer field), imports, answers the counts. */
export async function importOrders(ctx: Ctx): Promise<OrderImportResult> {
  const file = await receiveFile(ctx.req, SHEET_FILE);
  const customerId = await importCustomer(ctx, file.fields);
  const target: OrderImportTarget = {
    customerId,
    locale: ctx.locale,
    detail: {},
    orders: [],
    sensitiveCount: 0,
  };
  try {
    const { importId, rowCount } = await runImport(ctx, orderImport, file, target, {
      customerId,
      detail: target.detail,
    });
    return { importId, rowCount, orderCount: target.orders.length, sensitiveCount: target.sensitiveCount };
  } catch (err) {
    // Another import or entry took one of the customer nos between the check and the write.
    if (isUniqueViolation(err)) throw rule(m.customerNoTaken, { no: takenNoOf(err) });
    throw err;
  }
}

/** The customer no named by PostgreSQL's unique violation detail: "Key (customer_id, customer_no)=(1, X) …". */
export function takenNoOf(err: unknown): string {
  for (let e = err as { detail?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    const no = e.detail && /\)=\(\d+, (.*)\) already exists/.exec(e.detail)?.[1];
    if (no) return no;
  }
  return '';
}
