import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ClosedLoopRecord } from '../../../shared/contract/closed-loop.ts';
import { closedLoopKeys, closedLoopMutations, closedLoopQueries } from '../../api/queries/closed-loop.ts';
import { useCan } from '../../session/permissions.ts';
import { compact } from '../carrier/search.ts';
import { TrackingLink, useTime } from '../foreign-order/origin-columns.tsx';
import { useImportOutcome } from '../prompt-record/confirmation-list.tsx';
import { CarrierCell } from '../prompt-record/prompt-columns.tsx';
import { ExportAction } from '../region/export-action.tsx';
import { ImportAction } from '../region/import-action.tsx';
import { PagedTable } from '../shared/paged-table.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { ClosedLoopFilters } from './closed-loop-filters.tsx';
import { LOOP_STATE_COLORS } from './labels.ts';
import { closedLoopFiltersOf, DEFAULT_PAGE_SIZE } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/report/closedLoopData');

/**
 * report/closedLoopData: the orders the carrier has taken, each with its delivery and COD
 * remittance and its loop state, filters and page in the URL. Importing the overseas partner's
 * reconciliation file remits the orders it matches, which closes the delivered ones.
 */
export function ClosedLoopPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const time = useTime();
  const canImport = useCan('closedLoop:import');
  const canExport = useCan('closedLoop:export');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const { pageNo: _n, pageSize: _s, ...values } = search;
  const filters = closedLoopFiltersOf(values);
  const list = useQuery(closedLoopQueries.list(i18n.locale, { ...filters, pageNo, pageSize }));
  const importFile = useMutation(closedLoopMutations.import());
  const template = useMutation(closedLoopMutations.template());
  const exportRows = useMutation(closedLoopMutations.export());
  const outcome = useImportOutcome();
  const [selected, setSelected] = useState<ClosedLoopRecord[]>([]);
  const money = (amount: string | null, currency: string | null) =>
    amount === null ? '—' : <span dir="ltr">{`${amount} ${currency ?? ''}`.trim()}</span>;

  return (
    <ListFrame
      testId="closed-loop-page"
      title={t`Closed-loop data`}
      filters={
        <ClosedLoopFilters
          value={values}
          onSearch={(next) => {
            setSelected([]);
            void navigate({ search: compact(next) });
          }}
        />
      }
      actions={
        <Flex gap={8} wrap>
          {canImport && (
            <ImportAction
              title={t`Import the overseas reconciliation`}
              label={t`Import reconciliation`}
              upload={(file) => importFile.mutateAsync(file)}
              successMessage={outcome}
              template={() => template.mutateAsync()}
              onImported={() => void queryClient.invalidateQueries({ queryKey: closedLoopKeys.all() })}
            />
          )}
          {canExport && (
            <ExportAction
              start={() =>
                exportRows.mutateAsync({
                  ...filters,
                  ids: selected.length ? selected.map((r) => r.recId) : undefined,
                })
              }
            />
          )}
        </Flex>
      }
    >
      <PagedTable<ClosedLoopRecord>
        testId="closed-loop-table"
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onPage={(next, size) =>
          void navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) })
        }
        selected={canExport ? selected : undefined}
        onSelect={setSelected}
        empty={t`No orders`}
        columns={[
          {
            title: t`Tracking no`,
            dataIndex: 'trackingNo',
            fixed: 'start',
            render: (no: string, r) => <TrackingLink id={r.recId} trackingNo={no} />,
          },
          {
            title: t`Loop state`,
            dataIndex: 'state',
            render: (s: number, r) => <Tag color={LOOP_STATE_COLORS[s]}>{r.stateName}</Tag>,
          },
          {
            title: t`Customer`,
            dataIndex: 'customerCode',
            render: (code: string, r) => <span title={r.customerName}>{code}</span>,
          },
          {
            title: t`Carrier`,
            dataIndex: 'carrierName',
            render: (name: string | null, r) => <CarrierCell name={name} no={r.carrierTrackingNo} />,
          },
          { title: t`Destination`, dataIndex: 'destination' },
          { title: t`Order status`, dataIndex: 'statusName' },
          { title: t`Created`, dataIndex: 'createdAt', render: (v: string) => time(v) },
          { title: t`Sign time`, dataIndex: 'signedAt', render: (v: string | null) => time(v) },
          {
            title: t`COD amount`,
            dataIndex: 'codAmount',
            align: 'end',
            render: (v: string, r) => (r.isCod ? money(v, r.codCurrency) : t`Prepaid`),
          },
          {
            title: t`Remitted`,
            dataIndex: 'remittedAmount',
            align: 'end',
            render: (v: string | null, r) => money(v, r.remittedCurrency),
          },
          {
            title: t`Remittance`,
            dataIndex: 'remittanceReference',
            render: (ref: string | null, r) =>
              ref === null ? (
                '—'
              ) : (
                <Typography.Text>
                  <span dir="ltr">{ref}</span>
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {r.remittedOn}
                  </Typography.Text>
                </Typography.Text>
              ),
          },
          { title: t`Closed at`, dataIndex: 'closedAt', render: (v: string | null) => time(v) },
        ]}
      />
    </ListFrame>
  );
}
