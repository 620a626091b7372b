import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Button } from 'antd';
import { useState } from 'react';
import type { OverseasRecord } from '../../../shared/contract/overseas-lading.ts';
import { overseasKeys, overseasQueries } from '../../api/queries/overseas.ts';
import { useCan } from '../../session/permissions.ts';
import { compact } from '../carrier/search.ts';
import { PagedTable } from '../shared/paged-table.tsx';
import { ListFrame } from '../system/list-frame.tsx';
import { CreateOverseasModal } from './create-modal.tsx';
import { useOverseasColumns } from './overseas-columns.tsx';
import { OverseasDetailDrawer } from './overseas-detail.tsx';
import { OverseasFilters } from './overseas-filters.tsx';
import { OverseasToolbar } from './overseas-toolbar.tsx';
import { DEFAULT_PAGE_SIZE, type OverseasFilterValues, overseasFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/overseas');

/**
 * The overseas bills tab of /admin/ladingBll/overseas: overseas lading bills (orders handed to the
 * last-mile carrier), with their filters, page and the open bill in the URL, the operations and
 * the export.
 */
export function OverseasListTab() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filterValues: OverseasFilterValues = overseasFiltersOf(search);
  const list = useQuery(overseasQueries.list(i18n.locale, { ...filterValues, pageNo, pageSize }));
  const [selected, setSelected] = useState<OverseasRecord[]>([]);
  const [creating, setCreating] = useState(false);
  const mayCreate = useCan('overseasLading:scan');
  const columns = useOverseasColumns((b) => void navigate({ search: (prev) => ({ ...prev, id: b.recId }) }));

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
        filters={filterValues}
        onChanged={() => {
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: overseasKeys.all() });
        }}
      />
      <PagedTable<OverseasRecord>
        testId="overseas-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onPage={(next, size) =>
          void navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) })
        }
        selected={selected}
        onSelect={setSelected}
        empty={t`No overseas lading bills found`}
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
        id={search.id}
        onClose={() => void navigate({ search: (prev) => ({ ...prev, id: undefined }) })}
      />
    </ListFrame>
  );
}
