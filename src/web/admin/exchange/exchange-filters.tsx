import { useLingui } from '@lingui/react/macro';
import {
  BulkNosItem,
  CarrierItem,
  ChannelItem,
  ChoiceItem,
  TimeRangeItem,
  TrackingNosItem,
} from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { EXCHANGE_LABELS } from './labels.ts';
import type { ExchangeFilterValues } from './search.ts';

/**
 * The exchange records' filters: tracking and carrier tracking nos (bulk), exchange status (spec:
 * 0 not exchanged, 1 exchanged), carrier, channel and exchange time.
 */
export function ExchangeFilters({
  value,
  onSearch,
}: {
  value: ExchangeFilterValues;
  onSearch: (values: ExchangeFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter exchange scans`} testId="exchange-filters">
      <TrackingNosItem />
      <BulkNosItem name="carrierTrackingNos" label={t`Carrier tracking nos`} />
      <ChoiceItem name="exchanged" label={t`Exchange status`} labels={EXCHANGE_LABELS} />
      <CarrierItem label={t`Carrier`} />
      <ChannelItem label={t`Shipping channel`} />
      <TimeRangeItem label={t`Exchange time`} />
    </FilterForm>
  );
}
