import { useLingui } from '@lingui/react/macro';
import { BulkNosItem, ChannelItem, ChoiceItem, CountryItem, TimeRangeItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import type { ClearanceFilterValues } from './clearance-search.ts';
import { CLEARANCE_LABELS } from './labels.ts';

/** Clearance bills by number (bulk), clearance status, channel, destination and generation time. */
export function ClearanceFilters({
  value,
  onSearch,
}: {
  value: ClearanceFilterValues;
  onSearch: (values: ClearanceFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm
      value={value}
      onSearch={onSearch}
      label={t`Filter clearance bills`}
      testId="clearance-filters"
    >
      <BulkNosItem name="nos" label={t`Lading bill nos`} />
      <ChoiceItem name="clearanceStatus" label={t`Clearance status`} labels={CLEARANCE_LABELS} width={170} />
      <ChannelItem label={t`Shipping channel`} />
      <CountryItem label={t`Destination country`} />
      <TimeRangeItem label={t`Generation time`} />
    </FilterForm>
  );
}
