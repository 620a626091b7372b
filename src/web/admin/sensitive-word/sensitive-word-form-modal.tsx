import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import type { SensitiveWordRecord } from '../../../shared/contract/sensitive-word.ts';
import { sensitiveWordKeys, sensitiveWordMutations } from '../../api/queries/sensitive-word.ts';

interface WordFormValues {
  word: string;
  category?: string;
  remark?: string;
}

/** Adds (`word` null) or edits a sensitive word. */
export function SensitiveWordFormModal({
  open,
  word,
  onClose,
}: {
  open: boolean;
  word: SensitiveWordRecord | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<WordFormValues>();
  const onSuccess = async () => {
    message.success(word ? t`Edit Success` : t`Add Success`);
    onClose();
    await queryClient.invalidateQueries({ queryKey: sensitiveWordKeys.all() });
  };
  const add = useMutation({ ...sensitiveWordMutations.add(), onSuccess });
  const update = useMutation({ ...sensitiveWordMutations.update(), onSuccess });

  const onFinish = (values: WordFormValues) => {
    const body = {
      word: values.word.trim(),
      category: values.category?.trim() ?? '',
      remark: values.remark?.trim() ?? '',
    };
    if (word) update.mutate({ recId: word.recId, ...body });
    else add.mutate(body);
  };

  return (
    <Modal
      open={open}
      title={word ? t`Edit sensitive word` : t`Add sensitive word`}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t`Save`}
      confirmLoading={add.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        clearOnDestroy
        name="sensitive-word"
        initialValues={{ word: word?.word ?? '', category: word?.category ?? '', remark: word?.remark ?? '' }}
        onFinish={onFinish}
      >
        <Form.Item
          name="word"
          label={t`Sensitive word`}
          extra={t`Goods names containing it are flagged; letter case does not matter.`}
          rules={[{ required: true, whitespace: true, message: t`Please enter the word` }]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item name="category" label={t`Category`}>
          <Input maxLength={50} placeholder={t`e.g. battery, liquid, powder`} />
        </Form.Item>
        <Form.Item name="remark" label={t`Remark`}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
