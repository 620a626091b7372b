import { AUDIT_ENTITIES } from '../../../../shared/domain/audit-entities.ts';
import { oneOf, type SearchOf, searchSchema, text, time } from '../../../ui/search-params.ts';
import { deskQueries } from '../../kit/desk-queries.ts';
import { compact, listSearchFields } from '../../kit/search.ts';
import { listSpec } from '../../kit/use-list-screen.ts';

/** Loaded with the desk, not the app's start-up (kit/desk-queries.ts). */
const auditModule = deskQueries(() => import('../../../api/queries/audit.ts'));

/** The audit log keeps its filters (who, what kind of record, which record, when) and page in the URL. */
export const auditSearch = searchSchema({
  ...listSearchFields(),
  actor: text(64),
  entity: oneOf(AUDIT_ENTITIES),
  recordId: text(64),
  startTime: time,
  endTime: time,
});
export type AuditSearch = SearchOf<typeof auditSearch>;
export type AuditFilterValues = Pick<AuditSearch, 'actor' | 'entity' | 'recordId' | 'startTime' | 'endTime'>;

export const auditFiltersOf = (s: AuditSearch): AuditFilterValues => ({
  actor: s.actor,
  entity: s.entity,
  recordId: s.recordId,
  startTime: s.startTime,
  endTime: s.endTime,
});

/** The filters as the server names them: the day range's instants are `from` and `to`. */
export const auditBodyOf = ({ startTime, endTime, ...rest }: AuditFilterValues) => ({
  ...rest,
  from: startTime,
  to: endTime,
});

/** The audit log: its request from the URL, read by the screen and loaded by its route. */
export const auditList = listSpec({
  filtersOf: auditFiltersOf,
  query: ({ pageNo, pageSize, ...filters }) =>
    auditModule().auditQueries.list({ ...compact(auditBodyOf(filters)), pageNo, pageSize }),
});
