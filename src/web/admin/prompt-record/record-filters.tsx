import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { carrierQueries } from '../../api/queries/carrier.ts';
import {
  CustomerItem,
  OptionsItem,
  TimeRangeItem,
  TrackingNosItem,
  YesNoItem,
} from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { localNamedOptions } from '../kit/text.ts';
import type { RecordFilterValues } from './search.ts';

export type RecordFilters = RecordFilterValues & { recalled?: '0' | '1' | undefined };

/**
 * The filters of the confirmation lists: tracking nos (ours or the carriers'), customer, carrier,
 * the carrier's time (`timeLabel`: sign or return time) and, on the recall screen, whether the
 * customer asked the parcel back. The values come from the URL and go back to it on Search.
 */
export function RecordFilterForm({
  value,
  timeLabel,
  withRecalled,
  onSearch,
}: {
  value: RecordFilters;
  timeLabel: string;
  withRecalled?: boolean;
  onSearch: (values: RecordFilters) => void;
}) {
  const { t, i18n } = useLingui();
  const carriers = useQuery(carrierQueries.options()).data ?? [];
  const shown: RecordFilters = {
    trackingNos: value.trackingNos,
    customerId: value.customerId,
    carrierId: value.carrierId,
    recalled: value.recalled,
    startTime: value.startTime,
    endTime: value.endTime,
  };

  return (
    <FilterForm value={shown} onSearch={onSearch} label={t`Filter records`}>
      <TrackingNosItem carriers />
      <CustomerItem />
      <OptionsItem
        name="carrierId"
        label={t`Carrier`}
        width={180}
        search
        options={localNamedOptions(carriers, i18n.locale)}
      />
      {withRecalled && (
        <YesNoItem
          name="recalled"
          label={t`Recall requested`}
          width={180}
          yes={t`Asked back by the customer`}
          no={t`Returned by the carrier`}
        />
      )}
      <TimeRangeItem label={timeLabel} />
    </FilterForm>
  );
}
