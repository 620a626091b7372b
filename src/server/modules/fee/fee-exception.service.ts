import { and, count, desc, eq, inArray, not, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type {
  FeeExceptionFilters,
  FeeExceptionListRecord,
  FeeInfoRecord,
} from '../../../shared/contract/fee.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { feeStateMessage } from '../../../shared/i18n/fee-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import { customers, feeExceptions, orders, regions, shippingChannels, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { feeReasonText } from '../order-core/order-fees.ts';
import { personName } from '../order-core/order-names.ts';
import { iso, isoOrNull } from '../order-core/order-read.ts';
import {
  cappedPage,
  orderColumns,
  orderConditions,
  orderJoins,
  orderPart,
  ruleExists,
  timeConditions,
} from './fee-read.ts';

export const feeStateName = (t: Translate, state: number): string => {
  const d = feeStateMessage(state);
  return d ? t(d) : String(state);
};

/** One fee exception with its order, the account that resolved it and the rule's presence now. */
export const selectExceptionRows = (db: Db) =>
  db
    .select({
      x: feeExceptions,
      ...orderColumns,
      chargeableWeight: orders.chargeableWeight,
      resolverNickname: users.nickname,
      resolverUsername: users.username,
      ruleAvailable: ruleExists,
    })
    .from(feeExceptions)
    .innerJoin(orders, eq(orders.id, feeExceptions.orderId))
    .innerJoin(customers, orderJoins.customer)
    .innerJoin(shippingChannels, orderJoins.channel)
    .innerJoin(regions, orderJoins.country)
    .leftJoin(users, eq(users.id, feeExceptions.resolvedBy));

export type ExceptionRow = Awaited<ReturnType<ReturnType<typeof selectExceptionRows>['where']>>[number];

type ExceptionRowOf = typeof feeExceptions.$inferSelect;

/** A fee exception's own fields in the caller's language (the list's rows and the fee sheet's history). */
function exceptionPart(
  x: ExceptionRowOf,
  resolver: { nickname: string | null; username: string | null },
  t: Translate,
  locale: Locale,
) {
  return {
    reason: x.reason,
    reasonText: feeReasonText(t, locale, x.reason, x.detail as Record<string, unknown>),
    state: x.state,
    stateName: feeStateName(t, x.state),
    createdAt: iso(x.createdAt),
    retriedAt: isoOrNull(x.retriedAt),
    resolvedAt: isoOrNull(x.resolvedAt),
    resolvedBy: personName(resolver),
  };
}

export function toExceptionRecord(r: ExceptionRow, t: Translate, locale: Locale): FeeExceptionListRecord {
  return {
    recId: r.x.id,
    ...orderPart(r, t, locale),
    chargeableWeight: r.chargeableWeight,
    ...exceptionPart(r.x, { nickname: r.resolverNickname, username: r.resolverUsername }, t, locale),
    ruleAvailable: r.ruleAvailable,
  };
}

/** The WHERE of the fee exception list and its export (the caller's scope included). */
export function exceptionConditions(
  f: FeeExceptionFilters & { ids?: number[] | undefined },
  user: AuthUser,
): SQL | undefined {
  return and(
    ...orderConditions(f, user),
    ...timeConditions(feeExceptions.createdAt, f),
    f.reason === undefined ? undefined : eq(feeExceptions.reason, f.reason),
    f.state === '-1' ? undefined : eq(feeExceptions.state, Number(f.state)),
    f.ruleAvailable === undefined ? undefined : f.ruleAvailable ? ruleExists : not(ruleExists),
    f.ids ? inArray(feeExceptions.id, f.ids) : undefined,
  );
}

/** feeException/list: newest first, a capped total. */
export function listFeeExceptions(
  db: Db,
  user: AuthUser,
  q: FeeExceptionFilters & { pageNo: number; pageSize: number },
  t: Translate,
  locale: Locale,
): Promise<Page<FeeExceptionListRecord>> {
  const cond = exceptionConditions(q, user);
  return cappedPage(
    selectExceptionRows(db)
      .where(cond)
      .orderBy(
        ...orderOf(
          q,
          {
            createdAt: feeExceptions.createdAt,
            retriedAt: feeExceptions.retriedAt,
            resolvedAt: feeExceptions.resolvedAt,
            chargeableWeight: orders.chargeableWeight,
          },
          feeExceptions.id,
          [desc(feeExceptions.createdAt), desc(feeExceptions.id)],
        ),
      )
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .then((rows) => rows.map((r) => toExceptionRecord(r, t, locale))),
    async (cap) => {
      const inner = db
        .select({ one: feeExceptions.id })
        .from(feeExceptions)
        .innerJoin(orders, eq(orders.id, feeExceptions.orderId))
        .where(cond)
        .limit(cap)
        .as('m');
      const [n] = await db.select({ n: count() }).from(inner);
      return n?.n ?? 0;
    },
    q,
  );
}

/** Every fee exception of the given orders, newest first, by order (the fee sheet's history). */
export async function exceptionHistory(
  db: Db,
  orderIds: number[],
  t: Translate,
  locale: Locale,
): Promise<Map<number, FeeInfoRecord['exceptions']>> {
  const rows = await db
    .select({ x: feeExceptions, nickname: users.nickname, username: users.username })
    .from(feeExceptions)
    .leftJoin(users, eq(users.id, feeExceptions.resolvedBy))
    .where(inArray(feeExceptions.orderId, orderIds))
    .orderBy(desc(feeExceptions.createdAt), desc(feeExceptions.id));
  const out = new Map<number, FeeInfoRecord['exceptions']>();
  for (const { x, ...u } of rows)
    out.set(x.orderId, [...(out.get(x.orderId) ?? []), { recId: x.id, ...exceptionPart(x, u, t, locale) }]);
  return out;
}
