import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import type { CarrierOption } from '../../../shared/contract/carrier.ts';
import { SEGMENTS, SERVICE_TYPES } from '../../../shared/domain/segments.ts';
import { STATUS_LABELS } from '../kit/labels.ts';
import { localNamedOptions } from '../kit/text.ts';
import { SEGMENT_LABELS, SERVICE_TYPE_LABELS } from './labels.ts';
import type { ChannelSearch } from './search.ts';

export type ChannelFilterValues = Omit<ChannelSearch, 'pageNo' | 'pageSize'>;

/** Code, name, service type, segment, carrier and status; the page puts what is submitted into the URL. */
export function ChannelFilters({
  value,
  carriers,
  onSearch,
}: {
  value: ChannelFilterValues;
  carriers: readonly CarrierOption[];
  onSearch: (values: ChannelFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<ChannelFilterValues>();
  const { code, name, status, carrierId, serviceType, segment } = value;

  // Back, forward and links change the URL: the form follows.
  useEffect(() => {
    form.setFieldsValue({ code, name, status, carrierId, serviceType, segment });
  }, [form, code, name, status, carrierId, serviceType, segment]);

  return (
    <Form form={form} layout="inline" onFinish={onSearch} aria-label={t`Filter shipping channels`}>
      <Form.Item name="code" label={t`Code`}>
        <Input allowClear maxLength={32} style={{ inlineSize: 130 }} />
      </Form.Item>
      <Form.Item name="name" label={t`Name`}>
        <Input allowClear maxLength={100} style={{ inlineSize: 160 }} />
      </Form.Item>
      <Form.Item name="serviceType" label={t`Service type`}>
        <Select
          allowClear
          style={{ inlineSize: 170 }}
          placeholder={t`All`}
          options={SERVICE_TYPES.map((v) => ({ value: v, label: i18n._(SERVICE_TYPE_LABELS[v]) }))}
        />
      </Form.Item>
      <Form.Item name="segment" label={t`Segment`}>
        <Select
          allowClear
          style={{ inlineSize: 150 }}
          placeholder={t`All`}
          options={SEGMENTS.map((v) => ({ value: v, label: i18n._(SEGMENT_LABELS[v]!) }))}
        />
      </Form.Item>
      <Form.Item name="carrierId" label={t`Carrier`}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ inlineSize: 180 }}
          placeholder={t`All`}
          options={localNamedOptions(carriers, i18n.locale)}
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
