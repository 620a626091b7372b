import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, type FormInstance, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { ORIGIN_PLATFORMS, PLATFORM_NAMES } from '../../../shared/domain/origin-order.ts';
import { customerQueries } from '../../api/queries/customer.ts';
import { namedOptions } from '../kit/text.ts';
import { CONFIRM_LABELS, UPLOAD_LABELS } from './labels.ts';
import type { OriginFilterValues } from './search.ts';

export type OriginFilterForm = Omit<OriginFilterValues, 'startTime' | 'endTime'> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

const toForm = ({ startTime, endTime, ...rest }: OriginFilterValues): OriginFilterForm => ({
  ...rest,
  range: startTime || endTime ? [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] : null,
});

export const fromForm = ({ range, ...rest }: OriginFilterForm): OriginFilterValues => ({
  ...rest,
  startTime: range?.[0]?.toISOString(),
  endTime: range?.[1]?.toISOString(),
});

const bulk = { autoSize: { minRows: 1, maxRows: 4 }, style: { inlineSize: 220 } } as const;

/** Platform, platform order nos and tracking nos (bulk), customer, address checks, upload, creation time. */
export function OriginFilters({
  value,
  onSearch,
  form: given,
}: {
  value: OriginFilterValues;
  onSearch: (values: OriginFilterValues) => void;
  /** For a page that reads the filters as they stand (the export of foreignOrder/data). */
  form?: FormInstance<OriginFilterForm>;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<OriginFilterForm>(given);
  const customers = useQuery(customerQueries.picker()).data ?? [];
  const key = JSON.stringify(value);

  // Back, forward and links change the URL: the form follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`, which is a new object each render
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(value));
  }, [form, key]);

  const all = t`All`;
  const confirmOptions = Object.entries(CONFIRM_LABELS).map(([v, d]) => ({ value: v, label: i18n._(d) }));
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => onSearch(fromForm(v))}
      aria-label={t`Filter foreign orders`}
      data-testid="origin-filters"
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item name="platform" label={t`Platform`}>
          <Select
            allowClear
            style={{ inlineSize: 130 }}
            placeholder={all}
            options={ORIGIN_PLATFORMS.map((p) => ({
              value: p,
              label: p === 'OTHER' ? t`Other` : PLATFORM_NAMES[p],
            }))}
          />
        </Form.Item>
        <Form.Item name="platformOrderNos" label={t`Platform order nos`}>
          <Input.TextArea {...bulk} placeholder={t`One a line, or separated by commas`} />
        </Form.Item>
        <Form.Item name="trackingNos" label={t`Tracking nos`}>
          <Input.TextArea {...bulk} placeholder={t`One a line, or separated by commas`} />
        </Form.Item>
        <Form.Item name="customerId" label={t`Customer`}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ inlineSize: 200 }}
            placeholder={all}
            options={namedOptions(customers)}
          />
        </Form.Item>
        <Form.Item name="receiverConfirm" label={t`Receiver address`}>
          <Select allowClear style={{ inlineSize: 140 }} placeholder={all} options={confirmOptions} />
        </Form.Item>
        <Form.Item name="senderConfirm" label={t`Sender address`}>
          <Select allowClear style={{ inlineSize: 140 }} placeholder={all} options={confirmOptions} />
        </Form.Item>
        <Form.Item name="uploadState" label={t`Upload`}>
          <Select
            allowClear
            style={{ inlineSize: 140 }}
            placeholder={all}
            options={Object.entries(UPLOAD_LABELS).map(([v, d]) => ({ value: v, label: i18n._(d) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t`Created`}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t`Search`}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              {t`Reset`}
            </Button>
          </Flex>
        </Form.Item>
      </Flex>
    </Form>
  );
}
