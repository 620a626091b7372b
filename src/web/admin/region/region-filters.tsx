import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { LEVEL_LABELS, REGION_STATUS_LABELS } from './labels.ts';
import type { RegionSearch } from './search.ts';

export type RegionFilterValues = Pick<RegionSearch, 'keyword' | 'level' | 'status'>;

/** Code or name, level and status; the page puts what is submitted into the URL. */
export function RegionFilters({
  value,
  onSearch,
  onReset,
}: {
  value: RegionFilterValues;
  onSearch: (values: RegionFilterValues) => void;
  onReset: () => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<RegionFilterValues>();
  const { keyword, level, status } = value;

  // Back, forward and links change the URL: the form follows.
  useEffect(() => {
    form.setFieldsValue({ keyword, level, status });
  }, [form, keyword, level, status]);

  const choices = (labels: typeof LEVEL_LABELS) =>
    Object.entries(labels).map(([v, label]) => ({ value: Number(v), label: i18n._(label) }));

  return (
    <Form form={form} layout="inline" onFinish={onSearch} aria-label={t`Filter regions`}>
      <Form.Item name="keyword" label={t`Code or name`}>
        <Input allowClear maxLength={100} style={{ inlineSize: 180 }} />
      </Form.Item>
      <Form.Item name="level" label={t`Level`}>
        <Select allowClear style={{ inlineSize: 120 }} placeholder={t`All`} options={choices(LEVEL_LABELS)} />
      </Form.Item>
      <Form.Item name="status" label={t`Status`}>
        <Select
          allowClear
          style={{ inlineSize: 110 }}
          placeholder={t`All`}
          options={choices(REGION_STATUS_LABELS)}
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
            onReset();
          }}
        >
          {t`Reset`}
        </Button>
      </Form.Item>
    </Form>
  );
}
