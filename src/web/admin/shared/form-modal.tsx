import { useLingui } from '@lingui/react/macro';
import { Alert, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * A form in a dialog, as the desk's editors use it: vertical layout, Save and Cancel, fields
 * dropped when it closes (the next opening starts from `initialValues`), not closed by a click on
 * the mask. `error` shows a refusal that belongs to no field above the fields.
 */
export function FormModal<V extends object>({
  open,
  title,
  name,
  form,
  initialValues,
  saving,
  onFinish,
  onClose,
  okText,
  width = 640,
  error,
  testId,
  children,
}: {
  open: boolean;
  title: ReactNode;
  /** The form's name (its fields' ids start with it). */
  name: string;
  /** When the caller sets fields itself (a fill-in, a server's field errors). */
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  saving: boolean;
  onFinish: (values: V) => void;
  onClose: () => void;
  okText?: string;
  width?: number;
  error?: string | null;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const [own] = Form.useForm<V>();
  const instance = form ?? own;
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      mask={{ closable: false }}
      destroyOnHidden
      okText={okText ?? t`Save`}
      cancelText={t`Cancel`}
      confirmLoading={saving}
      onOk={() => instance.submit()}
      onCancel={onClose}
    >
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBlockEnd: 16 }} data-testid="form-error" />
      )}
      <Form<V>
        form={instance}
        layout="vertical"
        name={name}
        preserve={false}
        clearOnDestroy
        initialValues={initialValues}
        onFinish={onFinish}
        data-testid={testId}
      >
        {children}
      </Form>
    </Modal>
  );
}
