import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { dayRangeTimes } from '../../../shared/domain/zoned-time.ts';
import { apiKeyKeys, apiKeyMutations } from '../../api/queries/api-key.ts';
import { useBusinessTimeZone } from '../kit/use-format.ts';
import { FormModal } from '../shared/form-modal.tsx';

interface KeyFormValues {
  name: string;
  expires?: Dayjs | null;
}

/**
 * Makes an API key: a name and, if wanted, the last day it works (whole, in the business time
 * zone). The answer's secret goes to `onCreated`, which shows it once.
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
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const timeZone = useBusinessTimeZone();
  const create = useMutation({
    ...apiKeyMutations.create(),
    onSuccess: async ({ secret }) => {
      onClose();
      onCreated(secret);
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all() });
    },
  });
  const submit = ({ name, expires }: KeyFormValues) => {
    const expiresAt = expires
      ? dayRangeTimes(undefined, expires.format('YYYY-MM-DD'), timeZone).endTime
      : undefined;
    create.mutate({
      name: name.trim(),
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
