import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { customerQueries } from '../../api/queries/customer.ts';
import { carrierLabel } from '../carrier/labels.ts';
import type { RecordFilterValues } from './search.ts';

interface FormValues {
  trackingNos?: string;
  customerId?: number;
  carrierId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  recalled?: '0' | '1';
}

export type RecordFilters = RecordFilterValues & { recalled?: '0' | '1' | undefined };

/**
 * The filters of the confirmation lists: tracking nos (ours or the carriers'), customer, carrier,
 * the carrier's time (`timeLabel`: sign or return time) and, on the recall screen, whether the
 * customer asked the parcel back. The values come from the URL and go back to it on Search.
 */
export function RecordFilterForm({
  value,
  timeLabel,
  withRecalled,
  onSearch,
}: {
  value: RecordFilters;
  timeLabel: string;
  withRecalled?: boolean;
  onSearch: (values: RecordFilters) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<FormValues>();
  const customers = useQuery(customerQueries.picker()).data ?? [];
  const carriers = useQuery(carrierQueries.options()).data ?? [];
  const key = JSON.stringify(value);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({
      trackingNos: value.trackingNos,
      customerId: value.customerId,
      carrierId: value.carrierId,
      recalled: value.recalled,
      range:
        value.startTime || value.endTime
          ? [value.startTime ? dayjs(value.startTime) : null, value.endTime ? dayjs(value.endTime) : null]
          : null,
    });
  }, [form, key]);

  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={t`Filter records`}
      onFinish={({ range, ...rest }: FormValues) =>
        onSearch({
          ...rest,
          startTime: range?.[0]?.toISOString(),
          endTime: range?.[1]?.toISOString(),
        })
      }
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item name="trackingNos" label={t`Tracking nos`}>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            style={{ inlineSize: 220 }}
            placeholder={t`Ours or the carrier’s, one a line`}
          />
        </Form.Item>
        <Form.Item name="customerId" label={t`Customer`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 200 }}
            placeholder={t`All`}
            options={customers.map((c) => ({ value: c.recId, label: `${c.name} (${c.code})` }))}
          />
        </Form.Item>
        <Form.Item name="carrierId" label={t`Carrier`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 180 }}
            placeholder={t`All`}
            options={carriers.map((c) => ({ value: c.recId, label: carrierLabel(c, i18n.locale) }))}
          />
        </Form.Item>
        {withRecalled && (
          <Form.Item name="recalled" label={t`Recall requested`}>
            <Select
              allowClear
              style={{ inlineSize: 180 }}
              placeholder={t`All`}
              options={[
                { value: '1', label: t`Asked back by the customer` },
                { value: '0', label: t`Returned by the carrier` },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="range" label={timeLabel}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t`Search`}
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}
