import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Button, Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import type { OverseasRecord } from '../../../shared/contract/overseas-lading.ts';
import { overseasKeys, overseasQueries } from '../../api/queries/overseas.ts';
import { useCan } from '../../session/permissions.ts';
import { compact } from '../carrier/search.ts';
import { ListFrame } from '../system/list-frame.tsx';
import { CreateOverseasModal } from './create-modal.tsx';
import { useOverseasColumns } from './overseas-columns.tsx';
import { OverseasDetailDrawer } from './overseas-detail.tsx';
import { OverseasFilters } from './overseas-filters.tsx';
import { OverseasToolbar } from './overseas-toolbar.tsx';
import { DEFAULT_PAGE_SIZE, type OverseasFilterValues, overseasFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/overseas');

/**
 * /admin/ladingBll/overseas: overseas lading bills (orders handed to the last-mile carrier), with
 * their filters, page and the open bill in the URL, the operations and the export.
 */
export function OverseasListPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const { pageNo: _p, pageSize: _s, id: openId, ...filterValues } = search;
  const filters = overseasFiltersOf(filterValues);
  const list = useQuery(overseasQueries.list(i18n.locale, { ...filters, pageNo, pageSize }));
  const [selected, setSelected] = useState<OverseasRecord[]>([]);
  const [creating, setCreating] = useState(false);
  const mayCreate = useCan('overseasLading:scan');
  const columns = useOverseasColumns((b) => void navigate({ search: (prev) => ({ ...prev, id: b.recId }) }));
  const total = list.data?.total ?? 0;
  const capped = list.data?.totalCapped === true;
  const cap = i18n.number(total);

  return (
    <ListFrame
      testId="overseas-list-page"
      title={t`Overseas lading`}
      actions={
        mayCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t`New overseas lading bill`}
          </Button>
        )
      }
      filters={
        <OverseasFilters
          value={filterValues}
          onSearch={(values: OverseasFilterValues) => {
            setSelected([]);
            void navigate({ search: compact(values) });
          }}
        />
      }
    >
      <OverseasToolbar
        selected={selected}
        filters={filters}
        onChanged={() => {
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: overseasKeys.all() });
        }}
      />
      <Table<OverseasRecord>
        data-testid="overseas-table"
        rowKey="recId"
        size="middle"
        columns={columns}
        dataSource={list.data?.records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected.map((b) => b.recId),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No overseas lading bills found`} />
          ),
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 200],
          showTotal: () => (
            <Typography.Text data-testid="overseas-total">
              {capped ? t`${cap}+ bills` : t`${cap} in total`}
            </Typography.Text>
          ),
          onChange: (next, size) =>
            void navigate({
              search: (prev) => ({ ...prev, pageNo: size !== pageSize ? 1 : next, pageSize: size }),
            }),
        }}
      />
      <CreateOverseasModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(bill) => {
          setCreating(false);
          void queryClient.invalidateQueries({ queryKey: overseasKeys.all() });
          void navigate({ search: (prev) => ({ ...prev, id: bill.recId }) });
        }}
      />
      <OverseasDetailDrawer
        id={openId}
        onClose={() => void navigate({ search: (prev) => ({ ...prev, id: undefined }) })}
      />
    </ListFrame>
  );
}
