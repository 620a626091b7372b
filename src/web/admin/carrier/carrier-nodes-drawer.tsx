import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import type { TrackingNodeRecord } from '../../../shared/contract/carrier.ts';
import { carrierKeys, carrierMutations, carrierQueries } from '../../api/queries/carrier.ts';
import { useCan } from '../../session/permissions.ts';
import { ORDER_STATUS_LABELS } from '../kit/labels.ts';
import { RowsTable } from '../kit/rows-table.tsx';
import { localNamed } from '../kit/text.ts';
import { NodeFormModal } from './node-form-modal.tsx';

const CLOSED = { open: false, node: null };

/** The tracking map of one carrier: its event codes and what we call them. */
export function CarrierNodesDrawer({
  carrierId,
  onClose,
}: {
  carrierId: number | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan('carrier:edit');
  const view = useQuery({
    ...carrierQueries.view(i18n.locale, carrierId ?? 0),
    enabled: carrierId !== undefined,
  });
  const [editing, setEditing] = useState<{ open: boolean; node: TrackingNodeRecord | null }>(CLOSED);
  const remove = useMutation({
    ...carrierMutations.deleteNode(),
    onSuccess: async () => {
      message.success(t`Deleted`);
      await queryClient.invalidateQueries({ queryKey: carrierKeys.carriers() });
    },
  });
  const nodes = view.data?.nodes ?? [];
  const carrier = view.data;

  const columns: TableColumnsType<TrackingNodeRecord> = [
    { title: t`Sort`, dataIndex: 'sort', width: 70 },
    { title: t`Carrier event code`, dataIndex: 'code', render: (code: string) => <Tag>{code}</Tag> },
    { title: t`Chinese name`, dataIndex: 'nameCn' },
    { title: t`English name`, dataIndex: 'nameEn' },
    {
      title: t`Arabic name`,
      dataIndex: 'nameAr',
      render: (v: string) => (v ? <span dir="rtl">{v}</span> : '—'),
    },
    {
      title: t`Order status`,
      dataIndex: 'orderStatus',
      render: (s: number | null) => {
        const label = s === null ? undefined : ORDER_STATUS_LABELS[s];
        return label ? <Tag color="blue">{i18n._(label)}</Tag> : '—';
      },
    },
  ];
  if (canEdit)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      render: (_, node) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ open: true, node })}>
            {t`Edit`}
          </Button>
          <Popconfirm
            title={t`Delete this node?`}
            okText={t`Yes`}
            cancelText={t`No`}
            onConfirm={() => remove.mutateAsync(node.recId).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>
              {t`Delete`}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });

  return (
    <Drawer
      open={carrierId !== undefined}
      onClose={onClose}
      size={860}
      title={carrier ? t`Tracking nodes of ${localNamed(carrier, i18n.locale)}` : t`Tracking nodes`}
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!carrier}
            onClick={() => setEditing({ open: true, node: null })}
          >
            {t`Add node`}
          </Button>
        )
      }
    >
      <RowsTable<TrackingNodeRecord>
        testId="carrier-nodes"
        rowKey="recId"
        columns={columns}
        rows={nodes}
        loading={view.isFetching}
        empty={t`No tracking nodes yet`}
      />
      {carrierId !== undefined && (
        <NodeFormModal
          open={editing.open}
          carrierId={carrierId}
          node={editing.node}
          nextSort={nodes.reduce((max, n) => Math.max(max, n.sort), 0) + 10}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      )}
    </Drawer>
  );
}
