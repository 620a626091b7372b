import { useLingui } from '@lingui/react/macro';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import type { ChannelOption } from '../../../shared/contract/shipping.ts';
import { localNamedOptions } from '../kit/text.ts';
import { CURRENCIES, PACKING_LABELS } from './labels.ts';

/** Channel, customer order no, packing, counts, weight and sides, COD and a first remark. */
export function ParcelFields({
  channels,
  loading,
  empty,
}: {
  channels: readonly ChannelOption[];
  loading: boolean;
  /** What the channel list says when it offers none. */
  empty: string;
}) {
  const { t, i18n } = useLingui();
  const form = Form.useFormInstance();
  const isCod = Form.useWatch('isCod', form) as boolean | undefined;
  const number = (name: string, label: string, mode: 'decimal' | 'numeric' = 'decimal') => (
    <Form.Item name={name} label={label}>
      <Input inputMode={mode} dir="ltr" />
    </Form.Item>
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="channelId"
          label={t`Shipping channel`}
          rules={[{ required: true, message: t`Select a channel` }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={loading}
            placeholder={t`Select a channel`}
            notFoundContent={empty}
            options={localNamedOptions(channels, i18n.locale)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="customerNo"
          label={t`Customer order no`}
          extra={t`Optional: your own number for this order; our tracking no is used when empty`}
        >
          <Input maxLength={50} dir="ltr" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="packingType" label={t`Packing type`}>
          <Select
            options={Object.entries(PACKING_LABELS).map(([v, label]) => ({ value: v, label: i18n._(label) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        {number('packageCount', t`Package count`, 'numeric')}
      </Col>
      <Col xs={12} md={6}>
        {number('weight', t`Weight (kg)`)}
      </Col>
      <Col xs={12} md={6} />
      <Col xs={8} md={6}>
        {number('length', t`Length (cm)`)}
      </Col>
      <Col xs={8} md={6}>
        {number('width', t`Width (cm)`)}
      </Col>
      <Col xs={8} md={6}>
        {number('height', t`Height (cm)`)}
      </Col>
      <Col xs={24} md={6} />
      <Col xs={8} md={6}>
        <Form.Item name="isCod" label={t`Cash on delivery`} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={8} md={6}>
        <Form.Item name="codAmount" label={t`COD amount`} hidden={!isCod}>
          <Input inputMode="decimal" dir="ltr" />
        </Form.Item>
      </Col>
      <Col xs={8} md={6}>
        <Form.Item name="codCurrency" label={t`COD currency`} hidden={!isCod}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remark" label={t`Remark`}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
