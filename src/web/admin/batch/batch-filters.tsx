import { useLingui } from '@lingui/react/macro';
import { BulkNosItem, ChoiceItem, TextItem, TimeRangeItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { PICKUP_LABELS } from '../lading/labels.ts';
import type { BatchFilterValues } from './search.ts';

/**
 * The batch list's filters: batch nos (spec: separated by space, semicolon or carriage return),
 * airline bill no, air cargo no, a lading bill no in the batch, pickup status and creation time.
 */
export function BatchFilters({
  value,
  onSearch,
}: {
  value: BatchFilterValues;
  onSearch: (values: BatchFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm
      value={value}
      onSearch={onSearch}
      label={t`Filter batches`}
      testId="batch-filters"
      listKey="batch"
      more={
        <>
          <TextItem name="airCargoNo" label={t`Air cargo no`} maxLength={40} ltr />
          <TextItem name="ladingNo" label={t`Lading bill no`} ltr />
        </>
      }
    >
      <BulkNosItem
        name="batchNos"
        label={t`Batch nos`}
        placeholder={t`Separated by spaces, semicolons or line breaks`}
      />
      <TextItem name="airlineBillNo" label={t`Airline bill no`} maxLength={40} ltr />
      <ChoiceItem name="pickupStatus" label={t`Pickup status`} labels={PICKUP_LABELS} />
      <TimeRangeItem label={t`Created`} />
    </FilterForm>
  );
}
