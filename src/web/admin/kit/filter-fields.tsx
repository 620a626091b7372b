import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, type GetProps, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { carrierQueries } from '../../api/queries/carrier.ts';
import { customerQueries } from '../../api/queries/customer.ts';
import { customerOrderQueries } from '../../api/queries/customer-order.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingQueries } from '../../api/queries/shipping.ts';
import { useFilterName } from './filter-names.tsx';
import { STATUS_LABELS } from './labels.ts';
import { localNamedOptions, namedOptions } from './text.ts';

dayjs.extend(customParseFormat);

/**
 * The fields list filters are made of, each a Form.Item of a FilterForm: bulk numbers, a text, a
 * choice among translated labels, the master-data pickers and the day range (always `range`). Each
 * names itself to the form's section it is in (filter-names.tsx).
 */

interface ItemProps {
  name: string;
  label: string;
  /** On the field's control, for the end-to-end tests. */
  testId?: string;
}

/** Numbers pasted in bulk; the server splits them (the placeholder says how). */
export function BulkNosItem({
  name,
  label,
  placeholder,
  testId,
  ltr,
}: ItemProps & { placeholder?: string; ltr?: boolean }) {
  const { t } = useLingui();
  useFilterName(name);
  return (
    <Form.Item name={name} label={label}>
      <Input.TextArea
        autoSize={{ minRows: 1, maxRows: 4 }}
        style={{ inlineSize: 220 }}
        placeholder={placeholder ?? t`One a line, or separated by commas`}
        dir={ltr ? 'ltr' : 'auto'}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * The tracking nos pasted in bulk (`trackingNos`); `carriers`: the carriers' nos are looked up too
 * (the placeholder says so).
 */
export function TrackingNosItem({ carriers }: { carriers?: boolean }) {
  const { t } = useLingui();
  return (
    <BulkNosItem
      name="trackingNos"
      label={t`Tracking nos`}
      placeholder={carriers ? t`Ours or the carrier’s, one a line` : undefined}
    />
  );
}

export function TextItem({
  name,
  label,
  maxLength = 64,
  width = 180,
  ltr,
  placeholder,
  testId,
}: ItemProps & { maxLength?: number; width?: number; ltr?: boolean; placeholder?: string }) {
  useFilterName(name);
  return (
    <Form.Item name={name} label={label}>
      <Input
        allowClear
        maxLength={maxLength}
        style={{ inlineSize: width }}
        dir={ltr ? 'ltr' : undefined}
        placeholder={placeholder}
        data-testid={testId}
      />
    </Form.Item>
  );
}

type Option = { value: number | string; label: string };

function PickItem({
  name,
  label,
  options,
  width,
  search,
  required,
  testId,
}: ItemProps & { options: Option[]; width: number; search?: boolean; required?: boolean }) {
  const { t } = useLingui();
  useFilterName(name);
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear={!required}
        showSearch={search ? { optionFilterProp: 'label' } : undefined}
        style={{ inlineSize: width }}
        placeholder={t`All`}
        options={options}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * One of an enumeration's translated names (Lingui message descriptors by code); `strings` when
 * the URL keeps the code as a string (the form shows a value only when its type matches the
 * option's); `order` lists the codes in the order to offer them (all of them, by code, if not).
 */
export function ChoiceItem({
  labels,
  width = 150,
  strings,
  order,
  ...item
}: ItemProps & {
  labels: Record<number | string, MessageDescriptor>;
  width?: number;
  strings?: boolean;
  order?: readonly (number | string)[];
}) {
  const { i18n } = useLingui();
  const codes = order ? order.map(String) : Object.keys(labels);
  const options = codes.flatMap((v) => {
    const d = labels[v];
    return d ? [{ value: strings ? v : Number(v), label: i18n._(d) }] : [];
  });
  return <PickItem {...item} options={options} width={width} />;
}

/**
 * Enabled or disabled (`status`, the codes of Enabled), in the screen's own words when `labels`
 * gives them (a region's status), else the kit's.
 */
export function StatusItem({
  name = 'status',
  label,
  labels = STATUS_LABELS,
  width = 110,
}: Partial<ItemProps> & { labels?: Record<number, MessageDescriptor>; width?: number }) {
  const { t } = useLingui();
  return <ChoiceItem name={name} label={label ?? t`Status`} labels={labels} width={width} />;
}

/**
 * A choice of given options (yes/no and other two-way filters); `required` offers no clearing,
 * `search` lets one type to find an option of a long list.
 */
export function OptionsItem({
  options,
  width = 120,
  ...item
}: ItemProps & { options: Option[]; width?: number; required?: boolean; search?: boolean }) {
  return <PickItem {...item} options={options} width={width} />;
}

/**
 * A yes-or-no filter: `yes` is the value '1', `no` is '0' as the URL keeps them (`numbers`: 1 and
 * 0, for a URL that keeps a number).
 */
export function YesNoItem({
  yes,
  no,
  width = 120,
  numbers,
  ...item
}: ItemProps & { yes: string; no: string; width?: number; numbers?: boolean }) {
  const options = [
    { value: numbers ? 1 : '1', label: yes },
    { value: numbers ? 0 : '0', label: no },
  ];
  return <PickItem {...item} options={options} width={width} />;
}

/**
 * A shipping channel: every channel, disabled ones too; `orderable`: those the caller may order with
 * (a customer account's assigned ones), for screens customers see.
 */
export function ChannelItem({
  name = 'channelId',
  label,
  orderable,
  width = 200,
}: Partial<ItemProps> & { label: string; orderable?: boolean; width?: number }) {
  const { i18n } = useLingui();
  const all = useQuery({ ...shippingQueries.options(true), enabled: !orderable }).data;
  const mine = useQuery({ ...customerOrderQueries.channels(i18n.locale), enabled: orderable === true }).data;
  const options = localNamedOptions(orderable ? mine : all, i18n.locale);
  return <PickItem name={name} label={label} options={options} width={width} search />;
}

export function CarrierItem({ name = 'carrierId', label }: Partial<ItemProps> & { label: string }) {
  const carriers = useQuery(carrierQueries.options()).data ?? [];
  const options = carriers.map((c) => ({ value: c.recId, label: c.code }));
  return <PickItem name={name} label={label} options={options} width={160} search />;
}

export function CountryItem({ name = 'countryId', label }: Partial<ItemProps> & { label: string }) {
  const { i18n } = useLingui();
  const countries = useQuery(regionQueries.countries(i18n.locale)).data ?? [];
  const options = namedOptions(countries);
  return <PickItem name={name} label={label} options={options} width={170} search />;
}

/** A customer (`customerId`), labelled "Customer" unless `label` says otherwise. */
export function CustomerItem({ name = 'customerId', label }: Partial<ItemProps>) {
  const { t } = useLingui();
  const customers = useQuery(customerQueries.picker()).data ?? [];
  const options = namedOptions(customers);
  return <PickItem name={name} label={label ?? t`Customer`} options={options} width={200} search />;
}

/** The list's day range (the form's `range`; FilterForm turns it into startTime and endTime). */
export function TimeRangeItem({ label }: { label: string }) {
  useFilterName('range');
  return (
    <Form.Item name="range" label={label}>
      <DayRange />
    </Form.Item>
  );
}

/**
 * A range picked with hours and minutes (the form's `range`; a FilterForm with `range="minutes"`
 * turns it into startTime and endTime), for lists filtered to the minute.
 */
export function MinuteRangeItem({ label, required }: { label: string; required?: string }) {
  useFilterName('range');
  return (
    <Form.Item
      name="range"
      label={label}
      required={!!required}
      rules={required ? [{ required: true, message: required }] : undefined}
    >
      <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty />
    </Form.Item>
  );
}

/**
 * The day range with what it is a range of (creation, arrival …) chosen beside it, as one field:
 * the form's `timeBasis` and `range`.
 */
export function TimeBasisRangeItem({
  label,
  bases,
  width,
  placeholder,
}: {
  label: string;
  bases: Option[];
  width: number;
  placeholder?: string;
}) {
  const { t } = useLingui();
  useFilterName('timeBasis');
  useFilterName('range');
  return (
    <Form.Item label={label}>
      <Space.Compact>
        <Form.Item name="timeBasis" noStyle>
          <Select
            style={{ inlineSize: width }}
            placeholder={placeholder}
            aria-label={t`Time basis`}
            options={bases}
          />
        </Form.Item>
        <Form.Item name="range" noStyle>
          <DayRange />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * How a day may be typed: as the picker writes it, with slashes, or as eight digits. Year first
 * only, so no typed day means one thing in one language and another in the next.
 */
export const DAY_FORMATS = ['YYYY-MM-DD', 'YYYY/MM/DD', 'YYYYMMDD'];

/**
 * The range picker of whole days (the list includes the last day whole, in the business time
 * zone: FilterForm); a day may be typed as well as picked.
 */
export function DayRange({ value, onChange, onBlur, ...props }: GetProps<typeof DatePicker.RangePicker>) {
  return (
    <DatePicker.RangePicker
      format={DAY_FORMATS}
      allowEmpty
      value={value}
      onChange={onChange}
      onBlur={(e, info) => {
        onBlur?.(e, info);
        // The picker takes a typed day two frames after focus leaves it, which a quick click on
        // Search (or Enter) beats: the form would be read without it. Take what is typed now.
        const typed = typedDays(e.target, value);
        if (typed)
          onChange?.(typed, [typed[0]?.format(DAY_FORMATS[0]) ?? '', typed[1]?.format(DAY_FORMATS[0]) ?? '']);
      }}
      {...props}
    />
  );
}

type Days = [Dayjs | null, Dayjs | null];

/**
 * The days typed into a range picker's two fields (read from the picker around `field`), when they
 * differ from `value`; an empty or unreadable field keeps its day.
 */
export function typedDays(
  field: EventTarget,
  value: readonly (Dayjs | null | undefined)[] | null | undefined,
): Days | null {
  const inputs = (field as Element).closest?.('.ant-picker')?.querySelectorAll('input');
  if (inputs?.length !== 2) return null;
  const next: Days = [value?.[0] ?? null, value?.[1] ?? null];
  let changed = false;
  inputs.forEach((input, i) => {
    const text = input.value.trim();
    if (!text) return;
    const day = dayjs(text, DAY_FORMATS, true);
    if (day.isValid() && !next[i]?.isSame(day, 'day')) {
      next[i] = day;
      changed = true;
    }
  });
  return changed ? next : null;
}
