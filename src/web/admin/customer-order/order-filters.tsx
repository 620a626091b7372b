import { useLingui } from '@lingui/react/macro';
import type { StatusOption } from '../../../shared/contract/order.ts';
import { BulkNosItem, OptionsItem, TimeRangeItem, YesNoItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import type { CustomerOrderSearch } from './search.ts';

export type OrderFilterValues = Pick<
  CustomerOrderSearch,
  'trackingNos' | 'customerNos' | 'status' | 'from' | 'to' | 'cod' | 'abnormal'
>;

/** The form's values: the creation days as the kit's dates (the URL keeps `from` and `to`). */
type FormValues = Omit<OrderFilterValues, 'from' | 'to'> & {
  startDate?: string | undefined;
  endDate?: string | undefined;
};

/**
 * Tracking nos and customer nos pasted in bulk (one a line, or separated by commas), status,
 * creation days (either end open) and, behind "More filters", COD and exceptions, on the kit's
 * filter form; the page puts them into the URL.
 */
export function OrderFilters({
  value,
  statuses,
  onSearch,
}: {
  value: OrderFilterValues;
  statuses: readonly StatusOption[];
  onSearch: (values: OrderFilterValues) => void;
}) {
  const { t } = useLingui();
  const { from, to, ...rest } = value;
  return (
    <FilterForm<FormValues>
      value={{ ...rest, startDate: from, endDate: to }}
      onSearch={({ startDate, endDate, ...fields }) => onSearch({ ...fields, from: startDate, to: endDate })}
      range="dates"
      label={t`Filter orders`}
      listKey="customer-orders"
      testId="customer-order-filters"
      more={
        <>
          <YesNoItem
            name="cod"
            label={t`Cash on delivery`}
            yes={t`COD orders`}
            no={t`Prepaid orders`}
            width={150}
            numbers
          />
          <YesNoItem
            name="abnormal"
            label={t`Exceptions`}
            yes={t`With an exception to act on`}
            no={t`Without exceptions`}
            width={230}
            numbers
            testId="filter-abnormal"
          />
        </>
      }
    >
      <BulkNosItem name="trackingNos" label={t`Tracking nos`} ltr testId="filter-tracking-nos" />
      <BulkNosItem name="customerNos" label={t`Customer order nos`} ltr testId="filter-customer-nos" />
      <OptionsItem
        name="status"
        label={t`Status`}
        width={150}
        options={statuses.map((s) => ({ value: s.value, label: s.label }))}
      />
      <TimeRangeItem label={t`Created`} />
    </FilterForm>
  );
}
