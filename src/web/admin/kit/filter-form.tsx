import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Flex, Form, type FormInstance, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { dayRangeTimes, rangeDays } from '../../../shared/domain/zoned-time.ts';
import { FilterNames } from './filter-names.tsx';
import { useListSettings } from './list-settings.ts';
import { useBusinessTimeZone } from './use-format.ts';

/** A list's filter values as the URL keeps them: the day range as two ISO instants. */
export interface RangeValues {
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** The same values as the form holds them: the day range as one range picker's pair of days. */
export type FilterFormValues<V extends RangeValues> = Omit<V, 'startTime' | 'endTime'> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** The URL's instants as the days they cover in the business time zone (the picker shows days). */
export function rangeOfTimes(startTime: string | undefined, endTime: string | undefined, timeZone: string) {
  if (!startTime && !endTime) return null;
  const [from, to] = rangeDays(startTime, endTime, timeZone);
  return [from ? dayjs(from) : null, to ? dayjs(to) : null] as [Dayjs | null, Dayjs | null];
}

/**
 * The days picked as the instants a list filters by: the first day from its first moment, the last
 * day whole (to the first moment of the next, exclusive), in the business time zone.
 */
export function timesOfRange(range: [Dayjs | null, Dayjs | null] | null | undefined, timeZone: string) {
  const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
  const { startTime, endTime } = dayRangeTimes(day(range?.[0]), day(range?.[1]), timeZone);
  return { startTime, endTime };
}

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
 * The filter form of every list screen: its most used fields side by side (wrapping), the others
 * behind "More filters" (open or closed as the person left it, with the count of those in use),
 * Search and Reset at the end. It shows the values of the URL (back, forward and links change
 * them: the form follows) and hands what is submitted to `onSearch`, which puts it into the URL.
 * Text is trimmed and an empty field means "all"; `defaults` fill the fields the URL leaves empty.
 */
export function FilterForm<V extends RangeValues>({
  value,
  defaults,
  onSearch,
  label,
  testId,
  listKey,
  more,
  children,
}: {
  value: V;
  defaults?: Partial<FilterFormValues<V>>;
  onSearch: (values: V) => void;
  /** The form's accessible name ("Filter lading bills"). */
  label: string;
  testId?: string;
  /** Names the list whose settings keep whether `more` is open (the list table's listKey). */
  listKey?: string;
  /** The filters used less often, shown on demand. */
  more?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const timeZone = useBusinessTimeZone();
  const [form] = Form.useForm<FilterFormValues<V>>();
  const [settings, change] = useListSettings(listKey ?? '');
  const names = useRef(new Set<string>());
  const [moreNames, setMoreNames] = useState<string[]>([]);
  // The fields of `more` name themselves as they render, after this form: take their names then.
  useEffect(() => {
    const now = [...names.current].sort();
    if (now.join() !== moreNames.join()) setMoreNames(now);
  });
  const { startTime, endTime, ...rest } = value;
  const shown: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries({ ...rest, range: rangeOfTimes(startTime, endTime, timeZone) }))
    if (v !== undefined && v !== null) shown[k] = v;
  useFormFollows(form, shown as FilterFormValues<V>);
  const open = settings.filtersOpen ?? false;
  const inUse = moreNames.filter((n) => shown[n] !== undefined && shown[n] !== '').length;

  const submit = ({ range, ...fields }: FilterFormValues<V>) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) {
      const text = typeof v === 'string' ? v.trim() : v;
      if (text !== '' && text !== null) out[k] = text;
    }
    onSearch({ ...out, ...timesOfRange(range, timeZone) } as V);
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} aria-label={label} data-testid={testId}>
      <Flex wrap gap="0 16px" align="flex-end">
        {children}
        {more && (
          <FilterNames names={names.current}>
            <div
              style={{ display: open ? 'contents' : 'none' }}
              data-testid={testId ? `${testId}-more-fields` : undefined}
            >
              {more}
            </div>
          </FilterNames>
        )}
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
            {more && (
              <Badge count={open ? 0 : inUse} size="small">
                <Button
                  type="link"
                  icon={open ? <UpOutlined /> : <DownOutlined />}
                  aria-expanded={open}
                  data-testid={testId ? `${testId}-more` : undefined}
                  onClick={() => change({ filtersOpen: !open })}
                >
                  {open ? t`Fewer filters` : t`More filters`}
                </Button>
              </Badge>
            )}
          </Space>
        </Form.Item>
      </Flex>
    </Form>
  );
}
