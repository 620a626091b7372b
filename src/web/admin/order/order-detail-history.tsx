import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Form, Input, List, Tag, Timeline, Typography } from 'antd';
import type { OrderDetail } from '../../../shared/contract/order.ts';
import {
  ABNORMAL_STATE_NAMES,
  type AbnormalState,
  departmentName,
} from '../../../shared/domain/order-abnormal.ts';
import { orderKeys, orderMutations } from '../../api/queries/order.ts';
import { useCan } from '../../session/permissions.ts';
import { typed } from '../../ui/bidi.tsx';
import { ImageThumbs } from '../kit/image-thumbs.tsx';
import { RowsTable } from '../kit/rows-table.tsx';
import { dash } from '../kit/text.ts';
import { useTime } from '../kit/use-time.ts';

/** Tracking records, newest first: the node, where and when; internal ones marked. */
export function TrackingSection({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const time = useTime();
  return (
    <Card size="small" title={t`Tracking records`} data-testid="order-tracking">
      {order.events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Timeline
          items={order.events.map((e, i) => ({
            key: e.recId,
            color: i === 0 ? 'blue' : 'gray',
            content: (
              <Flex vertical gap={2}>
                <Flex gap={8} wrap align="center">
                  <Typography.Text strong>{e.name}</Typography.Text>
                  {!e.isPublic && <Tag>{t`Internal`}</Tag>}
                </Flex>
                <Typography.Text type="secondary">
                  {[time(e.occurredAt), e.location, e.operatorName].filter(Boolean).join(' · ')}
                </Typography.Text>
                {e.description && <span>{e.description}</span>}
              </Flex>
            ),
          }))}
        />
      )}
    </Card>
  );
}

/** Remarks, newest first, and a new one (with order:edit). */
export function RemarksSection({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const time = useTime();
  const queryClient = useQueryClient();
  const canEdit = useCan('order:edit');
  const [form] = Form.useForm<{ content: string }>();
  const add = useMutation({
    ...orderMutations.addRemark(),
    onSuccess: async () => {
      form.resetFields();
      message.success(t`Remark added`);
      await queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.recId) });
    },
  });
  return (
    <Card size="small" title={t`Remarks`} data-testid="order-remarks">
      {canEdit && (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => add.mutate({ orderId: order.recId, content: v.content.trim() })}
        >
          <Form.Item
            name="content"
            label={t`New remark`}
            rules={[{ required: true, whitespace: true, message: t`Write the remark` }]}
          >
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t`Add remark`}
          </Button>
        </Form>
      )}
      <List
        dataSource={order.remarks}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No remarks`} /> }}
        renderItem={(r) => (
          <List.Item key={r.recId}>
            <List.Item.Meta
              title={typed(r.content)}
              description={`${time(r.createdAt)} · ${r.createdBy ?? '—'}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** Status history, interception requests and abnormal marks. */
export function HistorySection({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui();
  const time = useTime();
  return (
    <Flex gap={16} wrap>
      <Card size="small" title={t`Status history`} style={{ flex: '1 1 420px' }}>
        <RowsTable
          rowKey="eventId"
          rows={order.statusHistory}
          columns={[
            { title: t`From status`, dataIndex: 'fromStatusName', render: (v: string | null) => dash(v) },
            { title: t`To status`, dataIndex: 'statusName' },
            { title: t`Time`, dataIndex: 'at', render: (v: string) => time(v) },
            { title: t`Operator`, dataIndex: 'operatorName', render: (v: string | null) => dash(v) },
          ]}
        />
      </Card>
      <Card
        size="small"
        title={t`Interceptions`}
        style={{ flex: '1 1 420px' }}
        data-testid="order-intercepts"
      >
        <RowsTable
          rowKey="recId"
          rows={order.intercepts}
          empty={t`Never intercepted`}
          columns={[
            { title: t`State`, dataIndex: 'stateName' },
            { title: t`Reason`, dataIndex: 'reason', render: (v: string) => dash(v) },
            {
              title: t`Requested`,
              key: 'req',
              render: (_, i) => `${time(i.requestedAt)} · ${i.requestedBy ?? '—'}`,
            },
            {
              title: t`Result`,
              key: 'res',
              render: (_, i) =>
                i.resolvedAt ? `${time(i.resolvedAt)} · ${i.resolvedBy ?? '—'} ${i.resultRemark}` : '—',
            },
          ]}
        />
      </Card>
      <Card size="small" title={t`Abnormal marks`} style={{ flex: '1 1 420px' }}>
        <RowsTable
          rowKey="recId"
          rows={order.abnormals}
          empty={t`None`}
          columns={[
            { title: t`Kind`, dataIndex: 'kindName', render: (v: string) => <Tag color="volcano">{v}</Tag> },
            { title: t`Reason`, dataIndex: 'reasonText' },
            {
              title: t`Department`,
              dataIndex: 'department',
              render: (d: number) => {
                const name = departmentName(d);
                return name ? i18n._(name) : d;
              },
            },
            {
              title: t`Handling`,
              dataIndex: 'state',
              render: (s: number) => {
                const name = ABNORMAL_STATE_NAMES[s as AbnormalState];
                return <Tag color={s === 0 ? 'orange' : 'green'}>{name ? i18n._(name) : s}</Tag>;
              },
            },
            { title: t`Time`, dataIndex: 'createdAt', render: (v: string) => time(v) },
            {
              title: t`Photos`,
              dataIndex: 'images',
              render: (urls: string[], a) => <ImageThumbs urls={urls} testId={`mark-photos-${a.recId}`} />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
