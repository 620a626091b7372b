import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { customerQueries } from '../../api/queries/customer.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';

interface Values {
  startTime?: string | undefined;
  endTime?: string | undefined;
}
type FormValues<V> = Omit<V, 'startTime' | 'endTime'> & { range?: [Dayjs | null, Dayjs | null] | null };

/**
 * The filter form both fee lists share: tracking nos (pasted, one a line or separated by commas),
 * customer, channel, destination and a time range, plus the list's own fields (`children`, items
 * named after the values). It follows the URL's values and hands what is submitted to `onSearch`.
 */
export function FeeFilterForm<V extends Values>({
  value,
  defaults,
  onSearch,
  label,
  timeLabel,
  testId,
  children,
}: {
  value: V;
  /** Values the form shows when the URL has none (e.g. pending). */
  defaults?: Partial<V>;
  onSearch: (values: V) => void;
  label: string;
  timeLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<FormValues<V>>();
  const customers = useQuery(customerQueries.picker()).data ?? [];
  const channels = useQuery(shippingQueries.options(true)).data ?? [];
  const countries = useQuery(regionQueries.countries(i18n.locale)).data ?? [];
  const key = JSON.stringify(value);

  // Back, forward and links change the URL: the form follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`, which is a new object each render
  useEffect(() => {
    const { startTime, endTime, ...rest } = value;
    form.resetFields();
    form.setFieldsValue({
      ...defaults,
      ...rest,
      range:
        startTime || endTime ? [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] : null,
    } as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, key]);

  const all = t`All`;
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={label}
      data-testid={testId}
      onFinish={({ range, ...rest }) =>
        onSearch({
          ...rest,
          startTime: range?.[0]?.toISOString(),
          endTime: range?.[1]?.toISOString(),
        } as unknown as V)
      }
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item name="trackingNos" label={t`Tracking nos`}>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            style={{ inlineSize: 220 }}
            placeholder={t`One a line, or separated by commas`}
            dir="ltr"
          />
        </Form.Item>
        <Form.Item name="customerId" label={t`Customer`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 200 }}
            placeholder={all}
            options={customers.map((c) => ({ value: c.recId, label: `${c.name} (${c.code})` }))}
          />
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
        <Form.Item name="countryId" label={t`Destination country`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 170 }}
            placeholder={all}
            options={countries.map((c) => ({ value: c.recId, label: `${c.name} (${c.code})` }))}
          />
        </Form.Item>
        {children}
        <Form.Item name="range" label={timeLabel}>
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
                onSearch({} as V);
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
