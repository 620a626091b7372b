import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Flex } from 'antd';
import { useState } from 'react';
import type { OriginRecord } from '../../../shared/contract/origin-order.ts';
import { originMutations, originQueries } from '../../api/queries/origin-order.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { useOriginColumns } from './origin-columns.tsx';
import { OriginFilters } from './origin-filters.tsx';
import { type OriginFilterValues, originFiltersOf } from './search.ts';
import { UploadAction } from './upload-action.tsx';

const listApi = getRouteApi('/_desk/admin/foreignOrder/list/');
const manageApi = getRouteApi('/_desk/admin/foreignOrder/listManage/');

/**
 * foreignOrder/list (read-only) and foreignOrder/listManage (`manage`: choose orders and upload
 * them): the origin orders with their filters and page in the URL; each opens in its own tab.
 */
export function OriginListPage({ manage }: { manage: boolean }) {
  const { t, i18n } = useLingui();
  const api = manage ? manageApi : listApi;
  const search = api.useSearch();
  const navigate = api.useNavigate();
  const canUpload = useCan('foreignOrder:edit') && manage;
  const canExport = useCan('foreignOrder:export');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const { pageNo: _p, pageSize: _s, ...filterValues } = search;
  const filters = originFiltersOf(filterValues);
  const list = useQuery(originQueries.list(i18n.locale, { ...filters, pageNo, pageSize }));
  const exportExtra = useMutation(originMutations.exportExtra());
  const [selectedRows, setSelected] = useState<OriginRecord[]>([]);
  const selected = selectedRows.map((o) => o.recId);
  const columns = useOriginColumns(manage);

  return (
    <ListFrame
      testId={manage ? 'origin-manage-page' : 'origin-list-page'}
      title={manage ? t`Foreign order management` : t`Foreign orders`}
      filters={
        <OriginFilters
          value={filterValues}
          onSearch={(values: OriginFilterValues) => {
            setSelected([]);
            void navigate({ search: compact(values) });
          }}
        />
      }
      actions={
        <Flex gap={8} wrap>
          {canExport && (
            <ExportAction
              // The export needs the searched creation time range with both ends (the server refuses it without).
              blockedBy={
                filters.startTime && filters.endTime ? undefined : t`Creation time range must be selected`
              }
              start={() =>
                exportExtra.mutateAsync({
                  ...filters,
                  startTime: filters.startTime ?? '',
                  endTime: filters.endTime ?? '',
                  ids: selected.length ? selected : undefined,
                })
              }
            />
          )}
          {canUpload && <UploadAction ids={selected} onDone={() => setSelected([])} />}
        </Flex>
      }
    >
      <ListTable<OriginRecord>
        listKey={manage ? 'origin-orders-manage' : 'origin-orders'}
        testId="origin-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onChange={(next) =>
          void navigate({ search: (prev) => ({ ...prev, pageNo: next.pageNo, pageSize: next.pageSize }) })
        }
        {...(manage || canExport ? { selected: selectedRows, onSelect: setSelected } : {})}
        empty={t`No foreign orders found`}
      />
    </ListFrame>
  );
}
