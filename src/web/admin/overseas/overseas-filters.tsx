import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';
import { CONFIRM_LABELS, PICKUP_LABELS } from '../package/labels.ts';
import type { OverseasFilterValues } from './search.ts';

type FormValues = Omit<OverseasFilterValues, 'startTime' | 'endTime'> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

const toForm = (v: OverseasFilterValues): FormValues => {
  const { startTime, endTime, ...rest } = v;
  return {
    ...rest,
    range:
      startTime || endTime ? [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] : null,
  };
};

const fromForm = ({ range, ...rest }: FormValues): OverseasFilterValues => ({
  ...rest,
  startTime: range?.[0]?.toISOString(),
  endTime: range?.[1]?.toISOString(),
});

/**
 * Overseas lading filters: bill nos (bulk), the tracking no of an order inside, channel, carrier,
 * destination, pickup status, confirm state and generation time. The page puts them into the URL.
 */
export function OverseasFilters({
  value,
  onSearch,
}: {
  value: OverseasFilterValues;
  onSearch: (values: OverseasFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<FormValues>();
  const channels = useQuery(shippingQueries.options(true)).data ?? [];
  const carriers = useQuery(carrierQueries.options()).data ?? [];
  const countries = useQuery(regionQueries.countries(i18n.locale)).data ?? [];
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
      aria-label={t`Filter overseas lading bills`}
      data-testid="overseas-filters"
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item name="nos" label={t`Overseas lading nos`}>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            style={{ inlineSize: 220 }}
            placeholder={t`One a line, or separated by commas`}
          />
        </Form.Item>
        <Form.Item name="trackingNo" label={t`Tracking no`}>
          <Input allowClear maxLength={64} style={{ inlineSize: 180 }} dir="ltr" />
        </Form.Item>
        <Form.Item name="channelId" label={t`Shipping channel`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 200 }}
            placeholder={all}
            options={channels.map((c) => ({
              value: c.recId,
              label: `${i18n.locale === 'cn' ? c.name : c.nameEn || c.name} (${c.code})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="carrierId" label={t`Carrier`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 160 }}
            placeholder={all}
            options={carriers.map((c) => ({ value: c.recId, label: c.code }))}
          />
        </Form.Item>
        <Form.Item name="countryId" label={t`Destination country`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 170 }}
            placeholder={all}
            options={countries.map((c) => ({ value: c.recId, label: `${c.name} (${c.code})` }))}
          />
        </Form.Item>
        <Form.Item name="pickupStatus" label={t`Pickup status`}>
          <Select
            allowClear
            style={{ inlineSize: 150 }}
            placeholder={all}
            options={Object.entries(PICKUP_LABELS).map(([v, d]) => ({ value: v, label: i18n._(d) }))}
          />
        </Form.Item>
        <Form.Item name="confirmState" label={t`Confirm state`}>
          <Select
            allowClear
            style={{ inlineSize: 130 }}
            placeholder={all}
            options={Object.entries(CONFIRM_LABELS).map(([v, d]) => ({ value: v, label: i18n._(d) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t`Generation time`}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty />
        </Form.Item>
        <Form.Item>
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
        </Form.Item>
      </Flex>
    </Form>
  );
}
