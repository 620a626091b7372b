import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import type { Role } from '../../../../shared/contract/system.ts';
import { queries } from '../../../api/queries/index.ts';
import { systemKeys, systemMutations } from '../../../api/queries/system.ts';
import { useCan } from '../../../session/permissions.ts';
import type { KitColumns } from '../../kit/columns.ts';
import { TextItem } from '../../kit/filter-fields.tsx';
import { FilterForm } from '../../kit/filter-form.tsx';
import { ListFrame } from '../../kit/list-frame.tsx';
import { ListTable } from '../../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../../kit/search.ts';
import { useFormat } from '../../kit/use-format.ts';
import { roleList } from '../search.ts';
import { RoleFormModal } from './role-form-modal.tsx';

const routeApi = getRouteApi('/_desk/admin/system/role');

const CLOSED = { open: false, role: null };

/** /admin/system/role: the roles, with the name filter and page in the URL. */
export function RolePage() {
  const { t } = useLingui();
  const f = useFormat();
  const { message } = App.useApp();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('role:edit');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const list = useQuery(roleList.query(roleList.deps(search)));
  const [editing, setEditing] = useState<{ open: boolean; role: Role | null }>(CLOSED);
  const remove = useMutation({
    ...systemMutations.deleteRole(),
    onSuccess: async () => {
      message.success(t`Delete Success`);
      await queryClient.invalidateQueries({ queryKey: systemKeys.roles() });
      await queryClient.invalidateQueries({ queryKey: queries.system.userMenusAll() });
    },
  });

  const columns: KitColumns<Role> = [
    {
      title: t`Role name`,
      dataIndex: 'name',
      render: (name: string, role) => (
        <Space size={4}>
          {name}
          {role.isAdmin && <Tag color="blue">{t`All permissions`}</Tag>}
        </Space>
      ),
    },
    { title: t`Remark`, dataIndex: 'remark', render: (remark: string) => remark || '—' },
    {
      title: t`Menu entries`,
      dataIndex: 'menuIds',
      render: (ids: number[], role) => (role.isAdmin ? t`All` : ids.length),
    },
    { title: t`Created at`, dataIndex: 'createdAt', render: f.dateTime },
  ];
  if (canEdit)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ open: true, role })}>
            {t`Edit`}
          </Button>
          <Popconfirm
            title={t`Delete this role?`}
            description={t`A role that accounts still hold cannot be deleted.`}
            okText={t`Delete`}
            okButtonProps={{ danger: true }}
            cancelText={t`Cancel`}
            // A refusal was already shown by the API core; the promise only drives the spinner.
            onConfirm={() => remove.mutateAsync(role.recId).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>
              {t`Delete`}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });

  return (
    <ListFrame
      testId="system-role"
      title={t`Roles`}
      filters={
        <FilterForm<{ name?: string | undefined }>
          value={{ name: search.name }}
          onSearch={(values) => navigate({ search: compact(values) })}
          label={t`Filter roles`}
        >
          <TextItem name="name" label={t`Role name`} width={200} />
        </FilterForm>
      }
      actions={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true, role: null })}
          >
            {t`Add`}
          </Button>
        )
      }
    >
      <ListTable<Role>
        listKey="role"
        testId="role-table"
        columns={columns}
        answer={list.data}
        loading={list.isFetching}
        pageNo={pageNo}
        pageSize={pageSize}
        onChange={({ pageNo: next, pageSize: size }) =>
          navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) })
        }
        pageSizes={[10, 20, 50, 100]}
        empty={t`No roles found`}
      />
      <RoleFormModal
        open={editing.open}
        role={editing.role}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </ListFrame>
  );
}
