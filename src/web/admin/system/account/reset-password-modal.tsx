import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Modal } from 'antd';
import type { UserRecord } from '../../../../shared/contract/system.ts';
import { systemMutations } from '../../../api/queries/system.ts';
import { NewPasswordFields } from './account-form-modal.tsx';

/** Sets a new password for an account; the dialog itself is the confirmation. */
export function ResetPasswordModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: UserRecord | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useMutation({
    ...systemMutations.resetPassword(),
    onSuccess: () => {
      message.success(t`Password reset`);
      onClose();
    },
  });
  const username = user?.username ?? '';

  return (
    <Modal
      open={open}
      title={t`Reset password`}
      width={500}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t`Reset password`}
      okButtonProps={{ danger: true }}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBlockEnd: 16 }}
        title={
          <Trans>
            <b>{username}</b> is signed out everywhere and must log in with the new password.
          </Trans>
        }
      />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        clearOnDestroy
        name="reset-password"
        onFinish={({ password }) => user && reset.mutate({ recId: user.recId, password })}
      >
        <NewPasswordFields label={t`New password`} />
      </Form>
    </Modal>
  );
}
