import { useLingui } from '@lingui/react/macro';
import { Form, Select, Space } from 'antd';
import { ChannelItem, CountryItem, CustomerItem, DayRange } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import type { AnalysisFilterState, AnalysisFilterValues } from './search.ts';

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
  const { t } = useLingui();

  return (
    <FilterForm<AnalysisFilterValues>
      value={value}
      onSearch={onSearch}
      range="dates"
      label={t`Filter the analysis`}
      testId="analysis-filters"
    >
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
            <DayRange allowClear={false} allowEmpty={false} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      {staff && <CustomerItem />}
      <ChannelItem label={t`Shipping channel`} orderable width={220} />
      <CountryItem label={t`Destination country`} />
    </FilterForm>
  );
}
