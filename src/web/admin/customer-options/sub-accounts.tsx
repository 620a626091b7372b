import { KeyOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { SubAccountRecord } from '../../../shared/contract/customer.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { customerKeys, customerMutations, customerQueries } from '../../api/queries/customer.ts';
import type { KitColumns } from '../kit/columns.ts';
import { ListTable } from '../kit/list-table.tsx';
import { NewSubAccountModal, RightsEditor, SubPasswordModal } from './sub-account-dialogs.tsx';
import { useSubRightLabels } from './sub-right-labels.ts';

type Dialog = { kind: 'rights' | 'password'; account: SubAccountRecord } | { kind: 'new' } | null;

/**
 * The sub-accounts of a customer and what each may do (issue 37). Without `customerId` they are the
 * caller's own (its main account's settings): it makes, disables and enables them, sets their
 * passwords and their rights. With `customerId` (staff holding customer:edit, on the customer
 * screen) the same list and the same rights editor, for that customer. A right taken away hides
 * its screens and buttons from the sub-account and the server refuses its calls at once.
 */
export function SubAccounts({ customerId }: { customerId?: number }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const labels = useSubRightLabels();
  const manages = customerId === undefined;
  const list = useQuery(customerQueries.subAccounts(customerId));
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const toggle = useMutation({
    ...customerMutations.setSubAccountStatus(),
    onSuccess: async (s) => {
      message.success(s.status === Enabled.enabled ? t`Enabled` : t`Disabled`);
      await queryClient.invalidateQueries({ queryKey: customerKeys.subAccounts() });
    },
  });
  const records = list.data ?? [];
  const shown = records.slice((page.pageNo - 1) * page.pageSize, page.pageNo * page.pageSize);

  const columns: KitColumns<SubAccountRecord> = [
    {
      title: t`Account`,
      key: 'account',
      fixed: 'start',
      render: (_, s) => (
        <>
          <span dir="ltr">{s.username}</span>
          {s.nickname && <Typography.Text type="secondary"> · {s.nickname}</Typography.Text>}
          {s.status !== Enabled.enabled && <Tag style={{ marginInlineStart: 8 }}>{t`Disabled`}</Tag>}
        </>
      ),
    },
    {
      title: t`Rights`,
      key: 'rights',
      render: (_, s) =>
        s.rights.length ? (
          // Wrapped, so the list fits beside the fixed actions instead of scrolling under them.
          <Flex gap={4} wrap style={{ maxInlineSize: 260 }}>
            {s.rights.map((r) => (
              <Tag key={r} color="blue">
                {labels[r].name}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t`Only read orders`}</Typography.Text>
        ),
    },
    {
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, s) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<SafetyCertificateOutlined />}
            onClick={() => setDialog({ kind: 'rights', account: s })}
            data-testid={`edit-rights-${s.username}`}
          >
            {t`Edit rights`}
          </Button>
          {manages && (
            <Button
              type="link"
              size="small"
              icon={<KeyOutlined />}
              onClick={() => setDialog({ kind: 'password', account: s })}
              data-testid={`reset-password-${s.username}`}
            >
              {t`Reset password`}
            </Button>
          )}
          {manages && (
            <Popconfirm
              title={
                s.status === Enabled.enabled
                  ? t`Disable this sub-account? It is logged out and cannot log in.`
                  : t`Enable this sub-account?`
              }
              okText={t`Yes`}
              cancelText={t`No`}
              onConfirm={() =>
                toggle
                  .mutateAsync({
                    recId: s.recId,
                    status: s.status === Enabled.enabled ? Enabled.disabled : Enabled.enabled,
                  })
                  .catch(() => undefined)
              }
            >
              <Button
                type="link"
                size="small"
                danger={s.status === Enabled.enabled}
                data-testid={`toggle-${s.username}`}
              >
                {s.status === Enabled.enabled ? t`Disable` : t`Enable`}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      // On the customer screen the drawer names the customer's sub-accounts already.
      title={manages ? t`Sub-accounts` : undefined}
      variant={manages ? 'outlined' : 'borderless'}
      styles={manages ? undefined : { body: { padding: 0 } }}
      data-testid="sub-accounts"
      extra={
        manages && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'new' })}
            data-testid="new-sub-account"
          >
            {t`New sub-account`}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {manages
          ? t`Decide what each sub-account may do. Every sub-account can read your orders; the rest only with the rights you give it.`
          : t`Every sub-account can read its customer's orders; the rest only with the rights given to it.`}
      </Typography.Paragraph>
      <ListTable<SubAccountRecord>
        listKey="sub-accounts"
        testId="sub-account-table"
        columns={columns}
        answer={{ records: shown, total: records.length }}
        loading={list.isFetching}
        pageNo={page.pageNo}
        pageSize={page.pageSize}
        onChange={({ pageNo, pageSize }) => setPage({ pageNo, pageSize })}
        pageSizes={[10, 20, 50]}
        empty={t`No sub-accounts`}
      />
      {dialog?.kind === 'rights' && <RightsEditor account={dialog.account} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'password' && (
        <SubPasswordModal account={dialog.account} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'new' && <NewSubAccountModal onClose={() => setDialog(null)} />}
    </Card>
  );
}
