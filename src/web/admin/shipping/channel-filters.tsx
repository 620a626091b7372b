import { useLingui } from '@lingui/react/macro';
import type { CarrierOption } from '../../../shared/contract/carrier.ts';
import { SEGMENTS, SERVICE_TYPES } from '../../../shared/domain/segments.ts';
import { ChoiceItem, OptionsItem, StatusItem, TextItem } from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { localNamedOptions } from '../kit/text.ts';
import { SEGMENT_LABELS, SERVICE_TYPE_LABELS } from './labels.ts';
import type { ChannelSearch } from './search.ts';

export type ChannelFilterValues = Omit<ChannelSearch, 'pageNo' | 'pageSize'>;

/**
 * Code, name, service type, segment, carrier and status, on the kit's filter form; the page puts
 * them into the URL.
 */
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
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter shipping channels`} listKey="channels">
      <TextItem name="code" label={t`Code`} maxLength={32} width={130} />
      <TextItem name="name" label={t`Name`} maxLength={100} width={160} />
      <ChoiceItem
        name="serviceType"
        label={t`Service type`}
        labels={SERVICE_TYPE_LABELS}
        order={SERVICE_TYPES}
        width={170}
      />
      <ChoiceItem name="segment" label={t`Segment`} labels={SEGMENT_LABELS} order={SEGMENTS} width={150} />
      <OptionsItem
        name="carrierId"
        label={t`Carrier`}
        width={180}
        search
        options={localNamedOptions(carriers, i18n.locale)}
      />
      <StatusItem />
    </FilterForm>
  );
}
