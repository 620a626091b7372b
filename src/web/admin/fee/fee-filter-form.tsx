import { useLingui } from '@lingui/react/macro';
import { Flex, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import {
  ChannelFilter,
  CountryFilter,
  CustomerFilter,
  FilterActions,
  RangeFilter,
} from '../system/filter-fields.tsx';

interface Values {
  startTime?: string | undefined;
  endTime?: string | undefined;
}
type FormValues<V> = Omit<V, 'startTime' | 'endTime'> & { range?: [Dayjs | null, Dayjs | null] | null };

/**
 * The filter form both fee lists share: tracking nos (pasted, one a line or separated by commas),
 * customer, channel, destination and a time range, plus the list's own fields (`children`, items
 * named after the values). It follows the URL's values and hands what is submitted to `onSearch`.
 */
export function FeeFilterForm<V extends Values>({
  value,
  defaults,
  onSearch,
  label,
  timeLabel,
  testId,
  children,
}: {
  value: V;
  /** Values the form shows when the URL has none (e.g. pending). */
  defaults?: Partial<V>;
  onSearch: (values: V) => void;
  label: string;
  timeLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const [form] = Form.useForm<FormValues<V>>();
  const key = JSON.stringify(value);

  // Back, forward and links change the URL: the form follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`, which is a new object each render
  useEffect(() => {
    const { startTime, endTime, ...rest } = value;
    form.resetFields();
    form.setFieldsValue({
      ...defaults,
      ...rest,
      range:
        startTime || endTime ? [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] : null,
    } as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, key]);

  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={label}
      data-testid={testId}
      onFinish={({ range, ...rest }) =>
        onSearch({
          ...rest,
          startTime: range?.[0]?.toISOString(),
          endTime: range?.[1]?.toISOString(),
        } as unknown as V)
      }
    >
      <Flex wrap gap="0 16px" align="flex-end">
        <Form.Item name="trackingNos" label={t`Tracking nos`}>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            style={{ inlineSize: 220 }}
            placeholder={t`One a line, or separated by commas`}
            dir="ltr"
          />
        </Form.Item>
        <CustomerFilter />
        <ChannelFilter />
        <CountryFilter />
        {children}
        <RangeFilter label={timeLabel} />
        <FilterActions
          onReset={() => {
            form.resetFields();
            onSearch({} as V);
          }}
        />
      </Flex>
    </Form>
  );
}
