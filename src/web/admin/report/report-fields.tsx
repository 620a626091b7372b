import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, type FormInstance, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { customerQueries } from '../../api/queries/customer.ts';
import { useIsCustomer } from './report-search.ts';

/** The filter form of a report screen and the fields they share. */

/** The filters above a report: its fields in a row, then Search. */
export function ReportFilterForm<V extends object>({
  form,
  label,
  onSearch,
  children,
}: {
  form: FormInstance<V>;
  label: string;
  onSearch: (values: V) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Form form={form} layout="vertical" onFinish={onSearch} aria-label={label}>
      <Flex wrap gap="0 16px" align="flex-end">
        {children}
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t`Search`}
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}

/** Back, forward and links change the URL: the form follows its values. */
export function useFormFollows<V>(form: FormInstance<V>, values: V) {
  const key = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `values`, a new object each render
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, key]);
}

export type RangeValue = [Dayjs | null, Dayjs | null] | null;

const DAY = 'YYYY-MM-DD';

export const toRange = (r: { startDate: string; endDate: string }): RangeValue => [
  dayjs(r.startDate),
  dayjs(r.endDate),
];
export const fromRange = (r: RangeValue | undefined) => ({
  startDate: r?.[0]?.format(DAY),
  endDate: r?.[1]?.format(DAY),
});

/** The business dates of the report, both ends included; required. */
export function RangeField({ label }: { label: string }) {
  const { t } = useLingui();
  return (
    <Form.Item
      name="range"
      label={label}
      rules={[{ required: true, type: 'array', len: 2, message: t`Select the date range` }]}
    >
      <DatePicker.RangePicker format={DAY} allowClear={false} />
    </Form.Item>
  );
}

/** The customer (staff only: a customer account's reports are its own). */
export function CustomerField() {
  const { t } = useLingui();
  const isCustomer = useIsCustomer();
  const customers = useQuery({ ...customerQueries.picker(), enabled: !isCustomer }).data ?? [];
  if (isCustomer) return null;
  return (
    <Form.Item name="customerId" label={t`Customer`}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ inlineSize: 200 }}
        placeholder={t`All`}
        options={customers.map((c) => ({ value: c.recId, label: `${c.name} (${c.code})` }))}
      />
    </Form.Item>
  );
}

/** Rows by day or by month. */
export function GranularityField() {
  const { t } = useLingui();
  return (
    <Form.Item name="granularity" label={t`Rows by`}>
      <Radio.Group
        optionType="button"
        options={[
          { value: 'day', label: t`Day` },
          { value: 'month', label: t`Month` },
        ]}
      />
    </Form.Item>
  );
}
