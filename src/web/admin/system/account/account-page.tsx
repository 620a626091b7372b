import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import type { UserRecord } from '../../../../shared/contract/system.ts';
import { AccountType, Enabled } from '../../../../shared/domain/enums.ts';
import { systemKeys, systemListQueries, systemMutations } from '../../../api/queries/system.ts';
import { useCan } from '../../../session/permissions.ts';
import { useSession } from '../../../session/store.ts';
import type { KitColumns } from '../../kit/columns.ts';
import { STATUS_LABELS } from '../../kit/labels.ts';
import { ListFrame } from '../../kit/list-frame.tsx';
import { ListTable } from '../../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../../kit/search.ts';
import { useFormat } from '../../kit/use-format.ts';
import { ACCOUNT_TYPE_LABELS } from '../labels.ts';
import { accountList } from '../search.ts';
import { AccountFilters, type AccountFilterValues } from './account-filters.tsx';
import { withStatus } from './account-form.ts';
import { AccountFormModal } from './account-form-modal.tsx';
import { ResetPasswordModal } from './reset-password-modal.tsx';

const routeApi = getRouteApi('/_desk/admin/system/account');

const CLOSED = { open: false, user: null };

const TYPE_COLORS: Record<number, string> = {
  [AccountType.admin]: 'blue',
  [AccountType.main]: 'gold',
  [AccountType.sub]: 'orange',
  [AccountType.pda]: 'purple',
};

/** /admin/system/account: the accounts, with their filters and page in the URL. */
export function AccountPage() {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const { message } = App.useApp();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('account:edit');
  const session = useSession();
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters: AccountFilterValues = {
    username: search.username,
    type: search.type,
    status: search.status,
    customerId: search.customerId,
  };
  const list = useQuery(accountList.query(accountList.deps(search)));
  const options = useQuery(systemListQueries.accountOptions()).data ?? { customers: [], roles: [] };
  const roleName = new Map(options.roles.map((r) => [r.recId, r.name]));

  // The dialogs keep their account while they animate closed.
  const [editing, setEditing] = useState<{ open: boolean; user: UserRecord | null }>(CLOSED);
  const [resetting, setResetting] = useState<{ open: boolean; user: UserRecord | null }>(CLOSED);
  const status = useMutation({
    ...systemMutations.saveUser(),
    onSuccess: async (user) => {
      message.success(user.status === Enabled.enabled ? t`Account enabled` : t`Account disabled`);
      await queryClient.invalidateQueries({ queryKey: systemKeys.users() });
    },
  });

  const columns: KitColumns<UserRecord> = [
    { title: t`Username`, dataIndex: 'username', fixed: 'start' },
    { title: t`Nickname`, dataIndex: 'nickname' },
    {
      title: t`Account type`,
      dataIndex: 'type',
      render: (type: number) => {
        const label = ACCOUNT_TYPE_LABELS[type];
        return <Tag color={TYPE_COLORS[type]}>{label ? i18n._(label) : type}</Tag>;
      },
    },
    { title: t`Customer`, dataIndex: 'customerName', render: (name: string | null) => name ?? '—' },
    {
      title: t`Roles`,
      dataIndex: 'roleIds',
      render: (ids: number[]) =>
        ids.length ? (
          <Space size={[0, 4]} wrap>
            {ids.map((id) => (
              <Tag key={id}>{roleName.get(id) ?? `#${id}`}</Tag>
            ))}
          </Space>
        ) : (
          '—'
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
    { title: t`Created at`, dataIndex: 'createdAt', render: f.dateTime },
  ];
  if (canEdit)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, user) => {
        const enabled = user.status === Enabled.enabled;
        // The server refuses to disable one's own account, so the button is not offered.
        const self = user.recId === session?.user.recId;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ open: true, user })}>
              {t`Edit`}
            </Button>
            <Button type="link" size="small" onClick={() => setResetting({ open: true, user })}>
              {t`Reset password`}
            </Button>
            {!self && (
              <Popconfirm
                title={enabled ? t`Disable this account?` : t`Enable this account?`}
                description={enabled ? t`It is signed out and can no longer log in.` : undefined}
                okText={t`Yes`}
                cancelText={t`No`}
                // A refusal was already shown by the API core; the promise only drives the spinner.
                onConfirm={() =>
                  status
                    .mutateAsync(withStatus(user, enabled ? Enabled.disabled : Enabled.enabled))
                    .catch(() => undefined)
                }
              >
                <Button type="link" size="small" danger={enabled}>
                  {enabled ? t`Disable` : t`Enable`}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    });

  return (
    <ListFrame
      testId="system-account"
      title={t`Accounts`}
      filters={
        <AccountFilters
          value={filters}
          customers={options.customers}
          onSearch={(values) => navigate({ search: compact(values) })}
        />
      }
      actions={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true, user: null })}
          >
            {t`Add`}
          </Button>
        )
      }
    >
      <ListTable<UserRecord>
        listKey="account"
        testId="account-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onChange={({ pageNo: next, pageSize: size }) =>
          navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) })
        }
        pageSizes={[10, 20, 50, 100]}
        empty={t`No accounts found`}
      />
      <AccountFormModal
        open={editing.open}
        user={editing.user}
        options={options}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ResetPasswordModal
        open={resetting.open}
        user={resetting.user}
        onClose={() => setResetting((r) => ({ ...r, open: false }))}
      />
    </ListFrame>
  );
}
