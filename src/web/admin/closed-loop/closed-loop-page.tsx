import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Flex, Tag, Typography } from 'antd';
import type { ClosedLoopRecord } from '../../../shared/contract/closed-loop.ts';
import { closedLoopMutations } from '../../api/queries/closed-loop.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ImportAction } from '../kit/import-action.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useFormat } from '../kit/use-format.ts';
import { useListScreen } from '../kit/use-list-screen.ts';
import { useImportOutcome } from '../prompt-record/confirmation-list.tsx';
import { CarrierCell } from '../prompt-record/prompt-columns.tsx';
import { TrackingLink } from '../shared/order-columns.tsx';
import { ClosedLoopFilters } from './closed-loop-filters.tsx';
import { LOOP_STATE_COLORS } from './labels.ts';
import { closedLoopList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/report/closedLoopData');

/**
 * report/closedLoopData: the orders the carrier has taken, each with its delivery and COD
 * remittance and its loop state, filters and page in the URL. Importing the overseas partner's
 * reconciliation file remits the orders it matches, which closes the delivered ones.
 */
export function ClosedLoopPage() {
  const { t } = useLingui();
  const f = useFormat();
  const canImport = useCan('closedLoop:import');
  const canExport = useCan('closedLoop:export');
  const screen = useListScreen({
    route: routeApi,
    ...closedLoopList,
    selectable: canExport,
  });
  const { filters, selected } = screen;
  const importFile = useMutation(closedLoopMutations.import());
  const template = useMutation(closedLoopMutations.template());
  const exportRows = useMutation(closedLoopMutations.export());
  const outcome = useImportOutcome();
  const money = (amount: string | null, currency: string | null) =>
    amount === null ? '—' : <span dir="ltr">{f.money(amount, currency)}</span>;

  return (
    <ListFrame
      testId="closed-loop-page"
      title={t`Closed-loop data`}
      filters={<ClosedLoopFilters value={filters} onSearch={screen.onSearch} />}
      actions={
        <Flex gap={8} wrap>
          {canImport && (
            <ImportAction
              title={t`Import the overseas reconciliation`}
              label={t`Import reconciliation`}
              upload={(file) => importFile.mutateAsync(file)}
              successMessage={outcome}
              template={() => template.mutateAsync()}
              onImported={screen.refresh}
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
      <ListTable<ClosedLoopRecord>
        listKey="closedLoop"
        testId="closed-loop-table"
        {...screen.table}
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
          { title: t`Created`, dataIndex: 'createdAt', sortKey: 'createdAt', render: f.dateTime },
          { title: t`Sign time`, dataIndex: 'signedAt', sortKey: 'signedAt', render: f.dateTime },
          {
            title: t`COD amount`,
            dataIndex: 'codAmount',
            sortKey: 'codAmount',
            align: 'end',
            render: (v: string, r) => (r.isCod ? money(v, r.codCurrency) : t`Prepaid`),
          },
          {
            title: t`Remitted`,
            dataIndex: 'remittedAmount',
            sortKey: 'remittedAmount',
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
                    {f.date(r.remittedOn)}
                  </Typography.Text>
                </Typography.Text>
              ),
          },
          { title: t`Closed at`, dataIndex: 'closedAt', render: f.dateTime },
        ]}
      />
    </ListFrame>
  );
}
