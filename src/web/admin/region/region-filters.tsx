import { useLingui } from '@lingui/react/macro';
import { ChoiceItem, StatusItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { LEVEL_LABELS, REGION_STATUS_LABELS } from './labels.ts';
import type { RegionSearch } from './search.ts';

export type RegionFilterValues = Pick<RegionSearch, 'keyword' | 'level' | 'status'>;

/** Code or name, level and status, on the kit's filter form; the page puts them into the URL. */
export function RegionFilters({
  value,
  onSearch,
  onReset,
}: {
  value: RegionFilterValues;
  onSearch: (values: RegionFilterValues) => void;
  /** Leaves the region opened in the tree as well. */
  onReset: () => void;
}) {
  const { t } = useLingui();
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter regions`} onReset={onReset}>
      <TextItem name="keyword" label={t`Code or name`} maxLength={100} />
      <ChoiceItem name="level" label={t`Level`} labels={LEVEL_LABELS} width={120} />
      <StatusItem labels={REGION_STATUS_LABELS} />
    </FilterForm>
  );
}
