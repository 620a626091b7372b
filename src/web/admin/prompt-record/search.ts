import { LIST_SORTS } from '../../../shared/domain/list-sort.ts';
import type { PromptListBody, PromptLogBody } from '../../api/queries/prompt-record.ts';
import { int, oneOf, type SearchOf, searchSchema, text, time } from '../../ui/search-params.ts';
import { listSearchFields } from '../kit/search.ts';

const yesNo = oneOf(['0', '1']);
const ID_MAX = 2_147_483_647;

/** The record filters both screens keep in the URL; a value that does not parse is dropped. */
const recordSearch = {
  ...listSearchFields([...LIST_SORTS.prompt, ...LIST_SORTS.promptLog]),
  trackingNos: text(20_000),
  customerId: int(1, ID_MAX),
  carrierId: int(1, ID_MAX),
  importId: int(1, ID_MAX),
  startTime: time,
  endTime: time,
};

/**
 * report/promptRecord: the tab (delivery records by default, return records, the import log) and
 * its filters and page; the log's own filters are its kind and status.
 */
export const promptRecordSearch = searchSchema({
  tab: oneOf(['return', 'log']),
  ...recordSearch,
  kind: int(1, 2),
  status: int(0, 3),
});
export type PromptRecordSearch = SearchOf<typeof promptRecordSearch>;

/** report/recallRecord: the returned orders, optionally only those the customer asked back. */
export const recallRecordSearch = searchSchema({ ...recordSearch, recalled: yesNo });
export type RecallRecordSearch = SearchOf<typeof recallRecordSearch>;

export type RecordFilterValues = Pick<
  PromptRecordSearch,
  'trackingNos' | 'customerId' | 'carrierId' | 'importId' | 'startTime' | 'endTime'
>;

/** A list's request filters from the URL's values. */
export const recordFiltersOf = (
  s: RecordFilterValues & { recalled?: '0' | '1' | undefined },
): Omit<PromptListBody, 'pageNo' | 'pageSize'> => ({
  trackingNos: s.trackingNos,
  customerId: s.customerId,
  carrierId: s.carrierId,
  importId: s.importId,
  startTime: s.startTime,
  endTime: s.endTime,
  intercepted: s.recalled === undefined ? undefined : s.recalled === '1',
});

export const logFiltersOf = (s: PromptRecordSearch): Omit<PromptLogBody, 'pageNo' | 'pageSize'> => ({
  kind: s.kind,
  status: s.status,
  startTime: s.startTime,
  endTime: s.endTime,
});
