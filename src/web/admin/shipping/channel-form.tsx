import { useLingui } from '@lingui/react/macro';
import {
  Card,
  Checkbox,
  Col,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Typography,
} from 'antd';
import type { CarrierOption } from '../../../shared/contract/carrier.ts';
import { keepSelectable, SERVICE_TYPES, selectableSegments } from '../../../shared/domain/segments.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { localNamedOptions } from '../kit/text.ts';
import type { ChannelFormValues } from './form-values.ts';
import { LADING_TYPE_LABELS, SEGMENT_LABELS, SERVICE_TYPE_LABELS } from './labels.ts';
import { LimitsFields } from './limits-fields.tsx';
import { PricePreview } from './price-preview.tsx';
import { type CountryChoice, PriceRulesTable } from './price-rules-table.tsx';

const CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;

/** The fields of a shipping channel: basics, service type and segments, carriers, price rules, limits. */
export function ChannelForm({
  form,
  initialValues,
  countries,
  carriers,
  disabled,
  onFinish,
}: {
  form: FormInstance<ChannelFormValues>;
  initialValues: ChannelFormValues;
  countries: readonly CountryChoice[];
  carriers: readonly CarrierOption[];
  disabled: boolean;
  onFinish: (values: ChannelFormValues) => void;
}) {
  const { t, i18n } = useLingui();
  const serviceType = Form.useWatch('serviceType', form) as number | undefined;
  const segmentOptions = (serviceType === undefined ? [] : selectableSegments(serviceType)).map((s) => ({
    value: s,
    label: i18n._(SEGMENT_LABELS[s]!),
  }));

  const onServiceType = (type: number) => {
    const allowed = selectableSegments(type);
    const kept = keepSelectable(type, form.getFieldValue('segments') ?? []);
    // A type with one segment has nothing to choose.
    form.setFieldValue('segments', allowed.length === 1 ? [...allowed] : kept);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="channel"
      initialValues={initialValues}
      disabled={disabled}
      onFinish={onFinish}
      scrollToFirstError
    >
      <Card size="small" title={t`Channel`} style={{ marginBlockEnd: 16 }}>
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="code"
              label={t`Code`}
              normalize={(v: string) => v.toUpperCase()}
              rules={[
                { required: true, whitespace: true, message: t`Please enter the code` },
                { pattern: CODE_PATTERN, message: t`2 to 32 letters, digits, - or _` },
              ]}
            >
              <Input maxLength={32} autoComplete="off" dir="ltr" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={9}>
            <Form.Item
              name="name"
              label={t`Name`}
              rules={[{ required: true, whitespace: true, message: t`Please enter the name` }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={9}>
            <Form.Item name="nameEn" label={t`English name`}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="countryId" label={t`Destination`}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t`Several countries`}
                options={countries.map((c) => ({ value: c.recId, label: c.label }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} lg={4}>
            <Form.Item
              name="volumeDivisor"
              label={t`Volume divisor`}
              tooltip={t`Volume weight (kg) = length × width × height (cm) / divisor`}
              rules={[{ required: true, message: t`Required` }]}
            >
              <InputNumber min={1000} max={20000} step={1000} precision={0} style={{ inlineSize: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} lg={6}>
            <Form.Item name="ladingType" label={t`Lading type`}>
              <Radio.Group
                options={Object.entries(LADING_TYPE_LABELS).map(([v, label]) => ({
                  value: Number(v),
                  label: i18n._(label),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="status" label={t`Status`}>
              <Radio.Group
                options={Object.entries(STATUS_LABELS).map(([v, label]) => ({
                  value: Number(v),
                  label: i18n._(label),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t`Remark`}>
              <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card size="small" title={t`Service and carriers`} style={{ marginBlockEnd: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="serviceType"
              label={t`Service type`}
              rules={[{ required: true, message: t`Choose a service type` }]}
            >
              <Select
                placeholder={t`Choose a service type`}
                onChange={onServiceType}
                options={SERVICE_TYPES.map((v) => ({ value: v, label: i18n._(SERVICE_TYPE_LABELS[v]) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="segments"
              label={t`Segments`}
              extra={serviceType === undefined ? t`Choose a service type first` : undefined}
              rules={[{ required: true, type: 'array', min: 1, message: t`Choose at least one segment` }]}
            >
              <Checkbox.Group options={segmentOptions} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="carrierIds" label={t`Carriers`} extra={t`In order of preference`}>
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t`Select carriers`}
                options={localNamedOptions(carriers, i18n.locale)}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card size="small" title={t`Price rules`} style={{ marginBlockEnd: 16 }}>
        <Typography.Paragraph type="secondary">
          {t`One rule per destination country. Weight above the first weight is rounded up to whole steps; the COD fee is a percentage of the COD amount, at least the minimum.`}
        </Typography.Paragraph>
        <PriceRulesTable countries={countries} disabled={disabled} />
      </Card>

      <Card size="small" title={t`Plausibility limits`} style={{ marginBlockEnd: 16 }}>
        <LimitsFields disabled={disabled} />
      </Card>

      <Card size="small" title={t`Try a price`}>
        <PricePreview countries={countries} />
      </Card>
    </Form>
  );
}
