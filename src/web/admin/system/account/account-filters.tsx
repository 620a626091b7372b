import { useLingui } from '@lingui/react/macro';
import type { AccountOptions } from '../../../../shared/contract/system.ts';
import { ChoiceItem, OptionsItem, StatusItem, TextItem } from '../../kit/filter-fields.tsx';
import { FilterForm } from '../../kit/filter-form.tsx';
import { ACCOUNT_TYPE_LABELS } from '../labels.ts';
import type { AccountSearch } from '../search.ts';

export type AccountFilterValues = Pick<AccountSearch, 'username' | 'type' | 'status' | 'customerId'>;

/** Username, account type, status and customer, on the kit's filter form; the page puts them into the URL. */
export function AccountFilters({
  value,
  customers,
  onSearch,
}: {
  value: AccountFilterValues;
  customers: AccountOptions['customers'];
  onSearch: (values: AccountFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter accounts`}>
      <TextItem name="username" label={t`Username`} width={160} />
      <ChoiceItem name="type" label={t`Account type`} labels={ACCOUNT_TYPE_LABELS} />
      <StatusItem />
      <OptionsItem
        name="customerId"
        label={t`Customer`}
        width={180}
        search
        options={customers.map((c) => ({ value: c.recId, label: c.name }))}
      />
    </FilterForm>
  );
}
