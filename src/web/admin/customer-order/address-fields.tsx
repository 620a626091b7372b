import { useLingui } from '@lingui/react/macro';
import { Col, Form, Input, Row } from 'antd';
import { RegionCascader } from '../region/region-cascader.tsx';

/**
 * The sender: pre-filled with the customer's default sender; left all empty, the server uses that
 * default (so staff entering for a customer may leave it).
 */
export function SenderFields({ hint }: { hint?: string | undefined }) {
  const { t } = useLingui();
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name={['sender', 'name']} label={t`Sender name`} extra={hint}>
          <Input maxLength={100} dir="auto" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name={['sender', 'phone']} label={t`Sender phone`}>
          <Input maxLength={30} dir="ltr" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name={['sender', 'postcode']} label={t`Post code`}>
          <Input maxLength={20} dir="ltr" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={['sender', 'regionIds']} label={t`Country / province / city`}>
          <RegionCascader aria-label={t`Sender region`} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={['sender', 'address']} label={t`Sender address`}>
          <Input maxLength={300} dir="auto" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The consignee: name, phones, e-mail, the region down to the city (cascader) and the street address. */
export function ConsigneeFields() {
  const { t } = useLingui();
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          name={['consignee', 'name']}
          label={t`Consignee name`}
          rules={[{ required: true, whitespace: true, message: t`Please enter the consignee name` }]}
        >
          <Input maxLength={100} dir="auto" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name={['consignee', 'phone']}
          label={t`Consignee phone`}
          rules={[{ required: true, whitespace: true, message: t`Please enter the consignee phone` }]}
        >
          <Input maxLength={30} dir="ltr" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name={['consignee', 'phone2']} label={t`Alternate phone`}>
          <Input maxLength={30} dir="ltr" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={['consignee', 'regionIds']}
          label={t`Country / province / city / district`}
          rules={[{ required: true, message: t`Choose the country, province and city` }]}
        >
          <RegionCascader aria-label={t`Consignee region`} data-testid="consignee-region" />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name={['consignee', 'postcode']} label={t`Post code`}>
          <Input maxLength={20} dir="ltr" />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item
          name={['consignee', 'email']}
          label={t`E-mail`}
          rules={[{ type: 'email', message: t`Enter a correct e-mail address` }]}
        >
          <Input maxLength={100} dir="ltr" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name={['consignee', 'address']}
          label={t`Address`}
          rules={[{ required: true, whitespace: true, message: t`Please enter the street address` }]}
        >
          <Input maxLength={300} dir="auto" />
        </Form.Item>
      </Col>
    </Row>
  );
}
