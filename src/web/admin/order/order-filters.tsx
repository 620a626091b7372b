import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Flex, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { orderStaffQueries } from '../../api/queries/order-staff.ts';
import { ChannelFilter, CountryFilter, CustomerFilter, FilterActions } from '../system/filter-fields.tsx';
import { CHECK_LABELS, INTERCEPT_LABELS, PAYMENT_LABELS } from './labels.ts';
import type { OrderFilterValues } from './search.ts';

type FormValues = Omit<OrderFilterValues, 'startTime' | 'endTime'> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

const toForm = (v: OrderFilterValues): FormValues => {
  const { startTime, endTime, ...rest } = v;
  return {
    ...rest,
    range:
      startTime || endTime ? [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] : null,
  };
};

const fromForm = ({ range, ...rest }: FormValues): OrderFilterValues => ({
  ...rest,
  startTime: range?.[0]?.toISOString(),
  endTime: range?.[1]?.toISOString(),
});

const bulk = { autoSize: { minRows: 1, maxRows: 4 }, style: { inlineSize: 220 } } as const;

/**
 * Every field staff search orders by: bulk numbers (one a line, or separated by commas or spaces),
 * customer, channel, carrier, destination, status, check, payment, COD, interception, abnormal, and
 * a creation or arrival time range. The page puts what is submitted into the URL.
 */
export function OrderFilters({
  value,
  onSearch,
}: {
  value: OrderFilterValues;
  onSearch: (values: OrderFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<FormValues>();
  const carriers = useQuery(carrierQueries.options()).data ?? [];
  const statuses = useQuery(orderStaffQueries.statuses(i18n.locale)).data ?? [];
  const key = JSON.stringify(value);

  // Back, forward and links change the URL: the form follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`, which is a new object each render
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(value));
  }, [form, key]);

  const all = t`All`;
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => onSearch(fromForm(v))}
      aria-label={t`Filter orders`}
      data-testid="order-filters"
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item name="trackingNos" label={t`Tracking nos`}>
          <Input.TextArea {...bulk} placeholder={t`One a line, or separated by commas`} />
        </Form.Item>
        <Form.Item name="customerNos" label={t`Customer order nos`}>
          <Input.TextArea {...bulk} placeholder={t`One a line, or separated by commas`} />
        </Form.Item>
        <Form.Item name="carrierTrackingNos" label={t`Carrier tracking nos`}>
          <Input.TextArea {...bulk} placeholder={t`One a line, or separated by commas`} />
        </Form.Item>
        <CustomerFilter />
        <ChannelFilter />
        <Form.Item name="carrierId" label={t`Carrier`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 160 }}
            placeholder={all}
            options={carriers.map((c) => ({ value: c.recId, label: c.code }))}
          />
        </Form.Item>
        <CountryFilter />
        <Form.Item name="status" label={t`Status`}>
          <Select
            allowClear
            style={{ inlineSize: 140 }}
            placeholder={all}
            options={statuses.map((s) => ({ value: s.value, label: s.label }))}
          />
        </Form.Item>
        <Form.Item name="checkStatus" label={t`Check status`}>
          <Select
            allowClear
            style={{ inlineSize: 130 }}
            placeholder={all}
            options={Object.entries(CHECK_LABELS).map(([v, d]) => ({ value: v, label: i18n._(d) }))}
          />
        </Form.Item>
        <Form.Item name="payment" label={t`Payment`}>
          <Select
            allowClear
            style={{ inlineSize: 120 }}
            placeholder={all}
            options={Object.entries(PAYMENT_LABELS).map(([v, d]) => ({ value: v, label: i18n._(d) }))}
          />
        </Form.Item>
        <Form.Item name="isCod" label={t`COD`}>
          <Select
            allowClear
            style={{ inlineSize: 110 }}
            placeholder={all}
            options={[
              { value: '1', label: t`COD orders` },
              { value: '0', label: t`Not COD` },
            ]}
          />
        </Form.Item>
        <Form.Item name="interceptState" label={t`Interception`}>
          <Select
            allowClear
            style={{ inlineSize: 160 }}
            placeholder={all}
            options={Object.entries(INTERCEPT_LABELS).map(([v, d]) => ({
              value: Number(v),
              label: i18n._(d),
            }))}
          />
        </Form.Item>
        <Form.Item name="abnormal" label={t`Abnormal`}>
          <Select
            allowClear
            style={{ inlineSize: 110 }}
            placeholder={all}
            options={[
              { value: '1', label: t`Abnormal` },
              { value: '0', label: t`Normal` },
            ]}
          />
        </Form.Item>
        <Form.Item name="consigneeName" label={t`Consignee`}>
          <Input allowClear maxLength={100} style={{ inlineSize: 150 }} />
        </Form.Item>
        <Form.Item name="consigneePhone" label={t`Consignee phone`}>
          <Input allowClear maxLength={30} style={{ inlineSize: 150 }} dir="ltr" />
        </Form.Item>
        <Form.Item label={t`Time`}>
          <Space.Compact>
            <Form.Item name="timeBasis" noStyle>
              <Select
                style={{ inlineSize: 120 }}
                placeholder={t`Created`}
                aria-label={t`Time basis`}
                options={[
                  { value: 'create', label: t`Created` },
                  { value: 'arrival', label: t`Arrived` },
                ]}
              />
            </Form.Item>
            <Form.Item name="range" noStyle>
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <FilterActions
          onReset={() => {
            form.resetFields();
            onSearch({});
          }}
        />
      </Flex>
    </Form>
  );
}
