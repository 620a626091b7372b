import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  ChannelItem,
  CountryItem,
  CustomerItem,
  TimeRangeItem,
  TrackingNosItem,
} from '../kit/filter-fields.tsx';
import { FilterForm, type FilterFormValues, type RangeValues } from '../kit/filter-form.tsx';

/**
 * The filter form both fee lists share: tracking nos (pasted, one a line or separated by commas),
 * customer, the list's own fields (`children`) and a day range, then behind "More filters" the
 * channel, the destination and the list's less used fields (`more`).
 */
export function FeeFilterForm<V extends RangeValues>({
  timeLabel,
  children,
  more,
  ...form
}: {
  value: V;
  /** Values the form shows when the URL has none (e.g. pending). */
  defaults?: Partial<FilterFormValues<V>>;
  onSearch: (values: V) => void;
  label: string;
  timeLabel: string;
  testId: string;
  listKey: string;
  children: ReactNode;
  /** The list's own fields used less often (after channel and destination). */
  more?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <FilterForm<V>
      {...form}
      more={
        <>
          <ChannelItem label={t`Shipping channel`} />
          <CountryItem label={t`Destination country`} />
          {more}
        </>
      }
    >
      <TrackingNosItem />
      <CustomerItem />
      {children}
      <TimeRangeItem label={timeLabel} />
    </FilterForm>
  );
}
