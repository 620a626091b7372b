import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import type { SigningCompany } from '../../../shared/contract/customer.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import type { CustomerSearch } from './search.ts';

export type CustomerFilterValues = Pick<CustomerSearch, 'code' | 'name' | 'status' | 'signingCompanyId'>;

/** Code, name, status and signing company; the page puts what is submitted into the URL. */
export function CustomerFilters({
  value,
  companies,
  onSearch,
}: {
  value: CustomerFilterValues;
  companies: readonly SigningCompany[];
  onSearch: (values: CustomerFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<CustomerFilterValues>();
  const { code, name, status, signingCompanyId } = value;

  // Back, forward and links change the URL: the form follows.
  useEffect(() => {
    form.setFieldsValue({ code, name, status, signingCompanyId });
  }, [form, code, name, status, signingCompanyId]);

  return (
    <Form form={form} layout="inline" onFinish={onSearch} aria-label={t`Filter customers`}>
      <Form.Item name="code" label={t`Customer code`}>
        <Input allowClear maxLength={20} style={{ inlineSize: 130 }} />
      </Form.Item>
      <Form.Item name="name" label={t`Name`}>
        <Input allowClear maxLength={100} style={{ inlineSize: 170 }} />
      </Form.Item>
      <Form.Item name="signingCompanyId" label={t`Signing company`}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ inlineSize: 220 }}
          placeholder={t`All`}
          options={companies.map((c) => ({ value: c.recId, label: c.name }))}
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
