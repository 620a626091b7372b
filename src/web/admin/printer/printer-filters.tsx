import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import type { DepotRecord } from '../../../shared/contract/depot.ts';
import { STATUS_LABELS } from '../system/labels.ts';
import type { PrinterSearch } from './search.ts';

export type PrinterFilterValues = Pick<PrinterSearch, 'name' | 'depotId' | 'status'>;

/** Name or address, warehouse and status; the page puts what is submitted into the URL. */
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
  const [form] = Form.useForm<PrinterFilterValues>();
  const { name, depotId, status } = value;

  useEffect(() => {
    form.setFieldsValue({ name, depotId, status });
  }, [form, name, depotId, status]);

  return (
    <Form form={form} layout="inline" onFinish={onSearch} aria-label={t`Filter printers`}>
      <Form.Item name="name" label={t`Name or address`}>
        <Input allowClear maxLength={64} style={{ inlineSize: 180 }} />
      </Form.Item>
      <Form.Item name="depotId" label={t`Warehouse`}>
        <Select
          allowClear
          style={{ inlineSize: 180 }}
          placeholder={t`All`}
          options={depots.map((d) => ({ value: d.recId, label: `${d.code} ${d.name}` }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t`Status`}>
        <Select
          allowClear
          style={{ inlineSize: 110 }}
          placeholder={t`All`}
          options={Object.entries(STATUS_LABELS).map(([v, label]) => ({
            value: Number(v),
            label: i18n._(label),
          }))}
        />
      </Form.Item>
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
