import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Checkbox, DatePicker, Flex, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { scopesWithin } from '../../../shared/contract/api-key.ts';
import { API_SCOPES, type ApiScope } from '../../../shared/contract/core.ts';
import { rightsOf } from '../../../shared/domain/sub-rights.ts';
import { dayRangeTimes } from '../../../shared/domain/zoned-time.ts';
import { apiKeyKeys, apiKeyMutations } from '../../api/queries/api-key.ts';
import { useSession } from '../../session/store.ts';
import { useBusinessTimeZone } from '../kit/use-format.ts';
import { FormModal } from '../shared/form-modal.tsx';
import { SCOPE_LABELS } from './labels.ts';

interface KeyFormValues {
  name: string;
  scopes: ApiScope[];
  expires?: Dayjs | null;
}

/**
 * Makes an API key: a name, its scopes and, if wanted, the last day it works (whole, in the
 * business time zone). The scopes offered are those the account may give (a sub-account: within
 * its rights; staff, for a customer's main account: all), all of them ticked at first. The
 * answer's secret goes to `onCreated`, which shows it once.
 */
export function ApiKeyCreateModal({
  open,
  customerId,
  onClose,
  onCreated,
}: {
  open: boolean;
  customerId?: number | undefined;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const timeZone = useBusinessTimeZone();
  const user = useSession()?.user;
  const grantable = customerId || !user ? [...API_SCOPES] : scopesWithin(rightsOf(user));
  const create = useMutation({
    ...apiKeyMutations.create(),
    onSuccess: async ({ secret }) => {
      onClose();
      onCreated(secret);
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all() });
    },
  });
  const submit = ({ name, scopes, expires }: KeyFormValues) => {
    const expiresAt = expires
      ? dayRangeTimes(undefined, expires.format('YYYY-MM-DD'), timeZone).endTime
      : undefined;
    create.mutate({
      name: name.trim(),
      scopes,
      ...(expiresAt ? { expiresAt } : {}),
      ...(customerId ? { customerId } : {}),
    });
  };
  return (
    <FormModal<KeyFormValues>
      open={open}
      title={t`Create an API key`}
      name="api-key"
      width={480}
      saving={create.isPending}
      okText={t`Create key`}
      initialValues={{ scopes: grantable }}
      onFinish={submit}
      onClose={onClose}
      testId="api-key-form"
    >
      <Form.Item
        name="name"
        label={t`Name`}
        extra={t`What the key is for, e.g. the shop or ERP that uses it.`}
        rules={[{ required: true, whitespace: true, message: t`Enter a name` }]}
      >
        <Input maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item
        name="scopes"
        label={t`What the key may do`}
        extra={t`Each call of the API documentation names the scope it needs.`}
        rules={[{ required: true, type: 'array', min: 1, message: t`Choose at least one scope` }]}
      >
        <Checkbox.Group style={{ inlineSize: '100%' }}>
          <Flex vertical gap={6}>
            {grantable.map((s) => (
              <Checkbox key={s} value={s} data-testid={`scope-${s}`}>
                {i18n._(SCOPE_LABELS[s])}{' '}
                <Typography.Text type="secondary" code dir="ltr">
                  {s}
                </Typography.Text>
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
      <Form.Item
        name="expires"
        label={t`Expires after`}
        extra={t`Leave empty for a key that does not expire.`}
      >
        <DatePicker
          style={{ inlineSize: '100%' }}
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          placeholder={t`Never`}
        />
      </Form.Item>
    </FormModal>
  );
}
