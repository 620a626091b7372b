import { useLingui } from '@lingui/react/macro';
import type { SigningCompany } from '../../../shared/contract/customer.ts';
import { OptionsItem, StatusItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import type { CustomerSearch } from './search.ts';

export type CustomerFilterValues = Pick<CustomerSearch, 'code' | 'name' | 'status' | 'signingCompanyId'>;

/** Code, name, status and signing company, on the kit's filter form; the page puts them into the URL. */
export function CustomerFilters({
  value,
  companies,
  onSearch,
}: {
  value: CustomerFilterValues;
  companies: readonly SigningCompany[];
  onSearch: (values: CustomerFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter customers`}>
      <TextItem name="code" label={t`Customer code`} maxLength={20} width={130} />
      <TextItem name="name" label={t`Name`} maxLength={100} width={170} />
      <OptionsItem
        name="signingCompanyId"
        label={t`Signing company`}
        width={220}
        search
        options={companies.map((c) => ({ value: c.recId, label: c.name }))}
      />
      <StatusItem />
    </FilterForm>
  );
}
