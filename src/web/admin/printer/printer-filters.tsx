import { useLingui } from '@lingui/react/macro';
import type { DepotRecord } from '../../../shared/contract/depot.ts';
import { OptionsItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm, type RangeValues } from '../kit/filter-form.tsx';
import { STATUS_LABELS } from '../kit/labels.ts';
import type { PrinterSearch } from './search.ts';

export type PrinterFilterValues = Pick<PrinterSearch, 'name' | 'depotId' | 'status'> & RangeValues;

/** Name or address, warehouse and status, on the kit's filter form; the page puts them into the URL. */
export function PrinterFilters({
  value,
  depots,
  onSearch,
}: {
  value: PrinterFilterValues;
  depots: readonly DepotRecord[];
  onSearch: (values: PrinterFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter printers`}>
      <TextItem name="name" label={t`Name or address`} />
      <OptionsItem
        name="depotId"
        label={t`Warehouse`}
        width={180}
        options={depots.map((d) => ({ value: d.recId, label: `${d.code} ${d.name}` }))}
      />
      <OptionsItem
        name="status"
        label={t`Status`}
        width={110}
        options={Object.entries(STATUS_LABELS).map(([v, label]) => ({
          value: Number(v),
          label: i18n._(label),
        }))}
      />
    </FilterForm>
  );
}
