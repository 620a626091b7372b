import { useLingui } from '@lingui/react/macro';
import { PRINT_KINDS, type PrinterOption } from '../../../shared/contract/printer.ts';
import { OptionsItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm, type RangeValues } from '../kit/filter-form.tsx';
import { PRINT_KIND_LABELS, PRINT_STATUS_LABELS } from '../shared/print-status-tag.tsx';
import type { PrintsSearch } from './prints-search.ts';

export type PrintsFilterValues = Pick<PrintsSearch, 'printerId' | 'status' | 'kind' | 'trackingNo'> &
  RangeValues;

/** Tracking no, printer, what and status, on the kit's filter form; the page puts them into the URL. */
export function PrintsFilters({
  value,
  printers,
  onSearch,
}: {
  value: PrintsFilterValues;
  printers: readonly PrinterOption[];
  onSearch: (values: PrintsFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter prints`}>
      <TextItem name="trackingNo" label={t`Tracking no`} />
      <OptionsItem
        name="printerId"
        label={t`Printer`}
        width={180}
        options={printers.map((p) => ({ value: p.recId, label: p.name }))}
      />
      <OptionsItem
        name="kind"
        label={t`What`}
        width={140}
        options={PRINT_KINDS.map((k) => ({ value: k, label: i18n._(PRINT_KIND_LABELS[k]) }))}
      />
      <OptionsItem
        name="status"
        label={t`Status`}
        width={160}
        options={Object.entries(PRINT_STATUS_LABELS).map(([v, label]) => ({
          value: Number(v),
          label: i18n._(label),
        }))}
      />
    </FilterForm>
  );
}
