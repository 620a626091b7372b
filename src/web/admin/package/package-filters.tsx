import { useLingui } from '@lingui/react/macro';
import { BulkNosItem, ChoiceItem, CustomerItem, TextItem, TimeRangeItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { CONFIRM_LABELS, PICKUP_LABELS } from './labels.ts';
import type { PackageFilterValues } from './search.ts';

/**
 * Package filters: package nos (bulk), the tracking no of an order inside, customer, consignee,
 * pickup status, confirm state and creation time. The page puts what is submitted into the URL.
 */
export function PackageFilters({
  value,
  onSearch,
}: {
  value: PackageFilterValues;
  onSearch: (values: PackageFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm
      value={value}
      onSearch={onSearch}
      label={t`Filter packages`}
      testId="package-filters"
      listKey="package"
      more={
        <>
          <TextItem name="consigneeName" label={t`Consignee`} maxLength={100} width={150} />
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
      <BulkNosItem name="nos" label={t`Package nos`} />
      <TextItem name="trackingNo" label={t`Tracking no`} ltr />
      <CustomerItem />
      <ChoiceItem name="pickupStatus" label={t`Pickup status`} labels={PICKUP_LABELS} strings />
      <TimeRangeItem label={t`Created`} />
    </FilterForm>
  );
}
