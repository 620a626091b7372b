import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import type { LadingRecord } from '../../../shared/contract/lading.ts';
import { ladingMutations } from '../../api/queries/lading.ts';

/** Add a remark to a bill (it becomes the bill's shown remark). */
export function RemarkModal({
  bill,
  onClose,
  onSaved,
}: {
  bill: Pick<LadingRecord, 'recId' | 'no'> | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useLingui();
  const [form] = Form.useForm<{ content: string }>();
  const add = useMutation(ladingMutations.addRemark());
  const no = bill?.no ?? '';
  return (
    <Modal
      open={bill !== null}
      title={t`Add a remark to ${no}`}
      okText={t`Save`}
      cancelText={t`Cancel`}
      okButtonProps={{ loading: add.isPending }}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={async (v) => {
          if (!bill) return;
          await add.mutateAsync({ id: bill.recId, content: v.content.trim() });
          await onSaved();
        }}
      >
        <Form.Item
          name="content"
          label={t`Remark`}
          rules={[{ required: true, whitespace: true, message: t`Enter a remark` }]}
        >
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
