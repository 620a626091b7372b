import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Button } from 'antd';
import { useState } from 'react';
import type { OverseasRecord } from '../../../shared/contract/overseas-lading.ts';
import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import { overseasQueries } from '../../api/queries/overseas-lading.ts';
import { useCan } from '../../session/permissions.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { CreateOverseasModal } from './create-modal.tsx';
import { useOverseasColumns } from './overseas-columns.tsx';
import { OverseasDetailDrawer } from './overseas-detail.tsx';
import { OverseasFilters } from './overseas-filters.tsx';
import { OverseasToolbar } from './overseas-toolbar.tsx';
import { overseasFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/ladingBll/overseas');

/**
 * The overseas bills tab of /admin/ladingBll/overseas: overseas lading bills (orders handed to the
 * last-mile carrier), with their filters, page, sort and the open bill in the URL, the operations
 * and the export.
 */
export function OverseasListTab() {
  const { t, i18n } = useLingui();
  const screen = useListScreen({
    route: routeApi,
    filtersOf: overseasFiltersOf,
    sorts: LIST_SORTS.overseas,
    query: (body) => overseasQueries.list(i18n.locale, body),
  });
  const [creating, setCreating] = useState(false);
  const mayCreate = useCan('overseasLading:scan');
  const open = (id: number | undefined) => screen.navigate((prev) => ({ ...prev, id }), id === undefined);
  const columns = useOverseasColumns((b) => open(b.recId));

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
      filters={<OverseasFilters value={screen.filters} onSearch={screen.onSearch} />}
    >
      <ListTable<OverseasRecord>
        listKey="overseas"
        testId="overseas-table"
        columns={columns}
        empty={t`No overseas lading bills found`}
        {...screen.table}
        toolbar={
          <OverseasToolbar selected={screen.selected} filters={screen.filters} onChanged={screen.refresh} />
        }
      />
      <CreateOverseasModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(bill) => {
          setCreating(false);
          screen.refresh();
          open(bill.recId);
        }}
      />
      <OverseasDetailDrawer id={screen.search.id} onClose={() => open(undefined)} />
    </ListFrame>
  );
}
