import { useLingui } from '@lingui/react/macro';
import { type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Page } from '../../../shared/contract/core.ts';
import { RowsTable, TableSummary } from '../kit/rows-table.tsx';
import { Kg, MoneyLines } from './money.tsx';

/**
 * The table of grouped rows (report rows, bills, COD collected): leading columns that name a row,
 * then counts, weights and per-currency money, and a last row with the totals of every row the
 * filters select (not only this page). One column list makes both the cells and the totals.
 */

/** The counts and weight a group table and a period's page show. */
export interface Counts {
  orderCount: number;
  packageCount: number;
  codOrderCount: number;
  signedCount: number;
  returnedCount: number;
  chargeableWeight: string;
}

export interface GroupColumn<R, T> {
  key: string;
  title: ReactNode;
  render: (row: R) => ReactNode;
  /** The totals' cell; none: empty. */
  total?: (totals: T) => ReactNode;
  align?: 'start' | 'end';
  fixed?: 'start';
}

type WithAmounts<A> = { amounts: A[] };

/** Count and weight columns. */
export function useCountColumns<R extends Counts, T extends Counts>(): GroupColumn<R, T>[] {
  const { t } = useLingui();
  const count = (key: keyof Counts & string, title: string): GroupColumn<R, T> => ({
    key,
    title,
    align: 'end',
    render: (r) => r[key],
    total: (x) => <Typography.Text strong>{x[key]}</Typography.Text>,
  });
  return [
    count('orderCount', t`Orders`),
    count('packageCount', t`Pieces`),
    count('codOrderCount', t`COD orders`),
    count('signedCount', t`Signed`),
    count('returnedCount', t`Returned`),
    {
      key: 'chargeableWeight',
      title: t`Chargeable weight (kg)`,
      align: 'end',
      render: (r) => <Kg value={r.chargeableWeight} />,
      total: (x) => <Kg value={x.chargeableWeight} strong />,
    },
  ];
}

/** Money columns: one per field, a line per currency. */
export function moneyColumns<
  A extends { currency: string },
  R extends WithAmounts<A>,
  T extends WithAmounts<A>,
>(
  fields: { key: { [K in keyof A]: A[K] extends string ? K : never }[keyof A]; title: string }[],
): GroupColumn<R, T>[] {
  return fields.map((f) => ({
    key: String(f.key),
    title: f.title,
    align: 'end',
    render: (r) => <MoneyLines amounts={r.amounts} field={f.key} />,
    total: (x) => <MoneyLines amounts={x.amounts} field={f.key} strong />,
  }));
}

export function GroupTable<R extends object, T>({
  page,
  totals,
  columns,
  rowKey,
  loading,
  empty,
  onPage,
  onRow,
  testId,
}: {
  page: Page<R> | undefined;
  totals: T | undefined;
  columns: GroupColumn<R, T>[];
  rowKey: (row: R) => string;
  loading: boolean;
  empty: string;
  onPage: (pageNo: number, pageSize: number) => void;
  onRow?: (row: R) => void;
  testId: string;
}) {
  const { t } = useLingui();
  const total = page?.total ?? 0;
  const antColumns: TableColumnsType<R> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align,
    fixed: c.fixed,
    render: (_: unknown, r: R) => c.render(r),
  }));
  return (
    <RowsTable<R>
      testId={testId}
      rowKey={rowKey}
      size="middle"
      loading={loading}
      rows={page?.records}
      columns={antColumns}
      onRow={onRow ? (r) => ({ onClick: () => onRow(r), style: { cursor: 'pointer' } }) : undefined}
      empty={empty}
      summary={() =>
        totals && total > 0 ? (
          <TableSummary fixed="bottom">
            <TableSummary.Row data-testid={`${testId}-totals`}>
              {columns.map((c, i) => (
                <TableSummary.Cell key={c.key} index={i} align={c.align}>
                  {i === 0 ? <Typography.Text strong>{t`Total`}</Typography.Text> : c.total?.(totals)}
                </TableSummary.Cell>
              ))}
            </TableSummary.Row>
          </TableSummary>
        ) : null
      }
      pages={{ page, onPage, showTotal: (n) => t`${n} in total` }}
    />
  );
}
