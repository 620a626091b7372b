import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import type { AccountOptions } from '../../../../shared/contract/system.ts';
import { STATUS_LABELS } from '../../kit/labels.ts';
import { ACCOUNT_TYPE_LABELS } from '../labels.ts';
import type { AccountSearch } from '../search.ts';

export type AccountFilterValues = Pick<AccountSearch, 'username' | 'type' | 'status' | 'customerId'>;

/** The account filters; the page puts what is submitted into the URL. */
export function AccountFilters({
  value,
  customers,
  onSearch,
}: {
  value: AccountFilterValues;
  customers: AccountOptions['customers'];
  onSearch: (values: AccountFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<AccountFilterValues>();
  const { username, type, status, customerId } = value;

  // Back, forward and links change the URL: the form follows.
  useEffect(() => {
    form.setFieldsValue({ username, type, status, customerId });
  }, [form, username, type, status, customerId]);

  const reset = () => {
    form.resetFields();
    onSearch({});
  };

  return (
    <Form form={form} layout="inline" onFinish={onSearch} aria-label={t`Filter accounts`}>
      <Form.Item name="username" label={t`Username`}>
        <Input allowClear maxLength={64} style={{ inlineSize: 160 }} />
      </Form.Item>
      <Form.Item name="type" label={t`Account type`}>
        <Select
          allowClear
          style={{ inlineSize: 150 }}
          placeholder={t`All`}
          options={Object.entries(ACCOUNT_TYPE_LABELS).map(([v, label]) => ({
            value: Number(v),
            label: i18n._(label),
          }))}
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
      <Form.Item name="customerId" label={t`Customer`}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ inlineSize: 180 }}
          placeholder={t`All`}
          options={customers.map((c) => ({ value: c.recId, label: c.name }))}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t`Search`}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={reset}>{t`Reset`}</Button>
      </Form.Item>
    </Form>
  );
}
