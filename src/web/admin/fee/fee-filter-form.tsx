import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  ChannelItem,
  CountryItem,
  CustomerItem,
  TimeRangeItem,
  TrackingNosItem,
} from '../shared/filter-fields.tsx';
import { FilterForm, type FilterFormValues, type RangeValues } from '../shared/filter-form.tsx';

/**
 * The filter form both fee lists share: tracking nos (pasted, one a line or separated by commas),
 * customer, channel, destination and a time range, plus the list's own fields (`children`, items
 * named after the values).
 */
export function FeeFilterForm<V extends RangeValues>({
  timeLabel,
  children,
  ...form
}: {
  value: V;
  /** Values the form shows when the URL has none (e.g. pending). */
  defaults?: Partial<FilterFormValues<V>>;
  onSearch: (values: V) => void;
  label: string;
  timeLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <FilterForm<V> {...form}>
      <TrackingNosItem />
      <CustomerItem />
      <ChannelItem label={t`Shipping channel`} />
      <CountryItem label={t`Destination country`} />
      {children}
      <TimeRangeItem label={timeLabel} />
    </FilterForm>
  );
}
