import { useLingui } from '@lingui/react/macro';
import { Form } from 'antd';
import { useImportStatusOptions } from '../../ui/import-status.tsx';
import { OptionsItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { CustomerPicker } from './customer-picker.tsx';
import type { ImportRecordSearch } from './search.ts';

export type ImportRecordFilterValues = Pick<ImportRecordSearch, 'status' | 'fileName' | 'customerId'>;

/**
 * File name, import status and (staff) customer, on the kit's filter form; the page puts them
 * into the URL.
 */
export function ImportRecordFilters({
  value,
  staff,
  onSearch,
}: {
  value: ImportRecordFilterValues;
  staff: boolean;
  onSearch: (values: ImportRecordFilterValues) => void;
}) {
  const { t } = useLingui();
  const statusOptions = useImportStatusOptions();
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter imports`}>
      <TextItem name="fileName" label={t`Original file name`} maxLength={200} width={200} />
      <OptionsItem name="status" label={t`Import status`} width={140} options={statusOptions} />
      {staff && (
        <Form.Item name="customerId" label={t`Customer`}>
          <CustomerPicker />
        </Form.Item>
      )}
    </FilterForm>
  );
}
