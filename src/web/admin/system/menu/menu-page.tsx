import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Popconfirm, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { MenuType } from '../../../../shared/domain/enums.ts';
import { queries } from '../../../api/queries/index.ts';
import { systemKeys, systemListQueries, systemMutations } from '../../../api/queries/system.ts';
import { useCan } from '../../../session/permissions.ts';
import { ChoiceItem, TextItem } from '../../kit/filter-fields.tsx';
import { FilterForm } from '../../kit/filter-form.tsx';
import { ListFrame } from '../../kit/list-frame.tsx';
import { RowsTable } from '../../kit/rows-table.tsx';
import { compact } from '../../kit/search.ts';
import { MENU_TYPE_LABELS } from '../labels.ts';
import { type MenuRow, nestMenus, parentIds } from '../menu-tree.ts';
import type { MenuSearch } from '../search.ts';
import { type MenuEdit, MenuFormModal } from './menu-form-modal.tsx';

const routeApi = getRouteApi('/_desk/admin/system/menu');

const TYPE_COLORS: Record<number, string> = {
  [MenuType.level1]: 'blue',
  [MenuType.level2]: 'cyan',
  [MenuType.button]: 'default',
};

/** /admin/system/menu: the menu tree as a tree table, with its filters in the URL. */
export function MenuPage() {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('menu:edit');
  const filtered = !!(search.name || search.type);
  const list = useQuery(systemListQueries.menus(compact({ name: search.name, type: search.type })));
  // Parent choices in the dialog come from the whole tree, whatever the filters.
  const all = useQuery({ ...systemListQueries.menus({}), enabled: canEdit });
  const rows = useMemo(() => nestMenus(list.data ?? []), [list.data]);

  // Top-level entries start open; a filtered list opens everything it found.
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const expandedKeys = expanded ?? (filtered ? parentIds(list.data ?? []) : rows.map((r) => r.recId));

  const [editing, setEditing] = useState<{ open: boolean; edit: MenuEdit }>({
    open: false,
    edit: { parentId: 0 },
  });
  const openEditor = (edit: MenuEdit) => {
    if ('parentId' in edit && edit.parentId) setExpanded([...expandedKeys, edit.parentId]);
    setEditing({ open: true, edit });
  };
  const remove = useMutation({
    ...systemMutations.deleteMenu(),
    onSuccess: async () => {
      message.success(t`Delete Success`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.menus() }),
        queryClient.invalidateQueries({ queryKey: queries.system.allMenus().queryKey }),
        queryClient.invalidateQueries({ queryKey: queries.system.userMenusAll() }),
      ]);
    },
  });

  const applyFilters = (values: MenuSearch) => {
    setExpanded(null);
    void navigate({ search: compact(values) });
  };

  const columns: TableColumnsType<MenuRow> = [
    { title: t`Name`, dataIndex: 'name', fixed: 'start' },
    {
      title: t`Type`,
      dataIndex: 'type',
      render: (type: number) => {
        const label = MENU_TYPE_LABELS[type];
        return <Tag color={TYPE_COLORS[type]}>{label ? i18n._(label) : type}</Tag>;
      },
    },
    {
      title: t`Path`,
      dataIndex: 'path',
      // Paths and keys read left to right in Arabic too.
      render: (path: string) => (
        <Typography.Text code>
          <bdi dir="ltr">{path}</bdi>
        </Typography.Text>
      ),
    },
    {
      title: t`Permissions`,
      dataIndex: 'perms',
      render: (perms: string) =>
        perms ? (
          <Space size={[0, 4]} wrap>
            {perms.split(',').map((p) => (
              <Tag key={p}>{p.trim()}</Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t`Icon`, dataIndex: 'icon', render: (icon: string) => icon || '—' },
    { title: t`Order`, dataIndex: 'sort' },
  ];
  if (canEdit)
    columns.push({
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, menu) => (
        <Space size={0}>
          {menu.type !== MenuType.button && (
            <Button type="link" size="small" onClick={() => openEditor({ parentId: menu.recId })}>
              {t`Add child`}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => openEditor({ menu })}>
            {t`Edit`}
          </Button>
          <Popconfirm
            title={t`Delete this menu entry?`}
            description={t`An entry with entries under it cannot be deleted.`}
            okText={t`Delete`}
            okButtonProps={{ danger: true }}
            cancelText={t`Cancel`}
            // A refusal was already shown by the API core; the promise only drives the spinner.
            onConfirm={() => remove.mutateAsync(menu.recId).catch(() => undefined)}
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
      testId="system-menu"
      title={t`Menus`}
      filters={
        <FilterForm<MenuSearch>
          value={{ name: search.name, type: search.type }}
          onSearch={applyFilters}
          label={t`Filter menu entries`}
        >
          <TextItem name="name" label={t`Name`} width={200} />
          <ChoiceItem name="type" label={t`Type`} labels={MENU_TYPE_LABELS} width={160} />
        </FilterForm>
      }
      actions={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor({ parentId: 0 })}>
            {t`Add`}
          </Button>
        )
      }
    >
      <RowsTable<MenuRow>
        rowKey="recId"
        size="middle"
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: setExpanded }}
        empty={t`No menu entries found`}
      />
      <MenuFormModal
        open={editing.open}
        edit={editing.edit}
        all={all.data ?? []}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </ListFrame>
  );
}
