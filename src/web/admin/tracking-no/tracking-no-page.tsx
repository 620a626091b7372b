import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Card, Flex, Space, Tag } from 'antd';
import type { PoolRecord } from '../../../shared/contract/tracking-no.ts';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { trackingNoKeys } from '../../api/queries/tracking-no.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { OptionsItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { localNamedOptions, named } from '../kit/text.ts';
import { useFormat } from '../kit/use-format.ts';
import { ImportLogDrawer } from './import-log-drawer.tsx';
import type { PoolSearch } from './search.ts';
import { poolList } from './search.ts';
import { StockSummary } from './stock-summary.tsx';
import { TrackingNoImport } from './tracking-no-import.tsx';

const routeApi = getRouteApi('/_desk/admin/options/trackingNo');

type PoolFilterValues = Pick<PoolSearch, 'carrierId' | 'trackingNo' | 'state'>;

/** /admin/options/trackingNo: the pool per carrier with used/free state, stock figures, imports. */
export function TrackingNoPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const canImport = useCan('trackingNo:import');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const { carrierId, trackingNo, state } = search;
  const list = useQuery(poolList.query(poolList.deps(search)));
  const carriers = useQuery(carrierQueries.options()).data ?? [];

  const columns: KitColumns<PoolRecord> = [
    {
      title: t`Tracking number`,
      dataIndex: 'trackingNo',
      render: (no: string) => <span dir="ltr">{no}</span>,
    },
    { title: t`Carrier`, key: 'carrier', render: (_, r) => named(r.carrierName, r.carrierCode) },
    {
      title: t`State`,
      dataIndex: 'used',
      render: (used: boolean) =>
        used ? <Tag color="default">{t`Used`}</Tag> : <Tag color="success">{t`Free`}</Tag>,
    },
    { title: t`Order ID`, dataIndex: 'orderId', render: (id: number | null) => id ?? '—' },
    {
      title: t`Used at`,
      dataIndex: 'usedAt',
      render: (iso: string | null) => format.dateTime(iso),
    },
    { title: t`Imported at`, dataIndex: 'createdAt', render: (iso: string) => format.dateTime(iso) },
  ];

  return (
    <Flex vertical gap={16} data-testid="tracking-no-page">
      <Card size="small" title={t`Free numbers per carrier`}>
        <StockSummary onPick={(id) => navigate({ search: { carrierId: id } })} />
      </Card>
      <Card size="small">
        <FilterForm<PoolFilterValues>
          value={{ carrierId, trackingNo, state }}
          onSearch={(v) => navigate({ search: compact(v) })}
          label={t`Filter tracking numbers`}
        >
          <OptionsItem
            name="carrierId"
            label={t`Carrier`}
            width={200}
            search
            options={localNamedOptions(carriers, i18n.locale)}
          />
          <TextItem
            name="trackingNo"
            label={t`Tracking number`}
            maxLength={40}
            placeholder={t`Starts with`}
            ltr
          />
          <OptionsItem
            name="state"
            label={t`State`}
            width={110}
            options={[
              { value: 'free', label: t`Free` },
              { value: 'used', label: t`Used` },
            ]}
          />
        </FilterForm>
      </Card>
      <Card
        title={t`Tracking numbers`}
        extra={
          <Space>
            <ImportLogDrawer />
            {canImport && (
              <TrackingNoImport
                carriers={carriers}
                defaultCarrierId={carrierId}
                onImported={() => void queryClient.invalidateQueries({ queryKey: trackingNoKeys.all() })}
              />
            )}
          </Space>
        }
        styles={{ body: { paddingBlockStart: 0 } }}
      >
        <ListTable<PoolRecord>
          listKey="tracking-numbers"
          testId="pool-table"
          columns={columns}
          answer={list.data}
          loading={list.isFetching}
          pageNo={pageNo}
          pageSize={pageSize}
          onChange={(next) =>
            navigate({ search: (prev) => ({ ...prev, pageNo: next.pageNo, pageSize: next.pageSize }) })
          }
          empty={t`No tracking numbers found`}
        />
      </Card>
    </Flex>
  );
}
