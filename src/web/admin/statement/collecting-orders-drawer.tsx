import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Drawer, Flex } from 'antd';
import { useState } from 'react';
import type { CollectingOrder } from '../../../shared/contract/statement.ts';
import { parsePeriodKey } from '../../../shared/domain/report-period.ts';
import { statementMutations, statementQueries } from '../../api/queries/statement.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { useTime } from '../kit/use-time.ts';
import { CurrencyTable, Money } from '../report/money.tsx';
import { OrderLink } from '../report/order-lines-table.tsx';

/** A row id → the detail's filters: its customer, dates and currency. */
export function rowFilters(row: string) {
  const at = row.lastIndexOf('-');
  const period = parsePeriodKey(row.slice(0, at));
  return period
    ? {
        customerId: period.customerId,
        startDate: period.start,
        endDate: period.end,
        currency: row.slice(at + 1),
      }
    : null;
}

/** The signed COD orders behind one row of COD collected, with their totals and export. */
export function CollectingOrdersDrawer({
  row,
  title,
  onClose,
}: {
  row: string | undefined;
  title: string;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const time = useTime();
  const canExport = useCan('collecting:export');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const filters = row ? rowFilters(row) : null;
  const detail = useQuery({
    ...statementQueries.collectingDetail(i18n.locale, {
      ...(filters ?? { startDate: '', endDate: '' }),
      ...page,
    }),
    enabled: filters !== null,
  });
  const exportOrders = useMutation(statementMutations.collectingExport());
  const total = detail.data?.total ?? 0;

  return (
    <Drawer
      open={filters !== null}
      onClose={onClose}
      title={title}
      size={1040}
      destroyOnHidden
      afterOpenChange={(open) => !open && setPage({ pageNo: 1, pageSize: 20 })}
      extra={canExport && filters && <ExportAction start={() => exportOrders.mutateAsync(filters)} />}
    >
      <Flex vertical gap={16} data-testid="collecting-orders">
        <CurrencyTable
          testId="collecting-orders-totals"
          amounts={detail.data?.totals ?? []}
          columns={[
            { key: 'codAmount', title: t`COD collected` },
            { key: 'codFee', title: t`COD service fee` },
            { key: 'net', title: t`Net COD`, strong: true },
          ]}
        />
        <RowsTable<CollectingOrder>
          rowKey="orderId"
          loading={detail.isFetching}
          rows={detail.data?.records}
          empty={t`No orders`}
          pages={{
            page: { ...page, total },
            showTotal: () => t`${total} orders`,
            onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          columns={[
            {
              title: t`Tracking no`,
              dataIndex: 'trackingNo',
              render: (no: string, o) => <OrderLink id={o.orderId} trackingNo={no} />,
            },
            { title: t`Sign time`, dataIndex: 'signedAt', render: (v: string) => time(v) },
            { title: t`Destination`, dataIndex: 'countryName' },
            {
              title: t`Carrier tracking no`,
              dataIndex: 'carrierTrackingNo',
              render: (v: string | null) => (v ? <span dir="ltr">{v}</span> : '—'),
            },
            {
              title: t`COD collected`,
              dataIndex: 'codAmount',
              align: 'end',
              render: (v: string, o) => <Money amount={v} currency={o.currency} />,
            },
            {
              title: t`COD service fee`,
              dataIndex: 'codFee',
              align: 'end',
              render: (v: string) => <Money amount={v} />,
            },
            {
              title: t`Net COD`,
              dataIndex: 'net',
              align: 'end',
              render: (v: string) => <Money amount={v} strong />,
            },
          ]}
        />
      </Flex>
    </Drawer>
  );
}
