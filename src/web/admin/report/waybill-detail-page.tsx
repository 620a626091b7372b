import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Tag } from 'antd';
import { useEffect } from 'react';
import { reportMutations } from '../../api/queries/report.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { CurrencyTable } from './money.tsx';
import { OrderLinesTable } from './order-lines-table.tsx';
import { PeriodDetail } from './period-detail.tsx';
import { waybillDetail } from './waybill-search.ts';

const routeApi = getRouteApi('/_desk/admin/report/waybill/$id');

/**
 * report/waybill/{id}: the orders behind one row of the waybill report (a customer and a day or
 * month, with the time basis, channel and country the row was drawn with), its totals per currency,
 * and their export. Opens as its own tab, named by the customer and period.
 */
export function WaybillDetailPage() {
  const { t, i18n } = useLingui();
  const { id } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const canExport = useCan('report:export');
  const row = {
    id,
    timeBasis: search.timeBasis ?? 'create',
    channelId: search.channelId,
    countryId: search.countryId,
  };
  const detail = useQuery(waybillDetail.query(waybillDetail.deps(search), i18n, { id }));
  const exportRow = useMutation(reportMutations.reportRowExport());
  const summary = detail.data?.summary;
  const name = summary ? `${summary.customerCode} ${summary.period}` : undefined;

  // Opened by a bare link: the tab takes the customer and period as its name once known.
  useEffect(() => {
    if (name && search.name !== name) void navigate({ search: (prev) => ({ ...prev, name }), replace: true });
  }, [name, search.name, navigate]);

  return (
    <PeriodDetail
      testId="waybill-detail-page"
      title={name}
      subtitle={summary?.customerName}
      tags={
        <>
          <Tag>{row.timeBasis === 'arrival' ? t`By arrival` : t`By creation`}</Tag>
          {summary && summary.startDate !== summary.endDate && (
            <Tag dir="ltr">{`${summary.startDate} – ${summary.endDate}`}</Tag>
          )}
        </>
      }
      actions={canExport && <ExportAction start={() => exportRow.mutateAsync(row)} />}
      counts={summary}
      missing={detail.isError}
      onBack={() => void navigate({ to: '/admin/report/waybill' })}
      trackingNos={search.trackingNos}
      onTrackingNos={(trackingNos) =>
        void navigate({ search: (prev) => ({ ...prev, trackingNos, pageNo: 1 }) })
      }
      totals={
        <CurrencyTable
          testId="waybill-detail-totals"
          amounts={summary?.amounts ?? []}
          columns={[
            { key: 'freight', title: t`Freight` },
            { key: 'codFee', title: t`COD service fee` },
            { key: 'otherFee', title: t`Other fees` },
            { key: 'totalFee', title: t`Total fees`, strong: true },
            { key: 'codAmount', title: t`COD amount` },
          ]}
        />
      }
      orders={
        <OrderLinesTable
          testId="waybill-detail-orders"
          page={detail.data}
          loading={detail.isFetching}
          codTitle={t`COD amount`}
          onPage={(pageNo, pageSize) => void navigate({ search: (prev) => ({ ...prev, pageNo, pageSize }) })}
        />
      }
    />
  );
}
