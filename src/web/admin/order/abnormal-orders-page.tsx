import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { AbnormalListRecord } from '../../../shared/contract/order-staff.ts';
import { orderFiles, orderKeys, orderMutations } from '../../api/queries/order.ts';
import { useCan } from '../../session/permissions.ts';
import type { KitColumns } from '../kit/columns.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ImageThumbs } from '../kit/image-thumbs.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { ListTable } from '../kit/list-table.tsx';
import { useListScreen } from '../kit/use-list-screen.ts';
import { useTime } from '../kit/use-time.ts';
import { OrderLink, StatusTag } from '../shared/order-columns.tsx';
import { AbnormalFilters } from './abnormal-filters.tsx';
import { AbnormalPhotosModal } from './abnormal-photos-modal.tsx';
import { abnormalFiltersOf, abnormalList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/customerService/abnormalOrders');

/**
 * /admin/customerService/abnormalOrders: orders with a problem (no carrier number, intercepted,
 * weight discrepancy, address not confirmed, sensitive goods, no price), by kind, handling state
 * and responsible department; customer service marks each handled with what was done.
 */
export function AbnormalOrdersPage() {
  const { t } = useLingui();
  const screen = useListScreen({
    route: routeApi,
    ...abnormalList,
    selectable: false,
  });
  const filters = abnormalFiltersOf(screen.filters);
  const time = useTime();
  const canEdit = useCan('abnormal:edit');
  const canExport = useCan('abnormal:export');
  const [handling, setHandling] = useState<AbnormalListRecord | null>(null);
  const [photos, setPhotos] = useState<AbnormalListRecord | null>(null);
  // Photos go through image/upload, which needs order:edit.
  const canUpload = useCan('order:edit');

  const columns: KitColumns<AbnormalListRecord> = [
    {
      title: t`Tracking no`,
      dataIndex: 'trackingNo',
      fixed: 'start',
      render: (no: string, a) => <OrderLink id={a.orderId} trackingNo={no} />,
    },
    {
      title: t`Customer`,
      dataIndex: 'customerCode',
      render: (c: string, a) => <span title={a.customerName}>{c}</span>,
    },
    {
      title: t`Order status`,
      dataIndex: 'status',
      render: (s: number, a) => <StatusTag status={s} name={a.statusName} />,
    },
    { title: t`Abnormal kind`, dataIndex: 'kindName', render: (v: string) => <Tag color="volcano">{v}</Tag> },
    {
      title: t`Reason`,
      dataIndex: 'reasonText',
      render: (v: string) => <span style={{ maxInlineSize: 280, display: 'inline-block' }}>{v}</span>,
    },
    {
      title: t`Photos`,
      dataIndex: 'images',
      render: (urls: string[], a) => <ImageThumbs urls={urls} testId={`abnormal-photos-${a.recId}`} />,
    },
    { title: t`Responsible department`, dataIndex: 'departmentName' },
    {
      title: t`Handling`,
      dataIndex: 'state',
      render: (s: number, a) => <Tag color={s === 0 ? 'orange' : 'green'}>{a.stateName}</Tag>,
    },
    { title: t`Marked`, dataIndex: 'createdAt', sortKey: 'createdAt', render: (v: string) => time(v) },
    {
      title: t`Handled`,
      key: 'handled',
      sortKey: 'handledAt',
      render: (_, a) =>
        a.handledAt ? (
          <Space orientation="vertical" size={0} style={{ maxInlineSize: 260 }}>
            <span>{`${time(a.handledAt)} · ${a.handledBy ?? '—'}`}</span>
            <Typography.Text type="secondary">{a.handleRemark}</Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
  ];
  if (canEdit)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, a) => (
        <Space size={0}>
          {a.state === 0 && (
            <Button type="link" size="small" onClick={() => setHandling(a)}>
              {t`Mark handled`}
            </Button>
          )}
          {canUpload && (
            <Button type="link" size="small" onClick={() => setPhotos(a)}>
              {t`Photos`}
            </Button>
          )}
        </Space>
      ),
    });

  return (
    <ListFrame
      testId="abnormal-orders-page"
      title={t`Abnormal orders`}
      filters={<AbnormalFilters value={screen.filters} onSearch={screen.onSearch} />}
      actions={canExport && <ExportAction start={() => orderFiles.exportAbnormals(filters)} />}
    >
      <ListTable<AbnormalListRecord>
        listKey="abnormal-orders"
        testId="abnormal-table"
        columns={columns}
        empty={t`No abnormal orders`}
        {...screen.table}
      />
      <HandleModal mark={handling} onClose={() => setHandling(null)} />
      <AbnormalPhotosModal mark={photos} onClose={() => setPhotos(null)} />
    </ListFrame>
  );
}

/** Marks one abnormal mark handled, with what was done about it. */
function HandleModal({ mark, onClose }: { mark: AbnormalListRecord | null; onClose: () => void }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ remark: string }>();
  const handle = useMutation({
    ...orderMutations.handleAbnormal(),
    onSuccess: async () => {
      message.success(t`Marked handled`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: orderKeys.orders() });
    },
  });
  const no = mark?.trackingNo ?? '';
  const kind = mark?.kindName ?? '';
  return (
    <Modal
      open={mark !== null}
      title={t`Mark handled`}
      okText={t`Mark handled`}
      cancelText={t`Cancel`}
      okButtonProps={{ loading: handle.isPending }}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        handle.mutate({ id: mark!.recId, remark: v.remark.trim() });
      }}
    >
      <Typography.Paragraph>{t`${kind} of order ${no}: what was done about it?`}</Typography.Paragraph>
      {mark && <Typography.Paragraph type="secondary">{mark.reasonText}</Typography.Paragraph>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="remark"
          label={t`Handling remark`}
          rules={[{ required: true, whitespace: true, message: t`Write what was done about it` }]}
        >
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
