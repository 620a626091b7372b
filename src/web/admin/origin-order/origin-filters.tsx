import { useLingui } from '@lingui/react/macro';
import type { FormInstance } from 'antd';
import { ORIGIN_PLATFORMS, PLATFORM_NAMES } from '../../../shared/domain/origin-order.ts';
import {
  BulkNosItem,
  ChoiceItem,
  CustomerItem,
  MinuteRangeItem,
  OptionsItem,
} from '../kit/filter-fields.tsx';
import { FilterForm, type FilterFormValues, valuesOfRange } from '../kit/filter-form.tsx';
import { CONFIRM_LABELS, UPLOAD_LABELS } from './labels.ts';
import type { OriginFilterValues } from './search.ts';

export type OriginFilterForm = FilterFormValues<OriginFilterValues>;

/** The filters as the form holds them, as the URL keeps them (the creation time to the minute). */
export const fromForm = ({ range, ...rest }: OriginFilterForm): OriginFilterValues => ({
  ...rest,
  ...valuesOfRange(range, 'minutes', 'UTC'),
});

/**
 * Platform, platform order nos and tracking nos (bulk), customer and creation time (to the
 * minute); behind "More filters" the address checks and the upload; on the kit's filter form.
 */
export function OriginFilters({
  value,
  onSearch,
  form,
  listKey,
}: {
  value: OriginFilterValues;
  onSearch: (values: OriginFilterValues) => void;
  /** For a page that reads the filters as they stand (the export of foreignOrder/data). */
  form?: FormInstance<OriginFilterForm>;
  /** The list whose settings keep "More filters" open or closed. */
  listKey?: string;
}) {
  const { t } = useLingui();
  return (
    <FilterForm
      value={value}
      onSearch={onSearch}
      range="minutes"
      label={t`Filter foreign orders`}
      testId="origin-filters"
      listKey={listKey ?? 'origin-filters'}
      {...(form ? { form } : {})}
      more={
        <>
          <ChoiceItem
            name="receiverConfirm"
            label={t`Receiver address`}
            labels={CONFIRM_LABELS}
            width={140}
            strings
          />
          <ChoiceItem
            name="senderConfirm"
            label={t`Sender address`}
            labels={CONFIRM_LABELS}
            width={140}
            strings
          />
          <ChoiceItem name="uploadState" label={t`Upload`} labels={UPLOAD_LABELS} width={140} strings />
        </>
      }
    >
      <OptionsItem
        name="platform"
        label={t`Platform`}
        width={130}
        options={ORIGIN_PLATFORMS.map((p) => ({
          value: p,
          label: p === 'OTHER' ? t`Other` : PLATFORM_NAMES[p],
        }))}
      />
      <BulkNosItem name="platformOrderNos" label={t`Platform order nos`} />
      <BulkNosItem name="trackingNos" label={t`Tracking nos`} />
      <CustomerItem />
      <MinuteRangeItem label={t`Created`} />
    </FilterForm>
  );
}
