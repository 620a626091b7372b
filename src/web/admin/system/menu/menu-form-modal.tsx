import { useLingui } from '@lingui/react/macro';
import { Form, Input, InputNumber, Radio, TreeSelect } from 'antd';
import { useMemo } from 'react';
import type { Body } from '../../../../shared/contract/core.ts';
import type { MenuItem, system } from '../../../../shared/contract/system.ts';
import { MenuType } from '../../../../shared/domain/enums.ts';
import { queries } from '../../../api/queries/index.ts';
import { systemKeys, systemMutations } from '../../../api/queries/system.ts';
import { FormModal } from '../../shared/form-modal.tsx';
import { useSaveMutation } from '../../shared/use-save-mutation.ts';
import { MENU_TYPE_LABELS } from '../labels.ts';
import { descendantsOf, type MenuRow, nestMenus } from '../menu-tree.ts';

type MenuFormValues = Omit<Body<typeof system.menuSave>, 'recId'> & {
  parentId: number;
  type: number;
  sort: number;
};

/** What the dialog edits: an entry, or a new one under `parentId` (0 = top level). */
export type MenuEdit = { menu: MenuItem } | { parentId: number };

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** Screens and top-level entries as parent choices; an entry cannot move under itself. */
function parentOptions(rows: MenuRow[], excluded: Set<number>): TreeOption[] {
  return rows
    .filter((r) => r.type !== MenuType.button)
    .map((r) => {
      const children = parentOptions(r.children ?? [], excluded);
      return {
        value: r.recId,
        title: r.name,
        ...(excluded.has(r.recId) ? { disabled: true } : {}),
        ...(children.length ? { children } : {}),
      };
    });
}

function initialValues(edit: MenuEdit, all: MenuItem[]): Partial<MenuFormValues> {
  if ('menu' in edit) {
    const { menu } = edit;
    return {
      parentId: menu.parentId,
      type: menu.type,
      nameCn: menu.nameCn,
      nameEn: menu.nameEn,
      nameAr: menu.nameAr,
      path: menu.path,
      perms: menu.perms,
      icon: menu.icon,
      sort: menu.sort,
    };
  }
  const parent = all.find((m) => m.recId === edit.parentId);
  const siblings = all.filter((m) => m.parentId === edit.parentId);
  return {
    parentId: edit.parentId,
    type: !parent ? MenuType.level1 : parent.type === MenuType.level1 ? MenuType.level2 : MenuType.button,
    sort: siblings.length ? Math.max(...siblings.map((m) => m.sort)) + 1 : 1,
    perms: '',
    icon: '',
  };
}

/** Adds or edits a menu entry: its three names, type, path (or permission key), perms, icon, order. */
export function MenuFormModal({
  open,
  edit,
  all,
  onClose,
}: {
  open: boolean;
  edit: MenuEdit;
  all: MenuItem[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<MenuFormValues>();
  const editing = 'menu' in edit ? edit.menu : null;

  const parents = useMemo(() => {
    const excluded = new Set(editing ? descendantsOf(all, editing.recId) : []);
    return [{ value: 0, title: t`Top level` }, ...parentOptions(nestMenus(all), excluded)];
  }, [all, editing, t]);

  const save = useSaveMutation(systemMutations.saveMenu(), {
    editing: !!editing,
    invalidate: [systemKeys.menus(), queries.system.allMenus().queryKey, queries.system.userMenusAll()],
    onClose,
  });

  const onFinish = (values: MenuFormValues) =>
    save.mutate({
      ...(editing ? { recId: editing.recId } : {}),
      ...values,
      // A button's path is its permission key; only screens grant perms and show an icon.
      perms: values.type === MenuType.button ? '' : (values.perms ?? ''),
      icon: values.type === MenuType.button ? '' : (values.icon ?? ''),
    });

  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <FormModal<MenuFormValues>
      open={open}
      title={editing ? t`Edit menu entry` : t`Add menu entry`}
      width={600}
      name="menu"
      form={form}
      initialValues={initialValues(edit, all)}
      saving={save.isPending}
      onFinish={onFinish}
      onClose={onClose}
    >
      <Form.Item
        name="parentId"
        label={t`Parent`}
        rules={[{ required: true, message: t`Please select the parent` }]}
      >
        <TreeSelect treeData={parents} showSearch={{ treeNodeFilterProp: 'title' }} />
      </Form.Item>
      <Form.Item name="type" label={t`Type`} rules={[{ required: true, message: t`Please select the type` }]}>
        <Radio.Group
          optionType="button"
          options={Object.entries(MENU_TYPE_LABELS).map(([v, label]) => ({
            value: Number(v),
            label: i18n._(label),
          }))}
        />
      </Form.Item>
      <Form.Item name="nameCn" label={t`Name (Chinese)`} rules={required(t`Please enter the Chinese name`)}>
        <Input lang="zh-CN" maxLength={64} />
      </Form.Item>
      <Form.Item name="nameEn" label={t`Name (English)`} rules={required(t`Please enter the English name`)}>
        <Input lang="en" maxLength={64} />
      </Form.Item>
      <Form.Item name="nameAr" label={t`Name (Arabic)`} rules={required(t`Please enter the Arabic name`)}>
        <Input lang="ar" dir="rtl" maxLength={64} />
      </Form.Item>
      {/* A button's path is its permission key, and only screens grant perms and show an icon. */}
      <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type}>
        {({ getFieldValue }) => {
          const isButton = getFieldValue('type') === MenuType.button;
          return (
            <>
              <Form.Item
                name="path"
                label={isButton ? t`Permission key` : t`Path`}
                extra={isButton ? t`For example account:edit` : t`For example /admin/system/account`}
                rules={required(isButton ? t`Please enter the permission key` : t`Please enter the path`)}
              >
                <Input dir="ltr" maxLength={200} />
              </Form.Item>
              {!isButton && (
                <>
                  <Form.Item
                    name="perms"
                    label={t`Permissions`}
                    extra={t`Keys this screen grants, separated by commas, for example account:view`}
                  >
                    <Input dir="ltr" maxLength={500} />
                  </Form.Item>
                  <Form.Item name="icon" label={t`Icon`}>
                    <Input dir="ltr" maxLength={64} />
                  </Form.Item>
                </>
              )}
            </>
          );
        }}
      </Form.Item>
      <Form.Item
        name="sort"
        label={t`Order`}
        rules={[{ required: true, message: t`Please enter the order` }]}
      >
        <InputNumber min={0} max={100000} precision={0} style={{ inlineSize: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
