import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Flex, Form, type FormInstance, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { dayRangeTimes, rangeDays } from '../../../shared/domain/zoned-time.ts';
import { FilterNames } from './filter-names.tsx';
import { useListSettings } from './list-settings.ts';
import { useBusinessTimeZone } from './use-format.ts';

/**
 * A list's filter values as the URL keeps them: the range as two ISO instants (`startTime`,
 * `endTime`), or, for a report of business dates, as two days (`startDate`, `endDate`).
 */
export interface RangeValues {
  startTime?: string | undefined;
  endTime?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** The same values as the form holds them: the range as one range picker's pair. */
export type FilterFormValues<V extends object> = Omit<V, keyof RangeValues> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

/**
 * What the form's `range` is in the URL:
 * - `days` (the default): whole days in the business time zone, as `startTime` and `endTime`
 *   instants (the first moment of the first day, the first moment after the last);
 * - `dates`: business dates, both included, as `startDate` and `endDate` (YYYY-MM-DD: reports);
 * - `minutes`: a range picked with hours and minutes (MinuteRangeItem), as `startTime` and
 *   `endTime` instants.
 */
export type RangeKind = 'days' | 'dates' | 'minutes';

const DAY = 'YYYY-MM-DD';

/** The URL's range as the picker's pair, after its kind. */
export function rangeOfValues(v: RangeValues, kind: RangeKind, timeZone: string) {
  if (kind === 'days') return rangeOfTimes(v.startTime, v.endTime, timeZone);
  const [from, to] = kind === 'dates' ? [v.startDate, v.endDate] : [v.startTime, v.endTime];
  if (!from && !to) return null;
  return [from ? dayjs(from) : null, to ? dayjs(to) : null] as [Dayjs | null, Dayjs | null];
}

/** The picker's pair as the URL's range, after its kind. */
export function valuesOfRange(
  range: [Dayjs | null, Dayjs | null] | null | undefined,
  kind: RangeKind,
  timeZone: string,
): RangeValues {
  if (kind === 'days') return timesOfRange(range, timeZone);
  if (kind === 'dates') return { startDate: range?.[0]?.format(DAY), endDate: range?.[1]?.format(DAY) };
  return { startTime: range?.[0]?.toISOString(), endTime: range?.[1]?.toISOString() };
}

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
 * Its `range` field is turned into the URL's range after `range` (RangeKind). A screen that reads
 * the filters as they stand (an export of what the form shows) passes its own `form`.
 */
export function FilterForm<V extends object>({
  value,
  defaults,
  onSearch,
  label,
  testId,
  listKey,
  more,
  range = 'days',
  form: given,
  onReset,
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
  range?: RangeKind;
  form?: FormInstance<FilterFormValues<V>>;
  /** What Reset does beyond emptying the fields; a search with no filters if not given. */
  onReset?: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const timeZone = useBusinessTimeZone();
  const [form] = Form.useForm<FilterFormValues<V>>(given);
  const [settings, change] = useListSettings(listKey ?? '');
  const names = useRef(new Set<string>());
  const [moreNames, setMoreNames] = useState<string[]>([]);
  // The fields of `more` name themselves as they render, after this form: take their names then.
  useEffect(() => {
    const now = [...names.current].sort();
    if (now.join() !== moreNames.join()) setMoreNames(now);
  });
  const { startTime, endTime, startDate, endDate, ...rest } = value as V & RangeValues;
  const shown: Record<string, unknown> = { ...defaults };
  const picked = rangeOfValues({ startTime, endTime, startDate, endDate }, range, timeZone);
  for (const [k, v] of Object.entries({ ...rest, range: picked }))
    if (v !== undefined && v !== null) shown[k] = v;
  useFormFollows(form, shown as FilterFormValues<V>);
  const open = settings.filtersOpen ?? false;
  const inUse = moreNames.filter((n) => shown[n] !== undefined && shown[n] !== '').length;

  const submit = ({ range: pair, ...fields }: FilterFormValues<V>) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) {
      const text = typeof v === 'string' ? v.trim() : v;
      if (text !== '' && text !== null) out[k] = text;
    }
    for (const [k, v] of Object.entries(valuesOfRange(pair, range, timeZone))) if (v) out[k] = v;
    onSearch(out as V);
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
                if (onReset) onReset();
                else onSearch({} as V);
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
