import { useLingui } from '@lingui/react/macro';
import { Col, Form, Input, Radio, Row, Select, Switch } from 'antd';
import type { CarrierRecord } from '../../../shared/contract/carrier.ts';
import type { RegionOption } from '../../../shared/contract/region.ts';
import { CARRIER_CODE_PATTERN } from '../../../shared/domain/tracking-no.ts';
import { carrierKeys, carrierMutations } from '../../api/queries/carrier.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { namedOptions } from '../kit/text.ts';
import { FormModal } from '../shared/form-modal.tsx';
import { useSaveMutation } from '../shared/use-save-mutation.ts';

interface CarrierFormValues {
  code: string;
  name: string;
  nameEn: string;
  countryId: number | null;
  contact: string;
  phone: string;
  email: string;
  trackingUrl: string;
  lastMile: boolean;
  status: number;
  remark: string;
}

const NEW_CARRIER: CarrierFormValues = {
  code: '',
  name: '',
  nameEn: '',
  countryId: null,
  contact: '',
  phone: '',
  email: '',
  trackingUrl: '',
  lastMile: true,
  status: 1,
  remark: '',
};

const valuesOf = (c: CarrierRecord): CarrierFormValues => ({
  code: c.code,
  name: c.name,
  nameEn: c.nameEn,
  countryId: c.countryId,
  contact: c.contact,
  phone: c.phone,
  email: c.email,
  trackingUrl: c.trackingUrl,
  lastMile: c.lastMile,
  status: c.status,
  remark: c.remark,
});

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const NO_PLACEHOLDER = '{no}';

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Creates (`carrier` null) or edits a carrier. */
export function CarrierFormModal({
  open,
  carrier,
  countries,
  onClose,
}: {
  open: boolean;
  carrier: CarrierRecord | null;
  countries: readonly RegionOption[];
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useSaveMutation(carrierMutations.saveCarrier(), {
    editing: !!carrier,
    invalidate: [carrierKeys.carriers()],
    onClose,
  });

  return (
    <FormModal<CarrierFormValues>
      open={open}
      title={carrier ? t`Edit carrier` : t`Add carrier`}
      width={720}
      name="carrier"
      initialValues={carrier ? valuesOf(carrier) : NEW_CARRIER}
      saving={save.isPending}
      onFinish={(values) =>
        save.mutate({ ...values, code: values.code.trim().toUpperCase(), recId: carrier?.recId })
      }
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="code"
            label={t`Code`}
            normalize={(v: string) => v.toUpperCase()}
            rules={[
              { required: true, whitespace: true, message: t`Please enter the code` },
              { pattern: CARRIER_CODE_PATTERN, message: t`2 to 20 capital letters or digits` },
            ]}
          >
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="name"
            label={t`Name`}
            rules={[{ required: true, whitespace: true, message: t`Please enter the name` }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="nameEn" label={t`English name`}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="countryId" label={t`Country`}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t`Select a country`}
              options={namedOptions(countries)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="contact" label={t`Contact`}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="phone"
            label={t`Phone`}
            rules={[{ pattern: /^[0-9+\-() ]*$/, message: t`Digits, spaces and + - ( ) only` }]}
          >
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="email"
            label={t`E-mail for the lading push`}
            extra={t`Up to 5 addresses, separated by commas`}
            rules={[
              {
                validator: async (_, value: string) => {
                  const list = (value ?? '').split(/[,;，；\s]+/).filter(Boolean);
                  if (list.length > 5 || list.some((e) => !EMAIL.test(e)))
                    throw new Error(t`Enter valid e-mail addresses, separated by commas`);
                },
              },
            ]}
          >
            <Input maxLength={500} placeholder="dispatch@carrier.example" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="trackingUrl"
            label={t`Tracking page`}
            extra={t`${NO_PLACEHOLDER} stands for the tracking number`}
            rules={[
              {
                validator: async (_, value: string) => {
                  if (value && !isWebAddress(value))
                    throw new Error(t`Enter an address starting with http:// or https://`);
                },
              },
            ]}
          >
            <Input maxLength={500} placeholder="https://carrier.example/track?no={no}" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="lastMile" label={t`Last mile`} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} sm={16}>
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
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
