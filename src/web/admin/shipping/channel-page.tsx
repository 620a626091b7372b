import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ChannelRecord } from '../../../shared/contract/shipping.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { isServiceType } from '../../../shared/domain/segments.ts';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { shippingKeys, shippingMutations } from '../../api/queries/shipping.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { ChannelFilters, type ChannelFilterValues } from './channel-filters.tsx';
import { SEGMENT_COLORS, SEGMENT_LABELS, SERVICE_TYPE_LABELS } from './labels.ts';
import { CHANNEL_EDIT_PATH, channelFiltersOf, channelList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/options/editChannel');

/** /admin/options/editChannel: shipping channels with their filters and page in the URL. */
export function ChannelPage() {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const go = useNavigate();
  const openEditor = (recId?: number) =>
    void go({ to: CHANNEL_EDIT_PATH, search: recId === undefined ? {} : { recId } });
  const queryClient = useQueryClient();
  const canEdit = useCan('shipping:edit');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters: ChannelFilterValues = channelFiltersOf(search);
  const list = useQuery(channelList.query(channelList.deps(search), i18n));
  const carriers = useQuery(carrierQueries.options()).data ?? [];
  const [selectedRows, setSelected] = useState<ChannelRecord[]>([]);
  const selected = selectedRows.map((c) => c.recId);
  const count = selected.length;

  const status = useMutation({
    ...shippingMutations.setEnabled(),
    onSuccess: async (_, vars) => {
      message.success(vars.enabled ? t`Channels enabled` : t`Channels disabled`);
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: shippingKeys.all() });
    },
  });
  const setEnabled = (recIds: number[], enabled: boolean) =>
    status.mutateAsync({ recIds, enabled }).catch(() => undefined);

  const columns: KitColumns<ChannelRecord> = [
    {
      title: t`Code`,
      dataIndex: 'code',
      fixed: 'start',
      render: (code: string) => (
        <Typography.Text strong dir="ltr">
          {code}
        </Typography.Text>
      ),
    },
    {
      title: t`Status`,
      dataIndex: 'status',
      render: (s: number) => {
        const label = STATUS_LABELS[s];
        return <Tag color={s === Enabled.enabled ? 'success' : 'default'}>{label ? i18n._(label) : s}</Tag>;
      },
    },
    {
      title: t`Name`,
      dataIndex: 'name',
      render: (_, c) => (
        <Space orientation="vertical" size={0} style={{ maxInlineSize: 200 }}>
          <span>{c.name}</span>
          {c.nameEn && c.nameEn !== c.name && <Typography.Text type="secondary">{c.nameEn}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t`Service type / segments`,
      key: 'segments',
      render: (_, c) => (
        <Space orientation="vertical" size={4} style={{ maxInlineSize: 200 }}>
          <span>
            {isServiceType(c.serviceType) ? i18n._(SERVICE_TYPE_LABELS[c.serviceType]) : c.serviceType}
          </span>
          <Space size={[0, 4]} wrap>
            {c.segments.map((s) => {
              const label = SEGMENT_LABELS[s];
              return (
                <Tag key={s} color={SEGMENT_COLORS[s]}>
                  {label ? i18n._(label) : s}
                </Tag>
              );
            })}
          </Space>
        </Space>
      ),
    },
    {
      title: t`Carriers`,
      key: 'carriers',
      render: (_, c) =>
        c.carriers.length ? (
          <Space size={[0, 4]} wrap style={{ maxInlineSize: 150 }}>
            {c.carriers.map((k) => (
              <Tag key={k.recId} color={k.status === Enabled.enabled ? 'geekblue' : 'default'}>
                {k.code}
              </Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t`Countries`,
      key: 'countries',
      render: (_, c) => (
        <Space orientation="vertical" size={4} style={{ maxInlineSize: 150 }}>
          <span>{c.countryName ?? t`Several countries`}</span>
          {c.pricedCountries.length ? (
            <Space size={[0, 4]} wrap>
              {c.pricedCountries.map((code) => (
                <Tag key={code}>{code}</Tag>
              ))}
            </Space>
          ) : (
            <Typography.Text type="warning">{t`No prices`}</Typography.Text>
          )}
        </Space>
      ),
    },
  ];
  if (canEdit)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, c) => {
        const enabled = c.status === Enabled.enabled;
        const name = c.code;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => openEditor(c.recId)}>
              {t`Edit`}
            </Button>
            <Popconfirm
              title={enabled ? t`Disable ${name}?` : t`Enable ${name}?`}
              description={enabled ? t`Customers can no longer order with it.` : undefined}
              okText={t`Yes`}
              cancelText={t`No`}
              onConfirm={() => setEnabled([c.recId], !enabled)}
            >
              <Button type="link" size="small" danger={enabled} data-testid={`channel-toggle-${c.code}`}>
                {enabled ? t`Disable` : t`Enable`}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    });

  return (
    <ListFrame
      testId="channel-page"
      title={t`Shipping channels`}
      filters={
        <ChannelFilters
          value={filters}
          carriers={carriers}
          onSearch={(values) => navigate({ search: compact(values) })}
        />
      }
      actions={
        canEdit && (
          <Space wrap>
            <Button disabled={count === 0} onClick={() => setEnabled(selected, true)}>
              {t`Enable selected`}
            </Button>
            <Popconfirm
              title={t`Disable the ${count} selected channels?`}
              description={t`Customers can no longer order with them.`}
              okText={t`Yes`}
              cancelText={t`No`}
              disabled={count === 0}
              onConfirm={() => setEnabled(selected, false)}
            >
              <Button danger disabled={count === 0}>
                {t`Disable selected`}
              </Button>
            </Popconfirm>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor()}>
              {t`Add channel`}
            </Button>
          </Space>
        )
      }
    >
      <ListTable<ChannelRecord>
        listKey="channels"
        testId="channel-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        pageSizes={[10, 20, 50, 100]}
        onChange={(next) =>
          navigate({ search: (prev) => ({ ...prev, pageNo: next.pageNo, pageSize: next.pageSize }) })
        }
        {...(canEdit ? { selected: selectedRows, onSelect: setSelected } : {})}
        empty={t`No shipping channels found`}
      />
    </ListFrame>
  );
}
