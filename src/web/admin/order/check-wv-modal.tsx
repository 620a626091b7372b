import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import type { CheckWvResult } from '../../../shared/contract/order.ts';
import { isApiError } from '../../api/errors.ts';
import { orderKeys, orderMutations } from '../../api/queries/order.ts';

interface Values {
  weight: string;
  length?: string;
  width?: string;
  height?: string;
}

export interface WeighedOrder {
  recId: number;
  trackingNo: string;
  declaredWeight: string;
  checkedWeight: string | null;
}

const fieldNames = ['weight', 'length', 'width', 'height'] as const;

/**
 * checkWv: the checked weight and sides of one received order. The answer shows the volume and
 * chargeable weight and the fees computed again (or why they could not be), and a weight that
 * differs from the declared one beyond the tolerance.
 */
export function CheckWvModal({ order, onClose }: { order: WeighedOrder | null; onClose: () => void }) {
  const { t } = useLingui();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<CheckWvResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    ...orderMutations.checkWv(),
    onSuccess: async (r) => {
      setResult(r);
      await queryClient.invalidateQueries({ queryKey: orderKeys.orders() });
    },
    onError: (e) => {
      const issues = isApiError(e)
        ? (e.data as { issues?: { path: string; message: string }[] })?.issues
        : undefined;
      const known = issues?.filter((i) => (fieldNames as readonly string[]).includes(i.path)) ?? [];
      if (known.length)
        form.setFields(known.map((i) => ({ name: i.path as keyof Values, errors: [i.message] })));
      else setError(isApiError(e) ? e.msg : String(e));
    },
  });
  const close = () => {
    setResult(null);
    setError(null);
    onClose();
  };
  const trackingNo = order?.trackingNo ?? '';
  const declared = order?.declaredWeight ?? '';
  const before = order?.checkedWeight ?? '';
  const cm = (name: 'length' | 'width' | 'height', label: string) => (
    <Form.Item name={name} label={label}>
      <Input inputMode="decimal" suffix="cm" style={{ inlineSize: 110 }} dir="ltr" />
    </Form.Item>
  );

  return (
    <Modal
      open={order !== null}
      title={order ? t`Check weight · ${trackingNo}` : ''}
      okText={result ? t`Close` : t`Save`}
      cancelText={t`Cancel`}
      cancelButtonProps={{ hidden: result !== null }}
      okButtonProps={{ loading: check.isPending }}
      destroyOnHidden
      onCancel={close}
      onOk={async () => {
        if (result) return close();
        setError(null);
        const v = await form.validateFields();
        check.mutate({
          orderId: order!.recId,
          weight: v.weight.trim(),
          length: v.length?.trim() || undefined,
          width: v.width?.trim() || undefined,
          height: v.height?.trim() || undefined,
        });
      }}
    >
      {result ? (
        <Flex vertical gap={12} data-testid="check-wv-result">
          {result.weightDiscrepancy && (
            <Alert
              type="warning"
              showIcon
              title={t`The checked weight differs from the declared ${declared} kg: the order is marked abnormal.`}
            />
          )}
          {result.feeException && <Alert type="error" showIcon title={result.feeException.reasonText} />}
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t`Checked weight`}>
              <span dir="ltr">{`${result.checkedWeight} kg`}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Volume weight`}>
              <span dir="ltr">{`${result.volumeWeight} kg (÷${result.volumeDivisor})`}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Chargeable weight`}>
              <span dir="ltr">{`${result.chargeableWeight} kg`}</span>
            </Descriptions.Item>
            {result.fees.map((f) => (
              <Descriptions.Item key={f.recId} label={f.feeTypeName}>
                <span dir="ltr">{`${f.amount} ${f.currency}`}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Flex>
      ) : (
        <Form form={form} layout="vertical" preserve={false}>
          {order && (
            <Alert
              type="info"
              style={{ marginBlockEnd: 16 }}
              title={t`Declared weight: ${declared} kg`}
              description={before ? t`Checked before: ${before} kg` : undefined}
            />
          )}
          <Form.Item
            name="weight"
            label={t`Checked weight`}
            rules={[{ required: true, whitespace: true, message: t`Enter the weight` }]}
          >
            <Input inputMode="decimal" suffix="kg" style={{ inlineSize: 160 }} dir="ltr" autoFocus />
          </Form.Item>
          <Space wrap>
            {cm('length', t`Length`)}
            {cm('width', t`Width`)}
            {cm('height', t`Height`)}
          </Space>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}
