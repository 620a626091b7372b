import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useImportStatusOptions } from '../../ui/import-status.tsx';
import { CustomerPicker } from './customer-picker.tsx';
import type { ImportRecordSearch } from './search.ts';

export type ImportRecordFilterValues = Pick<ImportRecordSearch, 'status' | 'fileName' | 'customerId'>;

/** File name, import status and (staff) customer; the page puts what is submitted into the URL. */
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
  const [form] = Form.useForm<ImportRecordFilterValues>();
  const statusOptions = useImportStatusOptions();
  const { status, fileName, customerId } = value;
  useEffect(() => {
    form.setFieldsValue({ status, fileName, customerId });
  }, [form, status, fileName, customerId]);

  return (
    <Form form={form} layout="inline" onFinish={onSearch} aria-label={t`Filter imports`}>
      <Form.Item name="fileName" label={t`Original file name`}>
        <Input allowClear maxLength={200} style={{ inlineSize: 200 }} />
      </Form.Item>
      <Form.Item name="status" label={t`Import status`}>
        <Select allowClear style={{ inlineSize: 140 }} placeholder={t`All`} options={statusOptions} />
      </Form.Item>
      {staff && (
        <Form.Item name="customerId" label={t`Customer`}>
          <CustomerPicker />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t`Search`}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t`Reset`}
        </Button>
      </Form.Item>
    </Form>
  );
}
