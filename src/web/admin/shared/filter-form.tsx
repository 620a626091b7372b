import { SearchOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Flex, Form, type FormInstance, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect } from 'react';

/** A list's filter values as the URL keeps them: the time range as two ISO instants. */
export interface RangeValues {
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** The same values as the form holds them: the time range as one range picker's pair. */
export type FilterFormValues<V extends RangeValues> = Omit<V, 'startTime' | 'endTime'> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

const toForm = <V extends RangeValues>({ startTime, endTime, ...rest }: V) => ({
  ...rest,
  range: startTime || endTime ? [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] : null,
});

/** Text is trimmed and an empty field means "all", so it leaves the URL. */
const fromForm = <V extends RangeValues>({ range, ...rest }: FilterFormValues<V>): V => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value !== '' && value !== null) out[k] = value;
  }
  return { ...out, startTime: range?.[0]?.toISOString(), endTime: range?.[1]?.toISOString() } as V;
};

/** Back, forward and links change the URL: the form shows its values again whenever they change. */
export function useFormFollows<V>(form: FormInstance<V>, values: V) {
  const key = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `values`, a new object each render
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, key]);
}

/**
 * The filter form of every list screen: its fields side by side (wrapping), Search and Reset at the
 * end. It shows the values of the URL (back, forward and links change
 * them: the form follows) and hands what is submitted to `onSearch`, which puts it into the URL.
 * `defaults` fill the fields the URL leaves empty.
 */
export function FilterForm<V extends RangeValues>({
  value,
  defaults,
  onSearch,
  label,
  testId,
  children,
}: {
  value: V;
  defaults?: Partial<FilterFormValues<V>>;
  onSearch: (values: V) => void;
  /** The form's accessible name ("Filter lading bills"). */
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const [form] = Form.useForm<FilterFormValues<V>>();
  const shown: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(toForm(value))) if (v !== undefined) shown[k] = v;
  useFormFollows(form, shown as FilterFormValues<V>);

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => onSearch(fromForm<V>(v))}
      aria-label={label}
      data-testid={testId}
    >
      <Flex wrap gap="0 16px" align="flex-end">
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t`Search`}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onSearch({} as V);
              }}
            >
              {t`Reset`}
            </Button>
          </Space>
        </Form.Item>
      </Flex>
    </Form>
  );
}
