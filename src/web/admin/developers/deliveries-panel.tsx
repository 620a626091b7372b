import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { WebhookDelivery } from '../../../shared/contract/webhook.ts';
import { webhookKeys, webhookMutations } from '../../api/queries/webhook.ts';
import type { KitColumns } from '../kit/columns.ts';
import { ListTable } from '../kit/list-table.tsx';
import { useFormat } from '../kit/use-format.ts';
import { useListScreen } from '../kit/use-list-screen.ts';
import { DeliveryDrawer } from './delivery-drawer.tsx';
import { DeliveryFilters, type DeliveryFilterValues } from './delivery-filters.tsx';
import { DELIVERY_STATE_COLORS, DELIVERY_STATE_LABELS } from './labels.ts';
import type { DevelopersRoute } from './search.ts';
import { deliveryList, webhookList } from './search.ts';

/**
 * The deliveries of the customer's endpoints (for staff: of `customerId`), newest first, by
 * endpoint, event and state as the URL says: each with its state, attempts, last answer code and
 * times; a drawer shows the payload and the answer, and sends the event again (`mayRedeliver`).
 */
export function DeliveriesPanel({
  route,
  customerId,
  mayRedeliver,
}: {
  route: DevelopersRoute;
  customerId?: number | undefined;
  mayRedeliver: boolean;
}) {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const screen = useListScreen({
    route,
    selectable: false,
    keep: ['tab', 'name'],
    filtersOf: (s): DeliveryFilterValues => ({ endpointId: s.endpointId, type: s.type, state: s.state }),
    query: (request) => deliveryList(request, customerId),
  });
  const endpoints = useQuery(webhookList({ pageNo: 1, pageSize: 500 }, customerId)).data?.records ?? [];
  const [openId, setOpenId] = useState<number | null>(null);
  const [shown, setShown] = useState<WebhookDelivery | null>(null);
  // The drawer follows the list's polling while the delivery is on the page.
  const open = screen.list.data?.records.find((d) => d.recId === openId) ?? (openId === null ? null : shown);
  const redeliver = useMutation({
    ...webhookMutations.redeliver(),
    onSuccess: async (d) => {
      message.success(t`Sent again`);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all() });
      setShown(d);
      setOpenId(d.recId);
    },
  });

  const columns: KitColumns<WebhookDelivery> = [
    {
      title: t`Event`,
      dataIndex: 'type',
      fixed: 'start',
      render: (type: string, d) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link
            dir="ltr"
            onClick={() => {
              setShown(d);
              setOpenId(d.recId);
            }}
          >
            {type}
          </Typography.Link>
          <Typography.Text type="secondary" dir="ltr">
            {d.webhookId}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t`Status`,
      dataIndex: 'state',
      render: (s: WebhookDelivery['state']) => (
        <Tag color={DELIVERY_STATE_COLORS[s]}>{i18n._(DELIVERY_STATE_LABELS[s])}</Tag>
      ),
    },
    {
      title: t`Answer code`,
      dataIndex: 'lastStatus',
      render: (code: number | null, d) =>
        code !== null ? (
          <Tag color={code >= 200 && code < 300 ? 'success' : 'error'}>{code}</Tag>
        ) : d.lastError ? (
          <Typography.Text type="danger">{d.lastError}</Typography.Text>
        ) : (
          '—'
        ),
    },
    { title: t`Attempts`, dataIndex: 'attempts', render: (n: number) => f.count(n) },
    {
      title: t`Endpoint`,
      dataIndex: 'url',
      render: (url: string) => (
        <Typography.Text dir="ltr" style={{ maxInlineSize: 260, wordBreak: 'break-all' }}>
          {url}
        </Typography.Text>
      ),
    },
    { title: t`Created`, dataIndex: 'createdAt', render: (at: string) => f.dateTimeSeconds(at) },
    {
      title: t`Last attempt`,
      dataIndex: 'lastAttemptAt',
      render: (at: string | null) => f.dateTimeSeconds(at),
    },
    {
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, d) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setShown(d);
              setOpenId(d.recId);
            }}
          >
            {t`Details`}
          </Button>
          {mayRedeliver && (
            <Button
              type="link"
              size="small"
              loading={redeliver.isPending && redeliver.variables === d.recId}
              onClick={() => redeliver.mutate(d.recId)}
            >
              {t`Redeliver`}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="deliveries">
      <DeliveryFilters value={screen.filters} endpoints={endpoints} onSearch={screen.onSearch} />
      <ListTable<WebhookDelivery>
        listKey="webhook-deliveries"
        testId="delivery-table"
        columns={columns}
        {...screen.table}
        pageSizes={[10, 20, 50, 100]}
        empty={t`No deliveries yet`}
      />
      <DeliveryDrawer
        delivery={open}
        onClose={() => setOpenId(null)}
        onRedeliver={mayRedeliver ? (d) => redeliver.mutate(d.recId) : undefined}
        redelivering={redeliver.isPending}
      />
    </Flex>
  );
}
