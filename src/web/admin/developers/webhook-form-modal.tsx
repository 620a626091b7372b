import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Flex, Form, Input, Switch, Typography } from 'antd';
import type { WebhookRecord } from '../../../shared/contract/webhook.ts';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../shared/domain/webhooks.ts';
import { webhookKeys, webhookMutations } from '../../api/queries/webhook.ts';
import { FormModal } from '../shared/form-modal.tsx';
import { EVENT_LABELS } from './labels.ts';

interface HookFormValues {
  url: string;
  description?: string;
  events: WebhookEvent[];
  enabled: boolean;
  rotateSecret?: boolean;
}

/**
 * Adds (`endpoint` null) or edits a webhook endpoint: its URL, the events it takes, whether it is
 * on. A new endpoint's signing secret (or a rotated one) goes to `onSecret`, shown once.
 */
export function WebhookFormModal({
  open,
  endpoint,
  customerId,
  onClose,
  onSecret,
}: {
  open: boolean;
  endpoint: WebhookRecord | null;
  customerId?: number | undefined;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HookFormValues>();
  const save = useMutation({
    ...webhookMutations.save(),
    onSuccess: async ({ secret }) => {
      onClose();
      if (secret) onSecret(secret);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all() });
    },
  });
  const submit = (v: HookFormValues) => {
    save.mutate({
      ...(endpoint ? { id: endpoint.recId } : {}),
      url: v.url.trim(),
      events: WEBHOOK_EVENTS.filter((e) => v.events.includes(e)),
      enabled: v.enabled,
      description: v.description?.trim() ?? '',
      ...(customerId ? { customerId } : {}),
      ...(v.rotateSecret ? { rotateSecret: true } : {}),
    });
  };
  return (
    <FormModal<HookFormValues>
      open={open}
      title={endpoint ? t`Edit endpoint` : t`Add an endpoint`}
      name="webhook"
      form={form}
      width={640}
      saving={save.isPending}
      onFinish={submit}
      onClose={onClose}
      initialValues={
        endpoint
          ? {
              url: endpoint.url,
              description: endpoint.description,
              events: endpoint.events,
              enabled: endpoint.enabled,
            }
          : { url: 'https://', events: [], enabled: true }
      }
      testId="webhook-form"
    >
      <Form.Item
        name="url"
        label={t`Endpoint URL`}
        extra={t`An https address of your system that takes a POST; each request is signed (Standard Webhooks).`}
        rules={[{ required: true, whitespace: true, message: t`Enter the URL` }]}
      >
        <Input dir="ltr" maxLength={2000} />
      </Form.Item>
      <Form.Item name="description" label={t`Description`}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="events"
        label={t`Events to send`}
        rules={[{ required: true, type: 'array', min: 1, message: t`Choose at least one event` }]}
      >
        <Checkbox.Group style={{ inlineSize: '100%' }}>
          <Flex vertical gap={6}>
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} value={e} data-testid={`event-${e}`}>
                <Typography.Text code dir="ltr">
                  {e}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">{i18n._(EVENT_LABELS[e])}</Typography.Text>
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
      <Flex gap={24} wrap>
        <Form.Item name="enabled" label={t`Enabled`} valuePropName="checked">
          <Switch />
        </Form.Item>
        {endpoint && (
          <Form.Item
            name="rotateSecret"
            label={t`Signing secret`}
            valuePropName="checked"
            extra={t`The old secret stops working at once.`}
          >
            <Checkbox>{t`Issue a new signing secret`}</Checkbox>
          </Form.Item>
        )}
      </Flex>
    </FormModal>
  );
}
