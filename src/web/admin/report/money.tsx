import { useLingui } from '@lingui/react/macro';
import { Typography } from 'antd';
import type { CSSProperties } from 'react';
import { RowsTable } from '../kit/rows-table.tsx';

/**
 * Money as the reports show it: the server's decimal string as it came (exact, never through a
 * float), digits grouped, left to right even in Arabic, with its currency. Amounts of different
 * currencies are never added: a cell lists one line per currency.
 */

const NUMBER: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/** "1234567.50" → "1,234,567.50". */
export function groupDigits(v: string): string {
  const [whole = '', frac] = v.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${frac === undefined ? '' : `.${frac}`}`;
}

const isZero = (v: string) => /^-?0+(\.0+)?$/.test(v);

export function Money({ amount, currency, strong }: { amount: string; currency?: string; strong?: boolean }) {
  const negative = amount.startsWith('-');
  return (
    <Typography.Text style={NUMBER} strong={strong} type={negative ? 'danger' : undefined}>
      <span dir="ltr">
        {groupDigits(amount)}
        {currency ? ` ${currency}` : ''}
      </span>
    </Typography.Text>
  );
}

/** One field of per-currency amounts: a line per currency where it is not zero, else a dash. */
export function MoneyLines<A extends { currency: string }>({
  amounts,
  field,
  strong,
}: {
  amounts: readonly A[];
  field: { [K in keyof A]: A[K] extends string ? K : never }[keyof A];
  strong?: boolean;
}) {
  const lines = amounts.filter((a) => !isZero(a[field] as string));
  if (lines.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      {lines.map((a) => (
        <Money key={a.currency} amount={a[field] as string} currency={a.currency} strong={strong} />
      ))}
    </div>
  );
}

/** A weight in kg, exact. */
export const Kg = ({ value, strong }: { value: string; strong?: boolean }) => (
  <Typography.Text style={NUMBER} strong={strong}>
    <span dir="ltr">{groupDigits(value)}</span>
  </Typography.Text>
);

/** Per-currency totals as a small table: a row per currency, a column per field. */
export function CurrencyTable<A extends { currency: string }>({
  amounts,
  columns,
  testId,
}: {
  amounts: readonly A[];
  columns: { key: keyof A & string; title: string; strong?: boolean }[];
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <RowsTable<A>
      testId={testId}
      rowKey="currency"
      rows={amounts}
      empty={t`No amounts`}
      columns={[
        { title: t`Currency`, dataIndex: 'currency', render: (c: string) => <span dir="ltr">{c}</span> },
        ...columns.map((c) => ({
          title: c.title,
          dataIndex: c.key,
          align: 'end' as const,
          render: (v: string) => <Money amount={v} strong={c.strong} />,
        })),
      ]}
    />
  );
}
