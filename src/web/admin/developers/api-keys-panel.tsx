import { PlusOutlined } from '@ant-design/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { ApiKeyRecord } from '../../../shared/contract/api-key.ts';
import { apiKeyKeys, apiKeyMutations } from '../../api/queries/api-key.ts';
import type { KitColumns } from '../kit/columns.ts';
import { ListTable } from '../kit/list-table.tsx';
import { useFormat } from '../kit/use-format.ts';
import { ApiKeyCreateModal } from './api-key-create-modal.tsx';
import { KEY_STATE_COLORS, KEY_STATE_LABELS, SCOPE_LABELS } from './labels.ts';
import { apiKeyList, FIRST_PAGE } from './search.ts';
import { SecretModal } from './secret-modal.tsx';

/** How a key is sent; Latin text kept whole and left to right inside Arabic sentences. */
const AUTH_HEADER = 'Authorization: Bearer pbo_…';

/**
 * The API keys of the caller's customer (a sub-account: its own), or for staff those of
 * `customerId`: when each was made and by whom, when and from where it was last used, its expiry
 * and state. A new key's secret is shown once; revoking asks first.
 */
export function ApiKeysPanel({ customerId }: { customerId?: number | undefined }) {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<{ pageNo: number; pageSize: number }>(FIRST_PAGE);
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const list = useQuery(apiKeyList(page, includeRevoked, customerId));
  const revoke = useMutation({
    ...apiKeyMutations.revoke(),
    onSuccess: async () => {
      message.success(t`Key revoked`);
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all() });
    },
  });

  const columns: KitColumns<ApiKeyRecord> = [
    {
      title: t`Name`,
      dataIndex: 'name',
      fixed: 'start',
      render: (name: string, k) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text code dir="ltr">{`${k.prefix}…`}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t`Status`,
      dataIndex: 'state',
      render: (s: ApiKeyRecord['state']) => (
        <Tag color={KEY_STATE_COLORS[s]}>{i18n._(KEY_STATE_LABELS[s])}</Tag>
      ),
    },
    {
      title: t`Scopes`,
      dataIndex: 'scopes',
      render: (scopes: ApiKeyRecord['scopes']) => (
        <Flex gap={4} wrap data-testid="key-scopes">
          {scopes.map((s) => (
            <Tooltip key={s} title={i18n._(SCOPE_LABELS[s])}>
              <Tag dir="ltr" style={{ marginInlineEnd: 0 }}>
                {s}
              </Tag>
            </Tooltip>
          ))}
        </Flex>
      ),
    },
    {
      title: t`Created`,
      key: 'created',
      render: (_, k) => (
        <Space orientation="vertical" size={0}>
          <span>{f.dateTime(k.createdAt)}</span>
          <Typography.Text type="secondary" dir="ltr">
            {k.createdBy}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t`Last used`,
      key: 'lastUsed',
      render: (_, k) =>
        k.lastUsedAt ? (
          <Space orientation="vertical" size={0}>
            <span>{f.dateTime(k.lastUsedAt)}</span>
            {k.lastUsedIp && (
              <Typography.Text type="secondary" dir="ltr">
                {k.lastUsedIp}
              </Typography.Text>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t`Never used`}</Typography.Text>
        ),
    },
    {
      title: t`Expires`,
      dataIndex: 'expiresAt',
      render: (at: string | null) => (at ? f.dateTime(at) : t`Never`),
    },
    {
      title: t`Acts as`,
      dataIndex: 'actingUsername',
      render: (u: string) => <span dir="ltr">{u}</span>,
    },
    {
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, k) =>
        k.state === 'active' ? (
          <Popconfirm
            title={t`Revoke “${k.name}”?`}
            description={t`Every call made with it is refused from now on. This cannot be undone.`}
            okText={t`Revoke`}
            okButtonProps={{ danger: true }}
            cancelText={t`Cancel`}
            onConfirm={() => revoke.mutateAsync(k.recId).catch(() => undefined)}
          >
            <Button type="link" size="small" danger data-testid={`revoke-${k.recId}`}>
              {t`Revoke`}
            </Button>
          </Popconfirm>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="api-keys">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          <Trans>
            A key lets your own systems call the API as this account: send it as{' '}
            <Typography.Text code dir="ltr">
              {AUTH_HEADER}
            </Typography.Text>
            . Keep it secret.
          </Trans>
        </Typography.Text>
        <Space>
          <Space size={6}>
            <Switch
              size="small"
              checked={includeRevoked}
              onChange={(v) => {
                setIncludeRevoked(v);
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
              aria-label={t`Show revoked keys`}
            />
            <span>{t`Show revoked keys`}</span>
          </Space>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="create-key"
          >
            {t`Create key`}
          </Button>
        </Space>
      </Flex>
      <ListTable<ApiKeyRecord>
        listKey="api-keys"
        testId="api-key-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={page.pageNo}
        pageSize={page.pageSize}
        onChange={({ pageNo, pageSize }) => setPage({ pageNo, pageSize })}
        pageSizes={[10, 20, 50, 100]}
        empty={t`No API keys yet`}
      />
      <ApiKeyCreateModal
        open={creating}
        customerId={customerId}
        onClose={() => setCreating(false)}
        onCreated={setSecret}
      />
      <SecretModal
        secret={secret}
        title={t`Your new API key`}
        hint={t`Only a hash of it is kept: if you lose it, revoke it and create another.`}
        onClose={() => setSecret(null)}
      />
    </Flex>
  );
}
