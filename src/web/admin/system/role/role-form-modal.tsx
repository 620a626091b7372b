import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Spin } from 'antd';
import type { Role } from '../../../../shared/contract/system.ts';
import { queries } from '../../../api/queries/index.ts';
import { systemKeys, systemMutations } from '../../../api/queries/system.ts';
import { useSaveMutation } from '../../shared/use-save-mutation.ts';
import { knownMenuIds } from '../menu-tree.ts';
import { MenuCheckTree } from './menu-check-tree.tsx';

interface RoleFormValues {
  name: string;
  remark?: string | undefined;
  menuIds?: number[] | undefined;
}

/** Creates (`role` null) or edits a role and the menu entries it grants. */
export function RoleFormModal({
  open,
  role,
  onClose,
}: {
  open: boolean;
  role: Role | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [form] = Form.useForm<RoleFormValues>();
  const menus = useQuery({ ...queries.system.allMenus(), enabled: open });
  const save = useSaveMutation(systemMutations.saveRole(), {
    editing: !!role,
    // Accounts show role names.
    invalidate: [systemKeys.roles(), systemKeys.users(), queries.system.userMenusAll()],
    onClose,
  });

  const onFinish = (values: RoleFormValues) =>
    save.mutate({
      ...(role ? { recId: role.recId } : {}),
      name: values.name.trim(),
      remark: values.remark?.trim() ?? '',
      menuIds: role?.isAdmin ? role.menuIds : (values.menuIds ?? []),
    });

  return (
    <Modal
      open={open}
      title={role ? t`Edit role` : t`Add role`}
      width={640}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t`Save`}
      okButtonProps={{ disabled: !menus.data }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {menus.data ? (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          clearOnDestroy
          name="role"
          initialValues={{
            name: role?.name ?? '',
            remark: role?.remark ?? '',
            menuIds: knownMenuIds(menus.data, role?.menuIds ?? []),
          }}
          onFinish={onFinish}
        >
          <Form.Item
            name="name"
            label={t`Role name`}
            rules={[{ required: true, whitespace: true, message: t`Please enter the role name` }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="remark" label={t`Remark`}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          {role?.isAdmin ? (
            <Alert
              type="info"
              showIcon
              title={t`This role holds every permission; its menu entries are not edited.`}
            />
          ) : (
            <Form.Item name="menuIds" label={t`Menu entries`}>
              <MenuCheckTree menus={menus.data} />
            </Form.Item>
          )}
        </Form>
      ) : (
        <Spin spinning={menus.isLoading} description={t`Loading`}>
          <div style={{ minBlockSize: 160 }} />
        </Spin>
      )}
    </Modal>
  );
}
