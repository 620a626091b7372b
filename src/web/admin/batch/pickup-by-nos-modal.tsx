import { useLingui } from '@lingui/react/macro';
import { Form, Input } from 'antd';
import { useState } from 'react';
import type { BatchPickupManyResult } from '../../../shared/contract/batch.ts';
import { splitBatchNos } from '../../../shared/domain/lading.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { batchOps } from '../../api/queries/batch.ts';
import { reasonOf } from '../kit/text.ts';
import { FormModal } from '../shared/form-modal.tsx';

/**
 * Confirm the pickup of batches by their numbers as the airline's list gives them (spec: batch
 * nos separated by space, semicolon or carriage return), all in one call: all or none. A refusal
 * (numbers that name no batch are listed) stays in the form; the answer, with the orders taken out
 * of their lading bills, goes to `onDone` to be shown.
 */
export function PickupByNosModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (r: BatchPickupManyResult) => void;
}) {
  const { t, i18n } = useLingui();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pickUp = async (batchNos: string) => {
    setSaving(true);
    setError(null);
    try {
      onDone(await batchOps.confirmPickupMany({ batchNos }));
    } catch (e) {
      setError(reasonOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal<{ batchNos?: string }>
      open={open}
      title={t`Confirm pickup by batch nos`}
      name="pickupByNos"
      okText={t`Confirm pickup`}
      saving={saving}
      error={error}
      onFinish={(v) => void pickUp(v.batchNos ?? '')}
      onClose={() => {
        setError(null);
        onClose();
      }}
      testId="pickup-by-nos-form"
    >
      <Form.Item
        name="batchNos"
        label={t`Batch nos`}
        extra={t`Separated by spaces, semicolons or line breaks. Every batch must be waiting for pickup, or none is picked up.`}
        rules={[
          {
            validator: (_r, v: string | undefined) =>
              splitBatchNos(v).length > 0
                ? Promise.resolve()
                : Promise.reject(new Error(i18n._(m.selectBills))),
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} dir="auto" />
      </Form.Item>
    </FormModal>
  );
}
