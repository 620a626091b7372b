import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance, TablePaginationConfig } from 'antd';
import { Button, DatePicker, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { customerQueries } from '../../api/queries/customer.ts';

/** What a list filter form's date range holds. */
export type TimeRange = [Dayjs | null, Dayjs | null] | null;

/** The range picker's value of a URL's `startTime`/`endTime`. */
export const rangeOf = (start: string | undefined, end: string | undefined): TimeRange =>
  start || end ? [start ? dayjs(start) : null, end ? dayjs(end) : null] : null;

/** The URL's `startTime`/`endTime` of a range picker's value. */
export const timesOf = (range: TimeRange | undefined) => ({
  startTime: range?.[0]?.toISOString(),
  endTime: range?.[1]?.toISOString(),
});

/** Bulk numbers pasted into a filter: one a line, or separated by commas (the server splits them). */
export function BulkNosField({
  name,
  label,
  placeholder,
}: {
  name: string;
  label: string;
  placeholder: string;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Input.TextArea
        autoSize={{ minRows: 1, maxRows: 4 }}
        style={{ inlineSize: 220 }}
        placeholder={placeholder}
      />
    </Form.Item>
  );
}

/** The customer filter (`customerId`), searchable by name and code. */
export function CustomerField() {
  const { t } = useLingui();
  const customers = useQuery(customerQueries.picker()).data ?? [];
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

/** A list's pagination whose page and size live in the URL (`onPage` navigates; a new size starts at page 1). */
export function useListPagination(
  pageNo: number,
  pageSize: number,
  total: number,
  onPage: (pageNo: number, pageSize: number) => void,
): TablePaginationConfig {
  const { t } = useLingui();
  return {
    current: pageNo,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100, 200],
    showTotal: () => <Typography.Text>{t`${total} in total`}</Typography.Text>,
    onChange: (next, size) => onPage(size !== pageSize ? 1 : next, size),
  };
}

/** Shows the URL's filter values in a filter form, again whenever they change (a link, back, a reload). */
export function useUrlValues<F extends object>(form: FormInstance<F>, values: F): void {
  const key = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `values`
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values as Parameters<FormInstance<F>['setFieldsValue']>[0]);
  }, [form, key]);
}

/** A date-time range filter (`range`, minutes). */
export function RangeField({ label }: { label: string }) {
  return (
    <Form.Item name="range" label={label}>
      <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty />
    </Form.Item>
  );
}

/** The submit button of a filter form. */
export function SearchButton() {
  const { t } = useLingui();
  return (
    <Form.Item>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t`Search`}
      </Button>
    </Form.Item>
  );
}
