import { useLingui } from '@lingui/react/macro';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';

/**
 * The confirm prompt of an order operation that takes an optional reason (cancel, intercept): what
 * is about to happen to which orders, and the reason to keep with it.
 */
export function ReasonModal({
  open,
  title,
  description,
  okText,
  danger,
  onOk,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  okText: string;
  danger?: boolean;
  onOk: (reason: string | undefined) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t`Cancel`}
      okButtonProps={{ danger, loading: busy }}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          await onOk(form.getFieldValue('reason')?.trim() || undefined);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t`Reason`}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface InterceptResultValues {
  result: 'success' | 'failure';
  remark: string;
}

/** Records the result of a pending interception: succeeded or failed, with a remark. */
export function InterceptResultModal({
  open,
  description,
  onOk,
  onClose,
}: {
  open: boolean;
  description: string;
  onOk: (values: InterceptResultValues) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [form] = Form.useForm<InterceptResultValues>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={t`Set interception result`}
      okText={t`Save`}
      cancelText={t`Cancel`}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        setBusy(true);
        try {
          await onOk({ result: values.result, remark: values.remark?.trim() ?? '' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ result: 'success' }}>
        <Form.Item name="result" label={t`Result`} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'success', label: t`Intercepted` },
              { value: 'failure', label: t`Interception failed` },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label={t`Remark`}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
