import { useLingui } from '@lingui/react/macro';
import type { RegionOption } from '../../../shared/contract/region.ts';
import { OptionsItem, StatusItem, TextItem, YesNoItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { namedOptions } from '../kit/text.ts';
import type { CarrierSearch } from './search.ts';

export type CarrierFilterValues = Pick<CarrierSearch, 'code' | 'name' | 'countryId' | 'status' | 'lastMile'>;

/** Code, name, country, status and last-mile, on the kit's filter form; the page puts them into the URL. */
export function CarrierFilters({
  value,
  countries,
  onSearch,
}: {
  value: CarrierFilterValues;
  countries: readonly RegionOption[];
  onSearch: (values: CarrierFilterValues) => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter carriers`}>
      <TextItem name="code" label={t`Code`} maxLength={20} width={120} />
      <TextItem name="name" label={t`Name`} maxLength={100} width={160} />
      <OptionsItem name="countryId" label={t`Country`} width={160} search options={namedOptions(countries)} />
      <YesNoItem name="lastMile" label={t`Last mile`} yes={t`Yes`} no={t`No`} width={110} numbers />
      <StatusItem />
    </FilterForm>
  );
}
