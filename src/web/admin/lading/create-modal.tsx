import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { ladingMutations } from '../../api/queries/lading.ts';
import { CreateBillModal, type NewBillValues, newBillBody } from './create-bill-modal.tsx';
import { ORDER_TYPE_LABELS, TYPE_LABELS } from './labels.ts';

interface Values extends NewBillValues {
  type?: number;
  orderType?: number;
}

/**
 * Open a new lading bill for a shipping channel, so scans have a bill to go into; carrier, type and
 * destination default from the channel when left empty.
 */
export function CreateLadingModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (bill: { recId: number; no: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const create = useMutation(ladingMutations.create());
  const choices = (labels: typeof TYPE_LABELS) =>
    Object.entries(labels).map(([v, d]) => ({ value: Number(v), label: i18n._(d) }));

  return (
    <CreateBillModal<Values>
      open={open}
      title={t`New lading bill`}
      name="ladingCreate"
      testId="lading-create-form"
      saving={create.isPending}
      create={(v) => create.mutateAsync({ ...newBillBody(v), type: v.type, orderType: v.orderType })}
      createdText={(no) => t`Lading bill ${no} created`}
      onClose={onClose}
      onCreated={onCreated}
    >
      <Form.Item name="type" label={t`Type`}>
        <Select allowClear placeholder={t`From the channel`} options={choices(TYPE_LABELS)} />
      </Form.Item>
      <Form.Item name="orderType" label={t`Order type`}>
        <Select allowClear placeholder={i18n._(ORDER_TYPE_LABELS[1]!)} options={choices(ORDER_TYPE_LABELS)} />
      </Form.Item>
    </CreateBillModal>
  );
}
