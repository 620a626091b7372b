import { useLingui } from '@lingui/react/macro';
import { Col, Form, Input, InputNumber, Select } from 'antd';
import { ORDER_STATUS_LABELS } from '../kit/labels.ts';

/** The fields a tracking node has, a carrier's or one of our standard ones. */
export interface TrackingNodeValues {
  code: string;
  nameCn: string;
  nameEn: string;
  nameAr: string;
  orderStatus: number | null;
  sort: number;
}

export const emptyNode = (sort: number): TrackingNodeValues => ({
  code: '',
  nameCn: '',
  nameEn: '',
  nameAr: '',
  orderStatus: null,
  sort,
});

/**
 * What every tracking node says beside its code: the order status it moves the order to, its
 * names in the three languages (Arabic required for our standard nodes, which the public tracking
 * page shows) and its place in the list. Columns of the caller's Row.
 */
export function TrackingNodeFields({ arabicRequired }: { arabicRequired: boolean }) {
  const { t, i18n } = useLingui();
  const name = (field: 'nameCn' | 'nameEn' | 'nameAr', label: string, message: string | null) => (
    <Col xs={24} sm={8}>
      <Form.Item
        name={field}
        label={label}
        rules={message ? [{ required: true, whitespace: true, message }] : undefined}
      >
        <Input maxLength={100} dir={field === 'nameAr' ? 'rtl' : undefined} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item name="orderStatus" label={t`Order status`}>
          <Select
            allowClear
            placeholder={t`Does not change the order status`}
            options={Object.entries(ORDER_STATUS_LABELS).map(([v, label]) => ({
              value: Number(v),
              label: i18n._(label),
            }))}
          />
        </Form.Item>
      </Col>
      {name('nameCn', t`Chinese name`, t`Please enter the Chinese name`)}
      {name('nameEn', t`English name`, t`Please enter the English name`)}
      {name('nameAr', t`Arabic name`, arabicRequired ? t`Please enter the Arabic name` : null)}
      <Col xs={24} sm={8}>
        <Form.Item name="sort" label={t`Sort`}>
          <InputNumber min={0} max={100000} precision={0} style={{ inlineSize: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}
