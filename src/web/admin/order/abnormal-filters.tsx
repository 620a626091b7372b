import { useLingui } from '@lingui/react/macro';
import { Flex, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import {
  ABNORMAL_KIND_NAMES,
  ABNORMAL_STATE_NAMES,
  DEPARTMENT_NAMES,
} from '../../../shared/domain/order-abnormal.ts';
import { CustomerFilter, FilterActions, RangeFilter } from '../system/filter-fields.tsx';
import { type AbnormalFilterValues, DEFAULT_HANDLING } from './search.ts';

type FormValues = Omit<AbnormalFilterValues, 'startTime' | 'endTime'> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** Kind, handling state, responsible department, customer, tracking nos and when the mark was made. */
export function AbnormalFilters({
  value,
  onSearch,
}: {
  value: AbnormalFilterValues;
  onSearch: (values: AbnormalFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [form] = Form.useForm<FormValues>();
  const key = JSON.stringify(value);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`, which is a new object each render
  useEffect(() => {
    const { startTime, endTime, ...rest } = value;
    form.resetFields();
    form.setFieldsValue({
      ...rest,
      state: rest.state ?? DEFAULT_HANDLING,
      range:
        startTime || endTime ? [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] : null,
    });
  }, [form, key]);

  const all = t`All`;
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={t`Filter abnormal orders`}
      onFinish={({ range, ...rest }) =>
        onSearch({ ...rest, startTime: range?.[0]?.toISOString(), endTime: range?.[1]?.toISOString() })
      }
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item name="trackingNos" label={t`Tracking nos`}>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            style={{ inlineSize: 220 }}
            placeholder={t`One a line, or separated by commas`}
          />
        </Form.Item>
        <Form.Item name="kind" label={t`Abnormal kind`}>
          <Select
            allowClear
            style={{ inlineSize: 170 }}
            placeholder={all}
            options={Object.entries(ABNORMAL_KIND_NAMES).map(([v, d]) => ({
              value: Number(v),
              label: i18n._(d),
            }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t`Handling`}>
          <Select
            style={{ inlineSize: 130 }}
            options={[
              { value: '-1', label: all },
              ...Object.entries(ABNORMAL_STATE_NAMES).map(([v, d]) => ({ value: v, label: i18n._(d) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="department" label={t`Responsible department`}>
          <Select
            allowClear
            style={{ inlineSize: 170 }}
            placeholder={all}
            options={Object.entries(DEPARTMENT_NAMES).map(([v, d]) => ({
              value: Number(v),
              label: i18n._(d),
            }))}
          />
        </Form.Item>
        <CustomerFilter />
        <RangeFilter label={t`Marked`} />
        <FilterActions
          onReset={() => {
            form.resetFields();
            onSearch({});
          }}
        />
      </Flex>
    </Form>
  );
}
