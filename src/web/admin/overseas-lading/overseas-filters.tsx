import { useLingui } from '@lingui/react/macro';
import {
  BulkNosItem,
  CarrierItem,
  ChannelItem,
  ChoiceItem,
  CountryItem,
  TextItem,
  TimeRangeItem,
} from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { CONFIRM_LABELS, PICKUP_LABELS } from '../package/labels.ts';
import type { OverseasFilterValues } from './search.ts';

/**
 * Overseas lading filters: bill nos (bulk), the tracking no of an order inside, channel, carrier,
 * destination, pickup status, confirm state and generation time. The page puts them into the URL.
 */
export function OverseasFilters({
  value,
  onSearch,
}: {
  value: OverseasFilterValues;
  onSearch: (values: OverseasFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm
      value={value}
      onSearch={onSearch}
      label={t`Filter overseas lading bills`}
      testId="overseas-filters"
      listKey="overseas"
      more={
        <>
          <CarrierItem label={t`Carrier`} />
          <CountryItem label={t`Destination country`} />
          <ChoiceItem
            name="confirmState"
            label={t`Confirm state`}
            labels={CONFIRM_LABELS}
            width={130}
            strings
          />
        </>
      }
    >
      <BulkNosItem name="nos" label={t`Overseas lading nos`} />
      <TextItem name="trackingNo" label={t`Tracking no`} ltr />
      <ChannelItem label={t`Shipping channel`} />
      <ChoiceItem name="pickupStatus" label={t`Pickup status`} labels={PICKUP_LABELS} strings />
      <TimeRangeItem label={t`Generation time`} />
    </FilterForm>
  );
}
