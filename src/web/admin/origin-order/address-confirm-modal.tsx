import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { OriginDetail } from '../../../shared/contract/origin-order.ts';
import { isApiError } from '../../api/errors.ts';
import { originKeys, originMutations } from '../../api/queries/origin-order.ts';
import { typed } from '../../ui/bidi.tsx';
import { RegionCascader } from '../region/region-cascader.tsx';

interface Values {
  regionIds?: number[];
  address: string;
}

/**
 * Confirm the receiver's or the sender's address: the raw text as the platform sent it, and the
 * region path it matches (prefilled from the server's suggestion) for the operator to accept or
 * correct; the street address may be corrected too.
 */
export function AddressConfirmModal({
  side,
  order,
  open,
  onClose,
}: {
  side: 'receiver' | 'sender';
  order: OriginDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const confirm = useMutation(originMutations.confirm());
  const [refusal, setRefusal] = useState<string | null>(null);
  const party = order[side];

  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    form.setFieldsValue({
      regionIds: party.regionIds.length ? party.regionIds : party.suggestedRegionIds,
      address: party.address,
    });
  }, [open, form, party]);

  const submit = async (values: Values) => {
    setRefusal(null);
    try {
      await confirm.mutateAsync({
        side,
        id: order.recId,
        regionIds: values.regionIds?.length ? values.regionIds : undefined,
        address: values.address,
      });
      message.success(side === 'receiver' ? t`Receiver address confirmed` : t`Sender address confirmed`);
      void queryClient.invalidateQueries({ queryKey: originKeys.all() });
      onClose();
    } catch (e) {
      setRefusal(isApiError(e) ? e.msg : String(e));
    }
  };

  return (
    <Modal
      open={open}
      title={side === 'receiver' ? t`Confirm the receiver address` : t`Confirm the sender address`}
      okText={t`Confirm`}
      cancelText={t`Cancel`}
      confirmLoading={confirm.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        title={<Typography.Text type="secondary">{t`As the platform sent it`}</Typography.Text>}
        items={[
          { key: 'name', label: t`Name`, children: party.name },
          { key: 'country', label: t`Country`, children: party.country || '—' },
          { key: 'province', label: t`Province`, children: party.province || '—' },
          { key: 'city', label: t`City`, children: party.city || '—' },
          ...(side === 'receiver'
            ? [{ key: 'district', label: t`District`, children: order.receiver.district || '—' }]
            : []),
          { key: 'address', label: t`Address`, children: typed(party.address) },
        ]}
      />
      <Form form={form} layout="vertical" onFinish={submit} style={{ marginBlockStart: 16 }}>
        <Form.Item
          name="regionIds"
          label={t`Region`}
          extra={
            party.suggestedRegionIds.length || party.regionIds.length
              ? t`Matched from the address text; change it if it is wrong.`
              : t`The address text matches no region: choose it.`
          }
        >
          <RegionCascader data-testid="confirm-region" aria-label={t`Region`} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t`Street address`}
          rules={[{ required: true, message: t`Enter the address` }]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={300} />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="confirm-refusal" />}
    </Modal>
  );
}
