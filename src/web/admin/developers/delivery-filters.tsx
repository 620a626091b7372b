import { useLingui } from '@lingui/react/macro';
import type { WebhookRecord } from '../../../shared/contract/webhook.ts';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_TYPES } from '../../../shared/domain/webhooks.ts';
import { OptionsItem } from '../kit/filter-fields.tsx';
import { FilterForm, type RangeValues } from '../kit/filter-form.tsx';
import { DELIVERY_STATE_LABELS } from './labels.ts';
import type { DevelopersSearch } from './search.ts';

export type DeliveryFilterValues = Pick<DevelopersSearch, 'endpointId' | 'type' | 'state'> & RangeValues;

/** The deliveries of one endpoint, one event type, one state, on the kit's filter form. */
export function DeliveryFilters({
  value,
  endpoints,
  onSearch,
}: {
  value: DeliveryFilterValues;
  endpoints: readonly WebhookRecord[];
  onSearch: (values: DeliveryFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter deliveries`}>
      <OptionsItem
        name="endpointId"
        label={t`Endpoint`}
        width={320}
        options={endpoints.map((e) => ({ value: e.recId, label: e.url }))}
      />
      <OptionsItem
        name="type"
        label={t`Event`}
        width={200}
        options={WEBHOOK_TYPES.map((e) => ({ value: e, label: e }))}
      />
      <OptionsItem
        name="state"
        label={t`Status`}
        width={130}
        options={WEBHOOK_DELIVERY_STATES.map((s) => ({ value: s, label: i18n._(DELIVERY_STATE_LABELS[s]) }))}
      />
    </FilterForm>
  );
}
