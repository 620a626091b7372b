import { useLingui } from '@lingui/react/macro';
import {
  ABNORMAL_KIND_NAMES,
  ABNORMAL_STATE_NAMES,
  DEPARTMENT_NAMES,
} from '../../../shared/domain/order-abnormal.ts';
import {
  ChoiceItem,
  CustomerItem,
  OptionsItem,
  TimeRangeItem,
  TrackingNosItem,
} from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { type AbnormalFilterValues, DEFAULT_HANDLING } from './search.ts';

/** Kind, handling state, responsible department, customer, tracking nos and when the mark was made. */
export function AbnormalFilters({
  value,
  onSearch,
}: {
  value: AbnormalFilterValues;
  onSearch: (values: AbnormalFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <FilterForm
      value={value}
      defaults={{ state: DEFAULT_HANDLING }}
      onSearch={onSearch}
      label={t`Filter abnormal orders`}
    >
      <TrackingNosItem />
      <ChoiceItem name="kind" label={t`Abnormal kind`} labels={ABNORMAL_KIND_NAMES} width={170} />
      <OptionsItem
        name="state"
        label={t`Handling`}
        width={130}
        required
        options={[
          { value: '-1', label: t`All` },
          ...Object.entries(ABNORMAL_STATE_NAMES).map(([v, d]) => ({ value: v, label: i18n._(d) })),
        ]}
      />
      <ChoiceItem name="department" label={t`Responsible department`} labels={DEPARTMENT_NAMES} width={170} />
      <CustomerItem />
      <TimeRangeItem label={t`Marked`} />
    </FilterForm>
  );
}
