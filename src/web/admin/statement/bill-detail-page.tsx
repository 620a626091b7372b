import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Radio, Tag } from 'antd';
import { useEffect } from 'react';
import { statementMutations } from '../../api/queries/statement.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { CurrencyTable } from '../report/money.tsx';
import { OrderLinesTable } from '../report/order-lines-table.tsx';
import { PeriodDetail } from '../report/period-detail.tsx';
import { billDetail } from './bill-search.ts';

const routeApi = getRouteApi('/_desk/admin/report/logisticsbill/$id');

/**
 * report/logisticsbill/{id}: one customer's bill for one period — its totals per currency (fees,
 * COD collected, net: positive is owed to the customer, negative by the customer), its orders by
 * statement date, and its export (the orders, then a total line per currency).
 */
export function BillDetailPage() {
  const { t, i18n } = useLingui();
  const { id } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canExport = useCan('statement:export');
  const detail = useQuery(billDetail.query(billDetail.deps(search), i18n, { id }));
  const exportBill = useMutation(statementMutations.billExport());
  const bill = detail.data?.summary;
  const name = bill ? `${bill.customerCode} ${bill.startDate}` : undefined;

  useEffect(() => {
    if (name && search.name !== name) void navigate({ search: (prev) => ({ ...prev, name }), replace: true });
  }, [name, search.name, navigate]);

  return (
    <PeriodDetail
      testId="bill-detail-page"
      title={
        bill &&
        (bill.startDate === bill.endDate
          ? `${bill.customerCode} ${bill.startDate}`
          : `${bill.customerCode} ${bill.startDate} – ${bill.endDate}`)
      }
      subtitle={bill?.customerName}
      tags={
        bill && (
          <>
            <Tag>{bill.cycleName}</Tag>
            {bill.open ? <Tag color="processing">{t`Open`}</Tag> : <Tag color="success">{t`Closed`}</Tag>}
          </>
        )
      }
      actions={
        canExport && <ExportAction label={t`Export the bill`} start={() => exportBill.mutateAsync(id)} />
      }
      counts={bill}
      missing={detail.isError}
      onBack={() => void navigate({ to: '/admin/report/logisticsbill' })}
      trackingNos={search.trackingNos}
      onTrackingNos={(trackingNos) =>
        void navigate({ search: (prev) => ({ ...prev, trackingNos, pageNo: 1 }) })
      }
      totals={
        <CurrencyTable
          testId="bill-totals"
          amounts={bill?.amounts ?? []}
          columns={[
            { key: 'freight', title: t`Freight` },
            { key: 'codFee', title: t`COD service fee` },
            { key: 'otherFee', title: t`Other fees` },
            { key: 'totalFee', title: t`Total fees` },
            { key: 'codCollected', title: t`COD collected` },
            { key: 'net', title: t`Net amount`, strong: true },
          ]}
        />
      }
      orders={
        <>
          <Radio.Group
            data-testid="bill-status"
            aria-label={t`Status`}
            style={{ marginBlock: 12 }}
            optionType="button"
            value={search.status ?? ''}
            onChange={(e) =>
              void navigate({
                search: (prev) => ({ ...prev, status: e.target.value || undefined, pageNo: 1 }),
              })
            }
            options={[
              { value: '', label: t`All` },
              { value: '9', label: t`Signed` },
              { value: '10', label: t`Returned` },
            ]}
          />
          <OrderLinesTable
            testId="bill-orders"
            page={detail.data}
            loading={detail.isFetching}
            codTitle={t`COD collected`}
            statementDate
            onPage={(pageNo, pageSize) =>
              void navigate({ search: (prev) => ({ ...prev, pageNo, pageSize }) })
            }
          />
        </>
      }
    />
  );
}
