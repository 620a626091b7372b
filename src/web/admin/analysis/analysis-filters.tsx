import { useLingui } from '@lingui/react/macro';
import { Form, Select, Space } from 'antd';
import { ChannelItem, CountryItem, CustomerItem, DayRange } from '../kit/filter-fields.tsx';
import { useFormFollows } from '../kit/filter-form.tsx';
import { fromRange, type RangeValue, ReportFilterForm, toRange } from '../report/report-fields.tsx';
import type { AnalysisFilterState, AnalysisFilterValues } from './search.ts';

interface FormValues {
  range: RangeValue;
  timeBasis: 'create' | 'arrival';
  customerId?: number;
  channelId?: number;
  countryId?: number;
}

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
  const [form] = Form.useForm<FormValues>();
  useFormFollows(form, {
    range: toRange(value),
    timeBasis: value.timeBasis,
    customerId: value.customerId,
    channelId: value.channelId,
    countryId: value.countryId,
  });

  return (
    <ReportFilterForm
      form={form}
      label={t`Filter the analysis`}
      testId="analysis-filters"
      onSearch={({ range, ...rest }) => onSearch({ ...fromRange(range), ...rest })}
      onReset={() => onSearch({})}
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
    </ReportFilterForm>
  );
}
