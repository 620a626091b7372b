import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Form, Radio, Select } from 'antd';
import { customerQueries } from '../../api/queries/customer.ts';
import { DayRange } from '../kit/filter-fields.tsx';
import { namedOptions } from '../kit/text.ts';
import { useIsCustomer } from './report-search.ts';

/**
 * The fields the report screens share, inside the kit's FilterForm (`range="dates"`: the URL keeps
 * the business dates as startDate and endDate).
 */

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
