import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';
import {
  CONFIRM_LABELS,
  MAIL_LABELS,
  ORDER_TYPE_LABELS,
  PICKUP_LABELS,
  SIGN_LABELS,
  TYPE_LABELS,
} from './labels.ts';
import type { LadingFilterValues } from './search.ts';

type FormValues = Omit<LadingFilterValues, 'startTime' | 'endTime'> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

const toForm = (v: LadingFilterValues): FormValues => {
  const { startTime, endTime, ...rest } = v;
  return {
    ...rest,
    range:
      startTime || endTime ? [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] : null,
  };
};

const fromForm = ({ range, ...rest }: FormValues): LadingFilterValues => ({
  ...rest,
  nos: rest.nos?.trim() || undefined,
  trackingNo: rest.trackingNo?.trim() || undefined,
  startTime: range?.[0]?.toISOString(),
  endTime: range?.[1]?.toISOString(),
});

/**
 * The lading list's filters (spec: number, tracking no, channel, carrier, type, order type,
 * destination, pickup status, confirm state, sign status, mail push result, generation time). The
 * page puts what is submitted into the URL.
 */
export function LadingFilters({
  value,
  onSearch,
}: {
  value: LadingFilterValues;
  onSearch: (values: LadingFilterValues) => void;
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
  const choices = (labels: Record<number, MessageDescriptor>) =>
    Object.entries(labels).map(([v, d]) => ({ value: Number(v), label: i18n._(d) }));
  const pick = (name: keyof FormValues, label: string, labels: Record<number, MessageDescriptor>) => (
    <Form.Item name={name} label={label}>
      <Select allowClear style={{ inlineSize: 150 }} placeholder={all} options={choices(labels)} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => onSearch(fromForm(v))}
      aria-label={t`Filter lading bills`}
      data-testid="lading-filters"
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item name="nos" label={t`Lading bill nos`}>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            style={{ inlineSize: 220 }}
            placeholder={t`One a line, or separated by commas`}
            dir="ltr"
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
        {pick('type', t`Type`, TYPE_LABELS)}
        {pick('orderType', t`Order type`, ORDER_TYPE_LABELS)}
        {pick('pickupStatus', t`Pickup status`, PICKUP_LABELS)}
        {pick('confirmState', t`Confirm state`, CONFIRM_LABELS)}
        {pick('signStatus', t`Sign status`, SIGN_LABELS)}
        {pick('mailState', t`Mail push result`, MAIL_LABELS)}
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
