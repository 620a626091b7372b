import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { customerQueries } from '../../api/queries/customer.ts';
import { customerOrderQueries } from '../../api/queries/customer-order.ts';
import { regionQueries } from '../../api/queries/region.ts';
import type { AnalysisFilterState, AnalysisFilterValues } from './search.ts';

interface FormValues {
  range: [Dayjs, Dayjs];
  timeBasis: 'create' | 'arrival';
  customerId?: number;
  channelId?: number;
  countryId?: number;
}

const DAY = 'YYYY-MM-DD';

/**
 * The days to analyse (business days, first and last included) by creation or arrival, and what to
 * narrow to: customer (staff only: a customer account sees its own), channel and destination.
 */
export function AnalysisFilters({
  value,
  staff,
  onSearch,
}: {
  /** The filters in force (with the default days filled in). */
  value: AnalysisFilterState;
  staff: boolean;
  onSearch: (values: AnalysisFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<FormValues>();
  const customers = useQuery({ ...customerQueries.picker(), enabled: staff }).data ?? [];
  const channels = useQuery(customerOrderQueries.channels(i18n.locale)).data ?? [];
  const countries = useQuery(regionQueries.countries(i18n.locale)).data ?? [];
  const key = JSON.stringify(value);

  // Back, forward and links change the URL: the form follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`, a new object each render
  useEffect(() => {
    form.setFieldsValue({
      range: [dayjs(value.startDate), dayjs(value.endDate)],
      timeBasis: value.timeBasis,
      customerId: value.customerId,
      channelId: value.channelId,
      countryId: value.countryId,
    });
  }, [form, key]);

  const all = t`All`;
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={t`Filter the analysis`}
      data-testid="analysis-filters"
      onFinish={(v) =>
        onSearch({
          startDate: v.range[0].format(DAY),
          endDate: v.range[1].format(DAY),
          timeBasis: v.timeBasis,
          customerId: v.customerId,
          channelId: v.channelId,
          countryId: v.countryId,
        })
      }
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item label={t`Days`} required>
          <Space.Compact>
            <Form.Item name="timeBasis" noStyle>
              <Select
                style={{ inlineSize: 130 }}
                aria-label={t`Time basis`}
                options={[
                  { value: 'create', label: t`Created` },
                  { value: 'arrival', label: t`Arrived` },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="range"
              noStyle
              rules={[{ required: true, message: t`Select the days to analyse` }]}
            >
              <DatePicker.RangePicker format={DAY} allowClear={false} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        {staff && (
          <Form.Item name="customerId" label={t`Customer`}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ inlineSize: 200 }}
              placeholder={all}
              options={customers.map((c) => ({ value: c.recId, label: `${c.name} (${c.code})` }))}
            />
          </Form.Item>
        )}
        <Form.Item name="channelId" label={t`Shipping channel`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 220 }}
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
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t`Search`}
            </Button>
            <Button onClick={() => onSearch({})}>{t`Reset`}</Button>
          </Space>
        </Form.Item>
      </Flex>
    </Form>
  );
}
