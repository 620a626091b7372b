import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { CarrierRecord } from '../../../shared/contract/carrier.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { CarrierFilters } from './carrier-filters.tsx';
import { CarrierFormModal } from './carrier-form-modal.tsx';
import { CarrierNodesDrawer } from './carrier-nodes-drawer.tsx';
import { carrierList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/options/carrier');

/** /admin/options/carrier: carriers with their filters and page in the URL, and each one's tracking map. */
export function CarrierPage() {
  const { t, i18n } = useLingui();
  const canEdit = useCan('carrier:edit');
  const screen = useListScreen({
    route: routeApi,
    ...carrierList,
    selectable: false,
  });
  const { search, navigate } = screen;
  const countries = useQuery(regionQueries.countries(i18n.locale)).data ?? [];
  // The dialog keeps its carrier while it animates closed.
  const [editing, setEditing] = useState<{ open: boolean; carrier: CarrierRecord | null }>({
    open: false,
    carrier: null,
  });

  const columns: KitColumns<CarrierRecord> = [
    {
      title: t`Code`,
      dataIndex: 'code',
      fixed: 'start',
      render: (code: string) => <Typography.Text strong>{code}</Typography.Text>,
    },
    {
      title: t`Name`,
      dataIndex: 'name',
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.name}</span>
          {c.nameEn && c.nameEn !== c.name && <Typography.Text type="secondary">{c.nameEn}</Typography.Text>}
        </Space>
      ),
    },
    { title: t`Country`, dataIndex: 'countryName', render: (name: string | null) => name ?? '—' },
    {
      title: t`Contact`,
      key: 'contact',
      render: (_, c) =>
        c.contact || c.phone ? (
          <Space orientation="vertical" size={0}>
            <span>{c.contact}</span>
            <Typography.Text type="secondary" dir="ltr">
              {c.phone}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t`E-mail for the lading push`,
      dataIndex: 'email',
      render: (email: string) => (email ? <span dir="ltr">{email}</span> : '—'),
    },
    {
      title: t`Last mile`,
      dataIndex: 'lastMile',
      render: (v: boolean) => (v ? <Tag color="geekblue">{t`Last mile`}</Tag> : <Tag>{t`Line haul`}</Tag>),
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
      title: t`Tracking nodes`,
      dataIndex: 'nodeCount',
      render: (n: number, c) => (
        <Button type="link" size="small" onClick={() => navigate((prev) => ({ ...prev, nodes: c.recId }))}>
          {t`${n} nodes`}
        </Button>
      ),
    },
  ];
  if (canEdit)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, carrier) => (
        <Button type="link" size="small" onClick={() => setEditing({ open: true, carrier })}>
          {t`Edit`}
        </Button>
      ),
    });

  return (
    <ListFrame
      testId="carrier-page"
      title={t`Carriers`}
      filters={<CarrierFilters value={screen.filters} countries={countries} onSearch={screen.onSearch} />}
      actions={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true, carrier: null })}
          >
            {t`Add carrier`}
          </Button>
        )
      }
    >
      <ListTable<CarrierRecord>
        listKey="carrier"
        testId="carrier-table"
        columns={columns}
        {...screen.table}
        pageSizes={[10, 20, 50, 100]}
        empty={t`No carriers found`}
      />
      <CarrierFormModal
        open={editing.open}
        carrier={editing.carrier}
        countries={countries}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <CarrierNodesDrawer
        carrierId={search.nodes}
        onClose={() => navigate((prev) => ({ ...prev, nodes: undefined }))}
      />
    </ListFrame>
  );
}
