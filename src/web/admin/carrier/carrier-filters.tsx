import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import type { RegionOption } from '../../../shared/contract/region.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { namedOptions } from '../kit/text.ts';
import type { CarrierSearch } from './search.ts';

export type CarrierFilterValues = Pick<CarrierSearch, 'code' | 'name' | 'countryId' | 'status' | 'lastMile'>;

/** Code, name, country, status and last-mile; the page puts what is submitted into the URL. */
export function CarrierFilters({
  value,
  countries,
  onSearch,
}: {
  value: CarrierFilterValues;
  countries: readonly RegionOption[];
  onSearch: (values: CarrierFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<CarrierFilterValues>();
  const { code, name, countryId, status, lastMile } = value;

  // Back, forward and links change the URL: the form follows.
  useEffect(() => {
    form.setFieldsValue({ code, name, countryId, status, lastMile });
  }, [form, code, name, countryId, status, lastMile]);

  return (
    <Form form={form} layout="inline" onFinish={onSearch} aria-label={t`Filter carriers`}>
      <Form.Item name="code" label={t`Code`}>
        <Input allowClear maxLength={20} style={{ inlineSize: 120 }} />
      </Form.Item>
      <Form.Item name="name" label={t`Name`}>
        <Input allowClear maxLength={100} style={{ inlineSize: 160 }} />
      </Form.Item>
      <Form.Item name="countryId" label={t`Country`}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ inlineSize: 160 }}
          placeholder={t`All`}
          options={namedOptions(countries)}
        />
      </Form.Item>
      <Form.Item name="lastMile" label={t`Last mile`}>
        <Select
          allowClear
          style={{ inlineSize: 110 }}
          placeholder={t`All`}
          options={[
            { value: 1, label: t`Yes` },
            { value: 0, label: t`No` },
          ]}
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
