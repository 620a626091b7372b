import { useLingui } from '@lingui/react/macro';
import { Form, Input } from 'antd';
import type { SensitiveWordRecord } from '../../../shared/contract/sensitive-word.ts';
import { sensitiveWordKeys, sensitiveWordMutations } from '../../api/queries/sensitive-word.ts';
import { FormModal } from '../shared/form-modal.tsx';
import { useSaveMutation } from '../shared/use-save-mutation.ts';

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
  const saved = { editing: !!word, invalidate: [sensitiveWordKeys.all()], onClose };
  const add = useSaveMutation(sensitiveWordMutations.add(), saved);
  const update = useSaveMutation(sensitiveWordMutations.update(), saved);

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
    <FormModal<WordFormValues>
      open={open}
      title={word ? t`Edit sensitive word` : t`Add sensitive word`}
      width={520}
      name="sensitive-word"
      initialValues={{ word: word?.word ?? '', category: word?.category ?? '', remark: word?.remark ?? '' }}
      saving={add.isPending || update.isPending}
      onFinish={onFinish}
      onClose={onClose}
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
    </FormModal>
  );
}
