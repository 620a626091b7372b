import { useLingui } from '@lingui/react/macro';
import { DatePicker, Flex, Form, Select, Space } from 'antd';
import {
  BulkNosField,
  CustomerField,
  rangeOf,
  SearchButton,
  type TimeRange,
  timesOf,
  useUrlValues,
} from '../system/filter-fields.tsx';
import { LOOP_STATE_LABELS } from './labels.ts';
import type { ClosedLoopFilterValues } from './search.ts';

interface FormValues {
  trackingNos?: string;
  customerId?: number;
  closed?: '0' | '1';
  state?: number;
  payment?: '0' | '1';
  timeBasis?: 'create' | 'sign' | 'remit';
  range?: TimeRange;
}

/**
 * The closed-loop filters: tracking nos (ours or the carriers'), customer, closed or not, loop
 * state, payment, and a time range on the order's creation, its sign time or its remittance day.
 */
export function ClosedLoopFilters({
  value,
  onSearch,
}: {
  value: ClosedLoopFilterValues;
  onSearch: (values: ClosedLoopFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<FormValues>();

  useUrlValues(form, {
    ...value,
    timeBasis: value.timeBasis ?? 'create',
    range: rangeOf(value.startTime, value.endTime),
  });

  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={t`Filter closed-loop data`}
      onFinish={({ range, timeBasis, ...rest }: FormValues) =>
        onSearch({
          ...rest,
          timeBasis: timeBasis === 'create' ? undefined : timeBasis,
          ...timesOf(range),
        })
      }
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <BulkNosField
          name="trackingNos"
          label={t`Tracking nos`}
          placeholder={t`Ours or the carrier’s, one a line`}
        />
        <CustomerField />
        <Form.Item name="closed" label={t`Closed`}>
          <Select
            allowClear
            style={{ inlineSize: 140 }}
            placeholder={t`All`}
            options={[
              { value: '1', label: t`Closed` },
              { value: '0', label: t`Not closed` },
            ]}
          />
        </Form.Item>
        <Form.Item name="state" label={t`Loop state`}>
          <Select
            allowClear
            style={{ inlineSize: 200 }}
            placeholder={t`All`}
            options={Object.entries(LOOP_STATE_LABELS).map(([v, d]) => ({
              value: Number(v),
              label: i18n._(d),
            }))}
          />
        </Form.Item>
        <Form.Item name="payment" label={t`Payment`}>
          <Select
            allowClear
            style={{ inlineSize: 120 }}
            placeholder={t`All`}
            options={[
              { value: '1', label: t`COD` },
              { value: '0', label: t`Prepaid` },
            ]}
          />
        </Form.Item>
        <Form.Item label={t`Time`}>
          <Space.Compact>
            <Form.Item name="timeBasis" noStyle>
              <Select
                aria-label={t`Time basis`}
                style={{ inlineSize: 130 }}
                options={[
                  { value: 'create', label: t`Created` },
                  { value: 'sign', label: t`Signed` },
                  { value: 'remit', label: t`Remitted` },
                ]}
              />
            </Form.Item>
            <Form.Item name="range" noStyle>
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <SearchButton />
      </Flex>
    </Form>
  );
}
