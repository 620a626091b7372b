import { useLingui } from '@lingui/react/macro';
import type { TableColumnsType } from 'antd';
import type { InvoiceRecord } from '../../../shared/contract/order-print.ts';
import { RowsTable } from '../kit/rows-table.tsx';

type Line = InvoiceRecord['lines'][number];

/** The goods lines an invoice states: names, HS code, quantity, unit value and amount. */
export function InvoiceLines({ invoice }: { invoice: InvoiceRecord }) {
  const { t } = useLingui();
  const columns: TableColumnsType<Line> = [
    { title: t`No.`, dataIndex: 'lineNo', width: 56 },
    { title: t`English name`, dataIndex: 'nameEn' },
    { title: t`Chinese name`, dataIndex: 'nameCn' },
    { title: t`HS code`, dataIndex: 'hsCode' },
    { title: t`Quantity`, dataIndex: 'quantity', align: 'end' },
    { title: t`Unit price`, dataIndex: 'unitPrice', align: 'end' },
    { title: t`Currency`, dataIndex: 'currency' },
    { title: t`Amount`, dataIndex: 'amount', align: 'end' },
  ];
  return <RowsTable rowKey="lineNo" columns={columns} rows={invoice.lines} />;
}
