import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import type { TrackingSetting } from '../../../shared/contract/tracking.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { trackingQueries } from '../../api/queries/tracking.ts';
import { useCan } from '../../session/permissions.ts';
import { StatusItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { ORDER_STATUS_LABELS, STATUS_LABELS } from '../kit/labels.ts';
import { RowsTable } from '../kit/rows-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import type { OptionsTabProps } from './options-tab.ts';
import { TrackingSettingModal } from './tracking-setting-modal.tsx';

type SettingFilterValues = {
  keyword?: string | undefined;
  status?: number | undefined;
};

/** Our standard tracking nodes: the events every order's track is told in, whatever the carrier. */
export function TrackingSettingTab({ search, onSearch }: OptionsTabProps) {
  const { t, i18n } = useLingui();
  const canEdit = useCan('trackingNode:edit');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters = compact({ keyword: search.keyword, status: search.status });
  const list = useQuery(trackingQueries.list(i18n.locale, { ...filters, pageNo, pageSize }));
  const [editing, setEditing] = useState<{ open: boolean; setting: TrackingSetting | null }>({
    open: false,
    setting: null,
  });

  const { keyword, status } = search;

  const columns: TableColumnsType<TrackingSetting> = [
    { title: t`Sort`, dataIndex: 'sort', width: 70 },
    { title: t`Code`, dataIndex: 'code', render: (c: string) => <Tag>{c}</Tag> },
    { title: t`Chinese name`, dataIndex: 'nameCn' },
    { title: t`English name`, dataIndex: 'nameEn' },
    { title: t`Arabic name`, dataIndex: 'nameAr', render: (v: string) => <span dir="rtl">{v}</span> },
    {
      title: t`Order status`,
      dataIndex: 'orderStatus',
      render: (s: number | null) => {
        const label = s === null ? undefined : ORDER_STATUS_LABELS[s];
        return label ? <Tag color="blue">{i18n._(label)}</Tag> : '—';
      },
    },
    {
      title: t`Status`,
      dataIndex: 'status',
      render: (s: number) => {
        const label = STATUS_LABELS[s];
        return <Tag color={s === Enabled.enabled ? 'success' : 'default'}>{label ? i18n._(label) : s}</Tag>;
      },
    },
  ];
  if (canEdit)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      render: (_, setting) => (
        <Button type="link" size="small" onClick={() => setEditing({ open: true, setting })}>
          {t`Edit`}
        </Button>
      ),
    });

  const records = list.data?.records ?? [];
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <FilterForm<SettingFilterValues>
          value={{ keyword, status }}
          onSearch={(v) => onSearch(compact(v))}
          label={t`Filter tracking nodes`}
        >
          <TextItem name="keyword" label={t`Code or name`} maxLength={100} />
          <StatusItem />
        </FilterForm>
      </Card>
      <Card
        title={t`Tracking nodes`}
        extra={
          canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true, setting: null })}
            >
              {t`Add node`}
            </Button>
          )
        }
        styles={{ body: { paddingBlockStart: 0 } }}
      >
        <RowsTable<TrackingSetting>
          testId="tracking-setting-table"
          rowKey="recId"
          size="middle"
          columns={columns}
          rows={records}
          loading={list.isFetching}
          empty={t`No tracking nodes yet`}
          pages={{
            page: { pageNo, pageSize, total: list.data?.total ?? 0 },
            showTotal: (total) => t`${total} in total`,
            onPage: (next, size) => onSearch({ ...filters, pageNo: next, pageSize: size }),
          }}
        />
      </Card>
      <TrackingSettingModal
        open={editing.open}
        setting={editing.setting}
        nextSort={records.reduce((max, r) => Math.max(max, r.sort), 0) + 10}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </Flex>
  );
}
