import { useLingui } from '@lingui/react/macro';
import {
  BulkNosItem,
  CarrierItem,
  ChannelItem,
  ChoiceItem,
  CountryItem,
  OptionsItem,
  TextItem,
  TimeRangeItem,
} from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import {
  CONFIRM_LABELS,
  MAIL_LABELS,
  ORDER_TYPE_LABELS,
  PICKUP_LABELS,
  SIGN_LABELS,
  TYPE_LABELS,
} from './labels.ts';
import type { LadingFilterValues } from './search.ts';

/**
 * The lading list's filters (spec: number, tracking no, channel, carrier, type, order type,
 * destination, pickup status, confirm state, sign status, mail push result, generation time), and
 * whether a bill is in a batch (picked-up bills in none are the ones waiting for a flight).
 */
export function LadingFilters({
  value,
  onSearch,
}: {
  value: LadingFilterValues;
  onSearch: (values: LadingFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm
      value={value}
      onSearch={onSearch}
      label={t`Filter lading bills`}
      testId="lading-filters"
      listKey="lading"
      more={
        <>
          <CarrierItem label={t`Carrier`} />
          <CountryItem label={t`Destination country`} />
          <ChoiceItem name="type" label={t`Type`} labels={TYPE_LABELS} />
          <ChoiceItem name="orderType" label={t`Order type`} labels={ORDER_TYPE_LABELS} />
          <ChoiceItem name="confirmState" label={t`Confirm state`} labels={CONFIRM_LABELS} />
          <ChoiceItem name="signStatus" label={t`Sign status`} labels={SIGN_LABELS} />
          <ChoiceItem name="mailState" label={t`Mail push result`} labels={MAIL_LABELS} />
          <OptionsItem
            name="batched"
            label={t`Batch`}
            options={[
              { value: 1, label: t`In a batch` },
              { value: 0, label: t`In no batch` },
            ]}
          />
        </>
      }
    >
      <BulkNosItem name="nos" label={t`Lading bill nos`} />
      <TextItem name="trackingNo" label={t`Tracking no`} ltr />
      <ChannelItem label={t`Shipping channel`} />
      <ChoiceItem name="pickupStatus" label={t`Pickup status`} labels={PICKUP_LABELS} />
      <TimeRangeItem label={t`Generation time`} />
    </FilterForm>
  );
}
