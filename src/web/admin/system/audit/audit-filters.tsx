import { useLingui } from '@lingui/react/macro';
import { AUDIT_ENTITIES } from '../../../../shared/domain/audit-entities.ts';
import { AUDIT_ENTITY_LABELS } from '../../../../shared/i18n/audit-messages.ts';
import { OptionsItem, TextItem, TimeRangeItem } from '../../kit/filter-fields.tsx';
import { FilterForm } from '../../kit/filter-form.tsx';
import type { AuditFilterValues } from './search.ts';

/** Who made the change (part of the username), what kind of record, which record, and when. */
export function AuditFilters({
  value,
  onSearch,
}: {
  value: AuditFilterValues;
  onSearch: (values: AuditFilterValues) => void;
}) {
  const { t, i18n } = useLingui();
  const entities = AUDIT_ENTITIES.map((e) => ({ value: e, label: i18n._(AUDIT_ENTITY_LABELS[e]) }));
  return (
    <FilterForm value={value} onSearch={onSearch} label={t`Filter the audit log`} testId="audit-filters">
      <TextItem name="actor" label={t`Who`} />
      <OptionsItem
        name="entity"
        label={t({ message: `What`, context: `audit record kind` })}
        options={entities}
        width={220}
        search
      />
      <TextItem name="recordId" label={t`Record id`} width={140} ltr />
      <TimeRangeItem label={t`Time`} />
    </FilterForm>
  );
}
