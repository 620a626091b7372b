import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  App,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { AbnormalListRecord } from '../../../shared/contract/order-staff.ts';
import {
  orderStaffFiles,
  orderStaffKeys,
  orderStaffMutations,
  orderStaffQueries,
} from '../../api/queries/order-staff.ts';
import { useCan } from '../../session/permissions.ts';
import { ExportAction } from '../kit/export-action.tsx';
import { ImageThumbs } from '../kit/image-thumbs.tsx';
import { ListFrame } from '../kit/list-frame.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../kit/search.ts';
import { useTime } from '../kit/use-time.ts';
import { AbnormalFilters } from './abnormal-filters.tsx';
import { AbnormalPhotosModal } from './abnormal-photos-modal.tsx';
import { OrderLink, StatusTag } from './order-columns.tsx';
import { abnormalFiltersOf } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/customerService/abnormalOrders');

/**
 * /admin/customerService/abnormalOrders: orders with a problem (no carrier number, intercepted,
 * weight discrepancy, address not confirmed, sensitive goods, no price), by kind, handling state
 * and responsible department; customer service marks each handled with what was done.
 */
export function AbnormalOrdersPage() {
  const { t, i18n } = useLingui();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const time = useTime();
  const canEdit = useCan('abnormal:edit');
  const canExport = useCan('abnormal:export');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const { pageNo: _p, pageSize: _s, ...filterValues } = search;
  const filters = abnormalFiltersOf(filterValues);
  const list = useQuery(orderStaffQueries.abnormals(i18n.locale, { ...filters, pageNo, pageSize }));
  const [handling, setHandling] = useState<AbnormalListRecord | null>(null);
  const [photos, setPhotos] = useState<AbnormalListRecord | null>(null);
  // Photos go through image/upload, which needs order:edit.
  const canUpload = useCan('order:edit');
  const total = list.data?.total ?? 0;
  const count = i18n.number(total);

  const columns: TableColumnsType<AbnormalListRecord> = [
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
    { title: t`Marked`, dataIndex: 'createdAt', render: (v: string) => time(v) },
    {
      title: t`Handled`,
      key: 'handled',
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
      filters={
        <AbnormalFilters value={filterValues} onSearch={(v) => void navigate({ search: compact(v) })} />
      }
      actions={canExport && <ExportAction start={() => orderStaffFiles.exportAbnormals(filters)} />}
    >
      <Table<AbnormalListRecord>
        data-testid="abnormal-table"
        rowKey="recId"
        size="middle"
        columns={columns}
        dataSource={list.data?.records}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No abnormal orders`} />,
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: () => (list.data?.totalCapped ? t`${count}+ marks` : t`${count} in total`),
          onChange: (next, size) =>
            void navigate({
              search: (prev) => ({ ...prev, pageNo: size !== pageSize ? 1 : next, pageSize: size }),
            }),
        }}
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
    ...orderStaffMutations.handleAbnormal(),
    onSuccess: async () => {
      message.success(t`Marked handled`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: orderStaffKeys.orders() });
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
