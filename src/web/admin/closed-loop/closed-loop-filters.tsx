import { useLingui } from '@lingui/react/macro';
import {
  ChoiceItem,
  CustomerItem,
  TimeBasisRangeItem,
  TrackingNosItem,
  YesNoItem,
} from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { LOOP_STATE_LABELS } from './labels.ts';
import type { ClosedLoopFilterValues } from './search.ts';

type FormFilters = Omit<ClosedLoopFilterValues, 'timeBasis'> & { timeBasis?: 'create' | 'sign' | 'remit' };

/**
 * The closed-loop filters: tracking nos (ours or the carriers'), customer, closed or not, loop
 * state, payment, and a time range on the order's creation, its sign time or its remittance day.
 */
export function ClosedLoopFilters({
  value,
  onSearch,
}: {
  value: ClosedLoopFilterValues;
  onSearch: (values: ClosedLoopFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm<FormFilters>
      value={value}
      defaults={{ timeBasis: 'create' }}
      onSearch={({ timeBasis, ...rest }) =>
        onSearch({ ...rest, timeBasis: timeBasis === 'create' ? undefined : timeBasis })
      }
      label={t`Filter closed-loop data`}
    >
      <TrackingNosItem carriers />
      <CustomerItem />
      <YesNoItem name="closed" label={t`Closed`} width={140} yes={t`Closed`} no={t`Not closed`} />
      <ChoiceItem name="state" label={t`Loop state`} labels={LOOP_STATE_LABELS} width={200} />
      <YesNoItem name="payment" label={t`Payment`} yes={t`COD`} no={t`Prepaid`} />
      <TimeBasisRangeItem
        label={t`Time`}
        width={130}
        bases={[
          { value: 'create', label: t`Created` },
          { value: 'sign', label: t`Sign time` },
          { value: 'remit', label: t`Remittance date` },
        ]}
      />
    </FilterForm>
  );
}
