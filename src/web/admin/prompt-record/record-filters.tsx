import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Select } from 'antd';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { carrierLabel } from '../carrier/labels.ts';
import {
  BulkNosField,
  CustomerField,
  RangeField,
  rangeOf,
  SearchButton,
  type TimeRange,
  timesOf,
  useUrlValues,
} from '../system/filter-fields.tsx';
import type { RecordFilterValues } from './search.ts';

interface FormValues {
  trackingNos?: string;
  customerId?: number;
  carrierId?: number;
  range?: TimeRange;
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
  const carriers = useQuery(carrierQueries.options()).data ?? [];

  useUrlValues(form, {
    trackingNos: value.trackingNos,
    customerId: value.customerId,
    carrierId: value.carrierId,
    recalled: value.recalled,
    range: rangeOf(value.startTime, value.endTime),
  });

  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={t`Filter records`}
      onFinish={({ range, ...rest }: FormValues) => onSearch({ ...rest, ...timesOf(range) })}
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <BulkNosField
          name="trackingNos"
          label={t`Tracking nos`}
          placeholder={t`Ours or the carrier’s, one a line`}
        />
        <CustomerField />
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
        <RangeField label={timeLabel} />
        <SearchButton />
      </Flex>
    </Form>
  );
}
