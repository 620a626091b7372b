import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import { customerQueries } from '../../api/queries/customer.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';

/**
 * The pickers list filters share, each a form item named as the list's request names it
 * (`customerId`, `channelId`, `countryId`), empty meaning all. Options come from the cached
 * picker queries, named in the UI language.
 */

export function CustomerFilter() {
  const { t } = useLingui();
  const customers = useQuery(customerQueries.picker()).data ?? [];
  return (
    <Form.Item name="customerId" label={t`Customer`}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ inlineSize: 200 }}
        placeholder={t`All`}
        options={customers.map((c) => ({ value: c.recId, label: `${c.name} (${c.code})` }))}
      />
    </Form.Item>
  );
}

/** Every channel, disabled ones included: old records keep theirs. */
export function ChannelFilter() {
  const { t, i18n } = useLingui();
  const channels = useQuery(shippingQueries.options(true)).data ?? [];
  return (
    <Form.Item name="channelId" label={t`Shipping channel`}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ inlineSize: 200 }}
        placeholder={t`All`}
        options={channels.map((c) => ({
          value: c.recId,
          label: `${i18n.locale === 'cn' ? c.name : c.nameEn || c.name} (${c.code})`,
        }))}
      />
    </Form.Item>
  );
}

export function CountryFilter() {
  const { t, i18n } = useLingui();
  const countries = useQuery(regionQueries.countries(i18n.locale)).data ?? [];
  return (
    <Form.Item name="countryId" label={t`Destination country`}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ inlineSize: 170 }}
        placeholder={t`All`}
        options={countries.map((c) => ({ value: c.recId, label: `${c.name} (${c.code})` }))}
      />
    </Form.Item>
  );
}

/** A time range to the minute, as the list filters take it (the form item `range`). */
export function RangeFilter({ label }: { label: string }) {
  return (
    <Form.Item name="range" label={label}>
      <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty />
    </Form.Item>
  );
}

/** Search (submits the form) and Reset (`onReset` clears the form and the URL's filters). */
export function FilterActions({ onReset }: { onReset: () => void }) {
  const { t } = useLingui();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t`Search`}
        </Button>
        <Button onClick={onReset}>{t`Reset`}</Button>
      </Space>
    </Form.Item>
  );
}
