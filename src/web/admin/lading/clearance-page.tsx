import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Flex, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { lading as contract } from '../../../shared/contract/lading.ts';
import { canMoveClearance } from '../../../shared/domain/lading.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import { callApi } from '../../api/client.ts';
import { clearanceFiles, ladingKeys } from '../../api/queries/lading.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { fileActions } from '../kit/file-actions.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { compact } from '../kit/search.ts';
import { selectionOf } from '../kit/selection-toolbar.tsx';
import { named, reasonOf } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';
import { ClearanceDetail } from './clearance-detail.tsx';
import { ClearanceFilters } from './clearance-filters.tsx';
import { type ClearanceFilterValues, clearanceFiltersOf, clearanceList } from './clearance-search.ts';
import { CLEARANCE_COLORS, CLEARANCE_LABELS } from './labels.ts';

const routeApi = getRouteApi('/_desk/admin/customs/bill-of-lading');
const DEFAULT_PAGE_SIZE = 20;

/**
 * /admin/customs/bill-of-lading: clearance lading bills with their clearance status (moved forward
 * only, behind a prompt), exports of the bills and of their declaration lines, the clearance data
 * import, and a bill's detail.
 */
export function ClearancePage() {
  const { t, i18n } = useLingui();
  const { message, modal } = App.useApp();
  const time = useTime();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('lading:edit');
  const canImport = useCan('lading:import');
  const canExport = useCan('lading:export');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const { pageNo: _p, pageSize: _s, ...filterValues } = search;
  const filters = clearanceFiltersOf(filterValues);
  const list = useQuery(clearanceList.query(clearanceList.deps(search), i18n));
  const [selected, setSelected] = useState<LadingRecord[]>([]);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [opened, setOpened] = useState<LadingRecord | null>(null);
  const shown = opened ? (list.data?.records.find((r) => r.recId === opened.recId) ?? opened) : null;
  const { count, none, every, ids, withIds } = selectionOf(selected);
  const movable = status !== undefined && every((b) => canMoveClearance(b.clearanceStatus, status));
  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ladingKeys.all() });
  };

  const moveStatus = () => {
    if (status === undefined) return;
    const to = i18n._(CLEARANCE_LABELS[status]!);
    modal.confirm({
      title: t`Set the clearance status`,
      content: t`Set ${count} bill(s) to ${to}? The status only moves forward.`,
      okText: t`Set`,
      cancelText: t`Cancel`,
      onOk: async () => {
        try {
          await callApi(contract.updateStatus, {
            body: { ids: selected.map((b) => b.recId), status },
            silent: true,
          });
          message.success(t`Clearance status set: ${to}`);
        } catch (e) {
          message.error(reasonOf(e));
        }
        refresh();
      },
    });
  };

  const template = async () => {
    const header = [i18n._(m.colLadingNo), i18n._(c.colTrackingNo), i18n._(c.colClearanceNo)].join(',');
    return { blob: new Blob([`\uFEFF${header}\r\n`], { type: 'text/csv' }), filename: 'clearance-data.csv' };
  };

  const columns: KitColumns<LadingRecord> = [
    {
      title: t`Lading bill no`,
      dataIndex: 'no',
      fixed: 'start',
      render: (no: string, b) => (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setOpened(b)} dir="ltr">
          {no}
        </Button>
      ),
    },
    { title: t`Generation time`, dataIndex: 'createdAt', render: time },
    {
      title: t`Shipping channel`,
      dataIndex: 'channelName',
      render: (n: string, b) => named(n, b.channelCode),
    },
    { title: t`Destination country`, dataIndex: 'countryName', render: (v: string | null) => v ?? '—' },
    {
      title: t`Clearance status`,
      dataIndex: 'clearanceStatus',
      render: (s: number, b) => <Tag color={CLEARANCE_COLORS[s] ?? 'default'}>{b.clearanceStatusName}</Tag>,
    },
    { title: t`Declaration no`, dataIndex: 'declarationNo', render: (v: string) => v || '—' },
    { title: t`Pickup status`, dataIndex: 'pickupStatusName' },
    { title: t`Orders`, dataIndex: 'orderCount', align: 'end' },
    { title: t`Pieces`, dataIndex: 'pieceCount', align: 'end' },
    { title: t`Weight (kg)`, dataIndex: 'weight', align: 'end' },
    { title: t`Clearance remark`, dataIndex: 'clearanceRemark' },
  ];
  return (
    <ListFrame
      testId="clearance-page"
      title={t`Clearance lading bills`}
      filters={
        <ClearanceFilters
          value={filterValues}
          onSearch={(values: ClearanceFilterValues) => {
            setSelected([]);
            void navigate({ search: compact(values) });
          }}
        />
      }
    >
      <Flex wrap gap={8} justify="space-between" align="center" style={{ paddingBlock: 12 }}>
        <Space wrap>
          <Typography.Text type="secondary">
            {none ? t`Select bills for the operations` : t`${count} selected`}
          </Typography.Text>
          {canEdit && (
            <Space.Compact>
              <Select
                allowClear
                aria-label={t`New clearance status`}
                placeholder={t`New clearance status`}
                style={{ inlineSize: 190 }}
                value={status}
                onChange={setStatus}
                options={Object.entries(CLEARANCE_LABELS)
                  .filter(([v]) => v !== '0')
                  .map(([v, d]) => ({ value: Number(v), label: i18n._(d) }))}
              />
              <Button disabled={!movable} onClick={moveStatus}>
                {t`Set status`}
              </Button>
            </Space.Compact>
          )}
        </Space>
        <Space wrap>
          {fileActions({
            onImported: refresh,
            imports: canImport && [
              { label: t`Import clearance data`, upload: clearanceFiles.importData, template },
            ],
            exports: canExport && [
              { label: t`Export`, start: () => clearanceFiles.exportBills(withIds(filters)) },
              {
                label: t`Export declaration lines`,
                disabled: none,
                start: () => clearanceFiles.exportGoods(ids()),
              },
            ],
          })}
        </Space>
      </Flex>
      <ListTable<LadingRecord>
        listKey="clearance"
        testId="clearance-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onChange={(next) =>
          void navigate({ search: (prev) => ({ ...prev, pageNo: next.pageNo, pageSize: next.pageSize }) })
        }
        selected={selected}
        onSelect={setSelected}
        empty={t`No lading bills found`}
      />
      <ClearanceDetail bill={shown} onClose={() => setOpened(null)} />
    </ListFrame>
  );
}
