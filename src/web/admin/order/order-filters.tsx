import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { orderQueries } from '../../api/queries/order.ts';
import {
  BulkNosItem,
  CarrierItem,
  ChannelItem,
  ChoiceItem,
  CountryItem,
  CustomerItem,
  OptionsItem,
  TextItem,
  TimeBasisRangeItem,
  TrackingNosItem,
  YesNoItem,
} from '../kit/filter-fields.tsx';
import { FilterForm } from '../kit/filter-form.tsx';
import { CHECK_LABELS, INTERCEPT_LABELS, PAYMENT_LABELS } from '../shared/order-labels.ts';
import type { OrderFilterValues } from './search.ts';

/**
 * Every field staff search orders by: bulk numbers (one a line, or separated by commas or spaces),
 * customer, channel, carrier, destination, status, check, payment, COD, interception, abnormal, and
 * a creation or arrival time range. The ones used most stay in view; the others are behind "More
 * filters". The page puts what is submitted into the URL.
 */
export function OrderFilters({
  value,
  onSearch,
}: {
  value: OrderFilterValues;
  onSearch: (values: OrderFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const statuses = useQuery(orderQueries.statuses(i18n.locale)).data ?? [];
  return (
    <FilterForm
      value={value}
      onSearch={onSearch}
      label={t`Filter orders`}
      testId="order-filters"
      listKey="order-staff"
      more={
        <>
          <BulkNosItem name="carrierTrackingNos" label={t`Carrier tracking nos`} />
          <CarrierItem label={t`Carrier`} />
          <CountryItem label={t`Destination country`} />
          <ChoiceItem name="checkStatus" label={t`Check status`} labels={CHECK_LABELS} width={130} strings />
          <ChoiceItem name="payment" label={t`Payment`} labels={PAYMENT_LABELS} width={120} strings />
          <YesNoItem name="isCod" label={t`COD`} width={110} yes={t`COD orders`} no={t`Not COD`} />
          <ChoiceItem name="interceptState" label={t`Interception`} labels={INTERCEPT_LABELS} width={160} />
          <YesNoItem name="abnormal" label={t`Abnormal`} width={110} yes={t`Abnormal`} no={t`Normal`} />
          <TextItem name="consigneeName" label={t`Consignee`} maxLength={100} width={150} />
          <TextItem name="consigneePhone" label={t`Consignee phone`} maxLength={30} width={150} ltr />
        </>
      }
    >
      <TrackingNosItem />
      <BulkNosItem name="customerNos" label={t`Customer order nos`} />
      <CustomerItem />
      <ChannelItem label={t`Shipping channel`} />
      <OptionsItem
        name="status"
        label={t`Status`}
        width={140}
        options={statuses.map((s) => ({ value: s.value, label: s.label }))}
      />
      <TimeBasisRangeItem
        label={t`Time`}
        width={120}
        placeholder={t`Created`}
        bases={[
          { value: 'create', label: t`Created` },
          { value: 'arrival', label: t`Arrived` },
        ]}
      />
    </FilterForm>
  );
}
