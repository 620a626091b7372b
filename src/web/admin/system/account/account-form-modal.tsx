import { useLingui } from '@lingui/react/macro';
import { Form, Input, Radio, Select } from 'antd';
import type { AccountOptions, UserRecord } from '../../../../shared/contract/system.ts';
import { AccountType } from '../../../../shared/domain/enums.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../../shared/domain/password.ts';
import { messages } from '../../../../shared/i18n/messages.ts';
import { systemKeys, systemMutations } from '../../../api/queries/system.ts';
import { STATUS_LABELS } from '../../kit/labels.ts';
import { namedOptions } from '../../kit/text.ts';
import { FormModal } from '../../shared/form-modal.tsx';
import { useSaveMutation } from '../../shared/use-save-mutation.ts';
import { ACCOUNT_TYPE_LABELS, needsCustomer } from '../labels.ts';
import { type AccountFormValues, formValuesOf, NEW_ACCOUNT, saveBodyOf } from './account-form.ts';

const USERNAME = /^[A-Za-z0-9_.@-]+$/;

/** Creates (`user` null) or edits an account. */
export function AccountFormModal({
  open,
  user,
  options,
  onClose,
}: {
  open: boolean;
  user: UserRecord | null;
  options: AccountOptions;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<AccountFormValues>();
  const save = useSaveMutation(systemMutations.saveUser(), {
    editing: !!user,
    invalidate: [systemKeys.users()],
    onClose,
  });

  const onFinish = (values: AccountFormValues) => save.mutate(saveBodyOf(values, user?.recId));

  return (
    <FormModal<AccountFormValues>
      open={open}
      title={user ? t`Edit account` : t`Add account`}
      width={560}
      name="account"
      form={form}
      initialValues={user ? formValuesOf(user) : NEW_ACCOUNT}
      saving={save.isPending}
      onFinish={onFinish}
      onClose={onClose}
    >
      <Form.Item
        name="username"
        label={t`Username`}
        rules={[
          { required: true, whitespace: true, message: t`Please enter the username` },
          { pattern: USERNAME, message: t`Use letters, digits and _ . @ - only` },
        ]}
      >
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item name="nickname" label={t`Nickname`}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="type"
        label={t`Account type`}
        rules={[{ required: true, message: t`Please select the account type` }]}
      >
        <Select
          options={Object.entries(ACCOUNT_TYPE_LABELS).map(([v, label]) => ({
            value: Number(v),
            label: i18n._(label),
          }))}
        />
      </Form.Item>
      {/* Which fields show depends on the type (a render prop: the form mounts inside the dialog). */}
      <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type}>
        {({ getFieldValue }) => (
          <>
            {needsCustomer(getFieldValue('type')) && (
              <Form.Item
                name="customerId"
                label={t`Customer`}
                rules={[{ required: true, message: i18n._(messages.customerRequired) }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t`Select a customer`}
                  options={namedOptions(options.customers)}
                />
              </Form.Item>
            )}
            {getFieldValue('type') === AccountType.admin && (
              <Form.Item name="roleIds" label={t`Roles`}>
                <Select
                  mode="multiple"
                  allowClear
                  placeholder={t`Select roles`}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={options.roles.map((r) => ({ value: r.recId, label: r.name }))}
                />
              </Form.Item>
            )}
          </>
        )}
      </Form.Item>
      <Form.Item name="status" label={t`Status`}>
        <Radio.Group
          options={Object.entries(STATUS_LABELS).map(([v, label]) => ({
            value: Number(v),
            label: i18n._(label),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={t`Email`}
        rules={[{ type: 'email', message: t`Please enter a valid email address` }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="phone" label={t`Phone`}>
        <Input maxLength={40} />
      </Form.Item>
      {!user && <NewPasswordFields />}
    </FormModal>
  );
}

/** Password and its repetition, with the spec's messages; shared with the reset dialog. */
export function NewPasswordFields({ label }: { label?: string }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <Form.Item
        name="password"
        label={label ?? t`Password`}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: i18n._(messages.newPasswordRequired) },
          { min: MIN_PASSWORD_LENGTH, message: i18n._(messages.newPasswordTooShort) },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} />
      </Form.Item>
      <Form.Item
        name="repeatPassword"
        label={t`Repeat password`}
        dependencies={['password']}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: i18n._(messages.repeatPasswordRequired) },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(i18n._(messages.passwordMismatch))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} />
      </Form.Item>
    </>
  );
}
