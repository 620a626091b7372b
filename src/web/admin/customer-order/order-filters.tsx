import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import type { StatusOption } from '../../../shared/contract/order.ts';
import { DayRange } from '../kit/filter-fields.tsx';
import type { CustomerOrderSearch } from './search.ts';

export type OrderFilterValues = Pick<
  CustomerOrderSearch,
  'trackingNos' | 'customerNos' | 'status' | 'from' | 'to' | 'cod' | 'abnormal'
>;

/** The form's own values: the creation days as one range (the URL keeps `from` and `to`). */
type FormValues = Omit<OrderFilterValues, 'from' | 'to'> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

const DAY = 'YYYY-MM-DD';

/**
 * Tracking nos and customer nos pasted in bulk (one a line, or separated by commas), status,
 * creation days (a range picked in the page's language, either end open) and COD; the page puts
 * what is submitted into the URL.
 */
export function OrderFilters({
  value,
  statuses,
  onSearch,
}: {
  value: OrderFilterValues;
  statuses: readonly StatusOption[];
  onSearch: (values: OrderFilterValues) => void;
}) {
  const { t } = useLingui();
  const [form] = Form.useForm<FormValues>();
  const { trackingNos, customerNos, status, from, to, cod, abnormal } = value;
  useEffect(() => {
    const range: FormValues['range'] = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null;
    form.setFieldsValue({ trackingNos, customerNos, status, cod, abnormal, range });
  }, [form, trackingNos, customerNos, status, from, to, cod, abnormal]);
  const submit = ({ range, ...rest }: FormValues) =>
    onSearch({ ...rest, from: range?.[0]?.format(DAY), to: range?.[1]?.format(DAY) });

  const bulk = t`One a line, or separated by commas`;
  return (
    <Form form={form} layout="vertical" onFinish={submit} aria-label={t`Filter orders`}>
      <Row gutter={16}>
        <Col xs={24} md={12} xl={6}>
          <Form.Item name="trackingNos" label={t`Tracking nos`}>
            <Input.TextArea rows={3} placeholder={bulk} dir="ltr" data-testid="filter-tracking-nos" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item name="customerNos" label={t`Customer order nos`}>
            <Input.TextArea rows={3} placeholder={bulk} dir="ltr" data-testid="filter-customer-nos" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={12}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="status" label={t`Status`}>
                <Select
                  allowClear
                  placeholder={t`All`}
                  options={statuses.map((s) => ({ value: s.value, label: s.label }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="cod" label={t`Cash on delivery`}>
                <Select
                  allowClear
                  placeholder={t`All`}
                  options={[
                    { value: 1, label: t`COD orders` },
                    { value: 0, label: t`Prepaid orders` },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="range" label={t`Created`}>
                <DayRange style={{ inlineSize: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="abnormal" label={t`Exceptions`}>
                <Select
                  allowClear
                  placeholder={t`All`}
                  data-testid="filter-abnormal"
                  options={[
                    { value: 1, label: t`With an exception to act on` },
                    { value: 0, label: t`Without exceptions` },
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t`Search`}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t`Reset`}
        </Button>
      </Space>
    </Form>
  );
}
