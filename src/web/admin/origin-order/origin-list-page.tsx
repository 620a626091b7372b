import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Flex } from 'antd';
import type { OriginRecord } from '../../../shared/contract/origin-order.ts';
import { originMutations } from '../../api/queries/origin-order.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { useOriginColumns } from './origin-columns.tsx';
import { OriginFilters } from './origin-filters.tsx';
import { originList } from './search.ts';
import { UploadAction } from './upload-action.tsx';

const listApi = getRouteApi('/_desk/admin/foreignOrder/list/');
const manageApi = getRouteApi('/_desk/admin/foreignOrder/listManage/');

/**
 * foreignOrder/list (read-only) and foreignOrder/listManage (`manage`: choose orders and upload
 * them): the origin orders with their filters, page and sort (creation time, weight, COD amount,
 * goods lines; by the server) in the URL; each opens in its own tab.
 */
export function OriginListPage({ manage }: { manage: boolean }) {
  const { t } = useLingui();
  const canUpload = useCan('foreignOrder:edit') && manage;
  const canExport = useCan('foreignOrder:export');
  const screen = useListScreen({
    route: manage ? manageApi : listApi,
    ...originList,
    selectable: manage || canExport,
  });
  const { filters, setSelected } = screen;
  const selected = screen.selected.map((o) => o.recId);
  const exportExtra = useMutation(originMutations.exportExtra());
  const columns = useOriginColumns(manage);

  return (
    <ListFrame
      testId={manage ? 'origin-manage-page' : 'origin-list-page'}
      title={manage ? t`Foreign order management` : t`Foreign orders`}
      filters={
        <OriginFilters
          value={screen.values}
          onSearch={screen.onSearch}
          listKey={manage ? 'origin-orders-manage' : 'origin-orders'}
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
        {...screen.table}
        empty={t`No foreign orders found`}
      />
    </ListFrame>
  );
}
