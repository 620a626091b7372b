import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { WebhookRecord } from '../../../shared/contract/webhook.ts';
import { webhookKeys, webhookMutations } from '../../api/queries/webhook.ts';
import type { KitColumns } from '../kit/columns.ts';
import { ListTable } from '../kit/list-table.tsx';
import { useFormat } from '../kit/use-format.ts';
import { FIRST_PAGE, webhookList } from './search.ts';
import { SecretModal } from './secret-modal.tsx';
import { WebhookFormModal } from './webhook-form-modal.tsx';

/**
 * The webhook endpoints of the caller's customer (a sub-account: those it made), or for staff
 * those of `customerId`, read only (`readOnly`): the URL, events, state and the last day's
 * deliveries. The customer adds, edits, deletes and sends a test event; `onDeliveries` opens an
 * endpoint's deliveries.
 */
export function WebhooksPanel({
  customerId,
  readOnly,
  onDeliveries,
}: {
  customerId?: number | undefined;
  readOnly: boolean;
  onDeliveries: (endpointId: number) => void;
}) {
  const { t } = useLingui();
  const f = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<{ pageNo: number; pageSize: number }>(FIRST_PAGE);
  const [editing, setEditing] = useState<{ open: boolean; endpoint: WebhookRecord | null }>({
    open: false,
    endpoint: null,
  });
  const [secret, setSecret] = useState<string | null>(null);
  const list = useQuery(webhookList(page, customerId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() });
  const remove = useMutation({
    ...webhookMutations.remove(),
    onSuccess: async () => {
      message.success(t`Deleted`);
      await refresh();
    },
  });
  const test = useMutation({
    ...webhookMutations.test(),
    onSuccess: async (d) => {
      message.success(t`Test event sent`);
      await refresh();
      onDeliveries(d.endpointId);
    },
  });

  const columns: KitColumns<WebhookRecord> = [
    {
      title: t`Endpoint URL`,
      dataIndex: 'url',
      fixed: 'start',
      render: (url: string, h) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong dir="ltr" style={{ wordBreak: 'break-all' }}>
            {url}
          </Typography.Text>
          {h.description && <Typography.Text type="secondary">{h.description}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t`Status`,
      dataIndex: 'enabled',
      render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{on ? t`Enabled` : t`Disabled`}</Tag>,
    },
    {
      title: t`Events`,
      dataIndex: 'events',
      render: (events: string[]) => (
        <Flex gap={4} wrap style={{ maxInlineSize: 320 }}>
          {events.map((e) => (
            <Tag key={e} dir="ltr">
              {e}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t`Last 24 hours`,
      key: 'recent',
      render: (_, h) => (
        <Space size={4} wrap>
          <Tag color="success">{t`${f.count(h.recent.delivered)} delivered`}</Tag>
          {h.recent.pending > 0 && <Tag color="processing">{t`${f.count(h.recent.pending)} pending`}</Tag>}
          {h.recent.failed > 0 && <Tag color="error">{t`${f.count(h.recent.failed)} failed`}</Tag>}
        </Space>
      ),
    },
    {
      title: t`Created`,
      key: 'created',
      render: (_, h) => (
        <Space orientation="vertical" size={0}>
          <span>{f.dateTime(h.createdAt)}</span>
          <Typography.Text type="secondary" dir="ltr">
            {h.createdBy}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, h) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onDeliveries(h.recId)}>
            {t`Deliveries`}
          </Button>
          {!readOnly && (
            <>
              <Button
                type="link"
                size="small"
                loading={test.isPending && test.variables === h.recId}
                onClick={() => test.mutate(h.recId)}
                data-testid={`test-${h.recId}`}
              >
                {t`Send test event`}
              </Button>
              <Button type="link" size="small" onClick={() => setEditing({ open: true, endpoint: h })}>
                {t`Edit`}
              </Button>
              <Popconfirm
                title={t`Delete this endpoint?`}
                description={t`Nothing more is sent to it; its deliveries stay listed.`}
                okText={t`Delete`}
                okButtonProps={{ danger: true }}
                cancelText={t`Cancel`}
                onConfirm={() => remove.mutateAsync(h.recId).catch(() => undefined)}
              >
                <Button type="link" size="small" danger data-testid={`delete-${h.recId}`}>
                  {t`Delete`}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="webhooks">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {t`We post the events you choose to your endpoints, signed with each endpoint's secret, and retry for about a day until your system answers 2xx.`}
        </Typography.Text>
        {!readOnly && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true, endpoint: null })}
            data-testid="add-endpoint"
          >
            {t`Add endpoint`}
          </Button>
        )}
      </Flex>
      <ListTable<WebhookRecord>
        listKey="webhooks"
        testId="webhook-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={page.pageNo}
        pageSize={page.pageSize}
        onChange={({ pageNo, pageSize }) => setPage({ pageNo, pageSize })}
        pageSizes={[10, 20, 50, 100]}
        empty={t`No endpoints yet`}
      />
      <WebhookFormModal
        open={editing.open}
        endpoint={editing.endpoint}
        customerId={customerId}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onSecret={setSecret}
      />
      <SecretModal
        secret={secret}
        title={t`The endpoint's signing secret`}
        hint={t`Your system checks each request's webhook-signature with it (Standard Webhooks).`}
        onClose={() => setSecret(null)}
      />
    </Flex>
  );
}
