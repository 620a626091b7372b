import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { App, Form, Input, Modal } from 'antd';
import type { SessionUser } from '../../../shared/contract/auth.ts';
import type { Body } from '../../../shared/contract/core.ts';
import { system } from '../../../shared/contract/system.ts';
import { MIN_PASSWORD_LENGTH } from '../../../shared/domain/password.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { callApi } from '../../api/client.ts';
import { clearSession } from '../../session/store.ts';

type PasswordForm = Body<typeof system.updatePasswordByUser>;

/** Spec 9: the dialog is 500 px wide. */
const WIDTH = 500;

/**
 * The user's own password change (spec 2/5): checked on blur with the spec's messages; the new
 * password being edited re-checks a filled repeat field. Success ends every session of the user,
 * so the user is told and signed out here too.
 */
export function UpdatePasswordModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: SessionUser;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordForm>();
  const change = useMutation({
    // A refusal with a message was shown by the API core; one without shows nothing.
    mutationFn: (body: PasswordForm) => callApi(system.updatePasswordByUser, { body }),
    onSuccess: async () => {
      notification.success({
        title: t`Update success`,
        description: t`If the password is changed successfully, the system will log out and log in again!`,
        duration: 5,
      });
      onClose();
      clearSession();
      await navigate({ to: '/login', replace: true });
    },
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    // The form holds a copy of the user's info (recId, username) beside the three passwords.
    change.mutate({ ...values, recId: user.recId, username: user.username });
  };

  return (
    <Modal
      open={open}
      title={t`Update password`}
      width={WIDTH}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t`Save`}
      cancelText={t`Cancel`}
      confirmLoading={change.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ username: user.username }}
        onValuesChange={(changed: Partial<PasswordForm>) => {
          // Checked on blur; a message already shown follows the typing, so it never goes stale.
          const again = (Object.keys(changed) as (keyof PasswordForm)[]).filter(
            (name) => form.getFieldError(name).length > 0,
          );
          if ('newPassword' in changed && form.getFieldValue('checkPassword')) again.push('checkPassword');
          if (again.length) void form.validateFields(again).catch(() => undefined);
        }}
        data-testid="password-form"
      >
        <Form.Item name="username" label={t`Username`}>
          <Input disabled autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t`Old password`}
          rules={[{ required: true, message: i18n._(messages.oldPasswordRequired) }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t`New password`}
          rules={[
            { required: true, message: i18n._(messages.newPasswordRequired) },
            { min: MIN_PASSWORD_LENGTH, message: i18n._(messages.newPasswordTooShort) },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="checkPassword"
          label={t`Repeat the new password`}
          rules={[
            { required: true, message: i18n._(messages.repeatPasswordRequired) },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(i18n._(messages.passwordMismatch))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
