import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, type FormInstance, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { customerQueries } from '../../api/queries/customer.ts';
import { DayRange } from '../kit/filter-fields.tsx';
import { namedOptions } from '../kit/text.ts';
import { useIsCustomer } from './report-search.ts';

/** The filter form of a report screen and the fields they share. */

/** The filters above a report: its fields in a row, then Search (and Reset, with `onReset`). */
export function ReportFilterForm<V extends object>({
  form,
  label,
  onSearch,
  onReset,
  testId,
  children,
}: {
  form: FormInstance<V>;
  label: string;
  onSearch: (values: V) => void;
  onReset?: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const search = (
    <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
      {t`Search`}
    </Button>
  );
  return (
    <Form form={form} layout="vertical" onFinish={onSearch} aria-label={label} data-testid={testId}>
      <Flex wrap gap="0 16px" align="flex-end">
        {children}
        <Form.Item>
          {onReset ? (
            <Space>
              {search}
              <Button onClick={onReset}>{t`Reset`}</Button>
            </Space>
          ) : (
            search
          )}
        </Form.Item>
      </Flex>
    </Form>
  );
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
      <DayRange allowClear={false} allowEmpty={false} />
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
        options={namedOptions(customers)}
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
