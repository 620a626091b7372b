import { sql } from 'drizzle-orm';
import type {
  AnalysisFilters,
  ExceptionOrder,
  StatisticsRequest,
} from '../../../shared/contract/analysis.ts';
import type { ExportTaskRecord } from '../../../shared/contract/export-task.ts';
import { EXCEPTION_KINDS, EXCEPTION_SOURCE, type ExceptionKind } from '../../../shared/domain/analysis.ts';
import { FeeType } from '../../../shared/domain/order-fees.ts';
import { analysisMessages as m } from '../../../shared/i18n/analysis-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { type ExportColumn, keysetPages, startExport } from '../../files/export.ts';
import type { Ctx } from '../../http/context.ts';
import { orderAnalysis } from './analysis-breakdown.ts';
import {
  exceptionOrderCount,
  exceptionOrderPage,
  exceptionRows,
  kindCode,
  kindMessage,
  kindName,
} from './analysis-exception.ts';
import { nameOf, namesOf } from './analysis-names.ts';
import { addDecimals, analysisReads, analysisScope, entryOf, feeLinesOf } from './analysis-scope.ts';
import { GROUP_KEY } from './analysis-statistics.ts';

interface DayGroup {
  day: string;
  key: string;
  code: string;
  name: string;
  orders: number;
  weightKg: string;
  codOrders: number;
  /** Amounts by `${metric}:${currency}`. */
  amounts: Map<string, string>;
}

const AMOUNT_COLUMNS: [metric: string, header: MessageDescriptor][] = [
  ['cod', m.colCodAmount],
  [String(FeeType.freight), m.colFreight],
  [String(FeeType.codFee), m.colCodFee],
];

/**
 * order/analysis/exportStatistics: one row per day and group (every group, days without orders
 * left out), the amounts in a column per metric and currency found.
 */
export function exportStatistics(ctx: Ctx, q: StatisticsRequest): Promise<ExportTaskRecord> {
  const s = analysisScope(q, ctx.user, ctx.config.businessTimeZone);
  const g = GROUP_KEY[q.groupBy];
  let rows: DayGroup[] = [];
  return startExport<DayGroup>(ctx, {
    kind: 'analysisStatistics',
    title: m.statisticsTitle,
    filters: { ...q },
    columns: (root: Db) =>
      analysisReads(root, async (db) => {
        const fees = await feeLinesOf(db, s);
        const res = await db.execute<{
          day: number;
          g: string;
          n: number;
          w: string;
          cn: number;
          metric: string;
          cur: string;
          a: string;
        }>(sql`
        SELECT ${s.day} AS day, ${g} AS g, count(*)::int AS n, sum(o.chargeable_weight)::text AS w,
          count(*) FILTER (WHERE o.is_cod)::int AS cn, NULL AS metric, NULL AS cur, NULL AS a
        FROM orders o WHERE ${s.cond} GROUP BY 1, 2
        UNION ALL
        SELECT ${s.day}, ${g}, NULL, NULL, NULL, 'cod', o.cod_currency, sum(o.cod_amount)::text
        FROM orders o WHERE ${s.cond} AND o.is_cod GROUP BY 1, 2, 7
        UNION ALL
        SELECT ${s.day}, ${g}, NULL, NULL, NULL, fd.fee_type::text, fd.currency, sum(fd.amount)::text
        FROM orders o ${fees} WHERE ${s.cond} GROUP BY 1, 2, 6, 7`);
        const names =
          q.groupBy === 'none'
            ? new Map()
            : await namesOf(db, q.groupBy, [...new Set(res.rows.map((r) => r.g))], ctx.t, ctx.locale);
        const byKey = new Map<string, DayGroup>();
        const found = new Set<string>();
        for (const r of res.rows) {
          const x = entryOf(byKey, `${r.day}|${r.g}`, () => ({
            day: s.echo.days[r.day]!,
            key: r.g,
            ...nameOf(names, r.g, ctx.t, q.groupBy),
            orders: 0,
            weightKg: '0',
            codOrders: 0,
            amounts: new Map<string, string>(),
          }));
          if (r.metric === null) Object.assign(x, { orders: r.n, weightKg: r.w, codOrders: r.cn });
          else {
            const k = `${r.metric}:${r.cur}`;
            x.amounts.set(k, addDecimals([x.amounts.get(k) ?? '0', r.a], 2));
            found.add(k);
          }
        }
        rows = [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day) || b.orders - a.orders);
        const amountColumns = AMOUNT_COLUMNS.flatMap(([metric, header]) =>
          [...found]
            .filter((k) => k.startsWith(`${metric}:`))
            .sort()
            .map(
              (k): ExportColumn<DayGroup> => ({
                header,
                headerValues: { currency: k.slice(metric.length + 1) },
                value: (r) => r.amounts.get(k) ?? '0',
              }),
            ),
        );
        return [
          { header: m.colDay, width: 12, value: (r) => r.day },
          { header: m.colGroupCode, width: 14, value: (r) => r.code },
          { header: m.colGroup, width: 28, value: (r) => r.name },
          { header: m.colOrders, width: 10, value: (r) => r.orders },
          { header: m.colWeight, width: 18, value: (r) => r.weightKg },
          { header: m.colCodOrders, width: 12, value: (r) => r.codOrders },
          ...amountColumns,
        ];
      }),
    count: async () => rows.length,
    rows: async function* () {
      yield* rows;
    },
  });
}

interface ExceptionDayRow {
  day: string;
  orders: number;
  counts: Map<number, { n: number; open: number }>;
}

/** order/analysis/exportException: a total row, then one row per day, a column per kind (and its open ones). */
export function exportException(ctx: Ctx, f: AnalysisFilters): Promise<ExportTaskRecord> {
  const s = analysisScope(f, ctx.user, ctx.config.businessTimeZone);
  const t = ctx.t;
  let rows: ExceptionDayRow[] = [];
  const cell = (kind: ExceptionKind, open: boolean) => (r: ExceptionDayRow) => {
    const c = r.counts.get(kindCode(kind));
    return open ? (c?.open ?? 0) : (c?.n ?? 0);
  };
  const kindColumns = EXCEPTION_KINDS.flatMap((kind): ExportColumn<ExceptionDayRow>[] => {
    const count: ExportColumn<ExceptionDayRow> = { header: kindMessage(kind), value: cell(kind, false) };
    return 'abnormal' in EXCEPTION_SOURCE[kind]
      ? [count, { header: m.colKindOpen, headerValues: { kind: kindName(t, kind) }, value: cell(kind, true) }]
      : [count];
  });
  return startExport<ExceptionDayRow>(ctx, {
    kind: 'analysisException',
    title: m.exceptionTitle,
    filters: { ...f },
    columns: [
      { header: m.colDay, width: 12, value: (r) => r.day },
      { header: m.colOrders, width: 10, value: (r) => r.orders },
      ...kindColumns,
    ],
    count: async () => s.echo.days.length + 1,
    rows: async function* (db) {
      const total: ExceptionDayRow = { day: t(m.total), orders: 0, counts: new Map() };
      const days: ExceptionDayRow[] = s.echo.days.map((day) => ({ day, orders: 0, counts: new Map() }));
      for (const r of await analysisReads(db, (tx) => exceptionRows(tx, s))) {
        const day = days[r.day]!;
        if (r.kind === 0) {
          day.orders = r.n;
          total.orders += r.n;
          continue;
        }
        day.counts.set(r.kind, { n: r.n, open: r.open ?? 0 });
        const sum = total.counts.get(r.kind) ?? { n: 0, open: 0 };
        total.counts.set(r.kind, { n: sum.n + r.n, open: sum.open + (r.open ?? 0) });
      }
      rows = [total, ...days];
      yield* rows;
    },
  });
}

interface SectionRow {
  section: string;
  code: string;
  name: string;
  orders: number;
  share: number;
  weightKg: string | null;
  codOrders: number | null;
}

/** order/analysis/exportOrderAnalysis: one row per item of each breakdown, with its share of the orders. */
export function exportOrderAnalysis(ctx: Ctx, f: AnalysisFilters): Promise<ExportTaskRecord> {
  const t = ctx.t;
  let rows: SectionRow[] = [];
  return startExport<SectionRow>(ctx, {
    kind: 'analysisOrders',
    title: m.orderAnalysisTitle,
    filters: { ...f },
    columns: async (db) => {
      const a = await analysisReads(db, (tx) =>
        orderAnalysis(tx, ctx.user, f, ctx.config.businessTimeZone, t, ctx.locale),
      );
      const share = (n: number) => (a.orders ? Math.round((n / a.orders) * 10_000) / 100 : 0);
      const status =
        (section: MessageDescriptor) => (x: { status: number; name: string; orders: number }) => ({
          section: t(section),
          code: String(x.status),
          name: x.name,
          orders: x.orders,
          share: share(x.orders),
          weightKg: null,
          codOrders: null,
        });
      const items =
        (section: MessageDescriptor) =>
        (x: { code: string; name: string; orders: number; weightKg: string; codOrders: number }) => ({
          section: t(section),
          code: x.code,
          name: x.name,
          orders: x.orders,
          share: share(x.orders),
          weightKg: x.weightKg,
          codOrders: x.codOrders,
        });
      rows = [
        ...a.funnel.map(status(m.sectionFunnel)),
        ...a.statuses.map(status(m.sectionStatus)),
        ...a.countries.map(items(m.sectionCountry)),
        ...a.channels.map(items(m.sectionChannel)),
        ...a.customers.map(items(m.sectionCustomer)),
        ...a.carriers.map(items(m.sectionCarrier)),
      ];
      return [
        { header: m.colSection, width: 18, value: (r) => r.section },
        { header: m.colGroupCode, width: 14, value: (r) => r.code },
        { header: m.colGroup, width: 28, value: (r) => r.name },
        { header: m.colOrders, width: 10, value: (r) => r.orders },
        { header: m.colShare, width: 10, value: (r) => r.share },
        { header: m.colWeight, width: 18, value: (r) => r.weightKg },
        { header: m.colCodOrders, width: 12, value: (r) => r.codOrders },
      ];
    },
    count: async () => rows.length,
    rows: async function* () {
      yield* rows;
    },
  });
}

/** order/analysis/exportExceptionDetail: every order behind a kind's count, by order id. */
export function exportExceptionDetail(
  ctx: Ctx,
  q: AnalysisFilters & { kind: ExceptionKind; openOnly: boolean },
): Promise<ExportTaskRecord> {
  const s = analysisScope(q, ctx.user, ctx.config.businessTimeZone);
  const t = ctx.t;
  const kind = kindName(t, q.kind);
  return startExport<ExceptionOrder>(ctx, {
    kind: 'analysisExceptionOrders',
    title: m.exceptionDetailTitle,
    filters: { ...q },
    columns: [
      { header: m.colTrackingNo, width: 18, value: (r) => r.trackingNo },
      { header: m.colCustomerNo, width: 20, value: (r) => r.customerNo },
      { header: m.colCustomer, width: 24, value: (r) => `${r.customerCode} ${r.customerName}` },
      { header: m.colChannel, width: 24, value: (r) => r.channelName },
      { header: m.colCountry, width: 14, value: (r) => r.countryName },
      { header: m.colStatus, width: 14, value: (r) => r.statusName },
      { header: m.colCreatedAt, width: 20, time: true, value: (r) => r.createdAt },
      { header: m.colArrivedAt, width: 20, time: true, value: (r) => r.arrivedAt },
      { header: m.colKind, width: 20, value: () => kind },
      { header: m.colMarkedAt, width: 20, time: true, value: (r) => r.markedAt },
      { header: m.colOpen, width: 8, value: (r) => (r.open === null ? null : t(r.open ? m.yes : m.no)) },
      { header: m.colHandledAt, width: 20, time: true, value: (r) => r.handledAt },
    ],
    count: (db) => exceptionOrderCount(db, s, q.kind, q.openOnly),
    rows: (db) =>
      keysetPages(
        (after, limit) => exceptionOrderPage(db, s, q.kind, q.openOnly, after, limit, t, ctx.locale),
        (r) => r.recId,
      ),
  });
}
