import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';
import type { ClearanceFilterValues } from './clearance-search.ts';
import { CLEARANCE_LABELS } from './labels.ts';

type FormValues = Omit<ClearanceFilterValues, 'startTime' | 'endTime'> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** Clearance bills by number (bulk), clearance status, channel, destination and generation time. */
export function ClearanceFilters({
  value,
  onSearch,
}: {
  value: ClearanceFilterValues;
  onSearch: (values: ClearanceFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<FormValues>();
  const channels = useQuery(shippingQueries.options(true)).data ?? [];
  const countries = useQuery(regionQueries.countries(i18n.locale)).data ?? [];
  const key = JSON.stringify(value);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`, which is a new object each render
  useEffect(() => {
    const { startTime, endTime, ...rest } = value;
    form.resetFields();
    form.setFieldsValue({
      ...rest,
      range:
        startTime || endTime ? [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] : null,
    });
  }, [form, key]);

  const all = t`All`;
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={t`Filter clearance bills`}
      data-testid="clearance-filters"
      onFinish={({ range, ...rest }: FormValues) =>
        onSearch({
          ...rest,
          nos: rest.nos?.trim() || undefined,
          startTime: range?.[0]?.toISOString(),
          endTime: range?.[1]?.toISOString(),
        })
      }
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
        <Form.Item name="clearanceStatus" label={t`Clearance status`}>
          <Select
            allowClear
            style={{ inlineSize: 170 }}
            placeholder={all}
            options={Object.entries(CLEARANCE_LABELS).map(([v, d]) => ({
              value: Number(v),
              label: i18n._(d),
            }))}
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
