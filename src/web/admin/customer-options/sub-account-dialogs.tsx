import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, type ButtonProps, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import type { SubAccountRecord } from '../../../shared/contract/customer.ts';
import type { SubRight } from '../../../shared/domain/sub-rights.ts';
import { customerKeys, customerMutations } from '../../api/queries/customer.ts';
import { NewPasswordFields } from '../system/account/account-form-modal.tsx';
import { SubRightsChecklist } from './sub-rights-checklist.tsx';

/** After a change: the lists of sub-accounts (the customer's own and staff's) read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customerKeys.subAccounts() });
}

/** What one sub-account may do, for its main account or staff holding customer:edit. */
export function RightsEditor({ account, onClose }: { account: SubAccountRecord; onClose: () => void }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const refresh = useRefresh();
  const [rights, setRights] = useState<SubRight[]>(account.rights);
  const username = account.username;
  const save = useMutation({
    ...customerMutations.saveSubRights(),
    onSuccess: async () => {
      message.success(t`Saved`);
      await refresh();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t`Rights of ${username}`}
      okText={t`Save`}
      cancelText={t`Cancel`}
      confirmLoading={save.isPending}
      onOk={() => save.mutate({ recId: account.recId, rights })}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'save-rights' } as ButtonProps}
    >
      <SubRightsChecklist value={rights} onChange={setRights} />
    </Modal>
  );
}

interface NewSubAccount {
  username: string;
  nickname: string;
  password: string;
  rights: SubRight[];
}

/** A main account makes a sub-account: its login, name, password (the account rules) and rights. */
export function NewSubAccountModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const refresh = useRefresh();
  const [form] = Form.useForm<NewSubAccount>();
  const create = useMutation({
    ...customerMutations.createSubAccount(),
    onSuccess: async () => {
      message.success(t`Sub-account created`);
      await refresh();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t`New sub-account`}
      okText={t`Create`}
      cancelText={t`Cancel`}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      okButtonProps={{ 'data-testid': 'create-sub-account' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        name="new-sub-account"
        initialValues={{ rights: [] }}
        onFinish={({ username, nickname, password, rights }) =>
          create.mutate({ username, nickname: nickname ?? '', password, rights })
        }
      >
        <Form.Item
          name="username"
          label={t`Username`}
          rules={[
            { required: true, whitespace: true, message: t`Please enter the username` },
            { pattern: /^[A-Za-z0-9_.@-]+$/, message: t`Letters, digits and _ . @ - only` },
          ]}
        >
          <Input maxLength={64} autoComplete="off" dir="ltr" />
        </Form.Item>
        <Form.Item name="nickname" label={t`Name`}>
          <Input maxLength={64} />
        </Form.Item>
        <NewPasswordFields />
        <Form.Item name="rights" label={t`Rights`}>
          <SubRightsChecklist />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A main account sets a sub-account's password; the sub-account is signed out everywhere. */
export function SubPasswordModal({ account, onClose }: { account: SubAccountRecord; onClose: () => void }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useMutation({
    ...customerMutations.resetSubAccountPassword(),
    onSuccess: () => {
      message.success(t`Password reset`);
      onClose();
    },
  });
  const username = account.username;
  return (
    <Modal
      open
      title={t`Reset password`}
      okText={t`Reset password`}
      cancelText={t`Cancel`}
      okButtonProps={{ danger: true, 'data-testid': 'reset-sub-password' } as ButtonProps}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
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
        name="reset-sub-password"
        onFinish={({ password }) => reset.mutate({ recId: account.recId, password })}
      >
        <NewPasswordFields label={t`New password`} />
      </Form>
    </Modal>
  );
}
